// Docusaurus prefetches the chunks of every internal link that scrolls into view, once per distinct URL: links to
// the same page with different #anchors each fetched the same chunks again (325 <link rel=prefetch> on the Account
// page, about 110 ms of main-thread work during load). This keeps the feature, once per page, when the browser is idle.
import type { ClientModule } from '@docusaurus/types';

interface IdleDeadline {
  timeRemaining: () => number;
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: (deadline: IdleDeadline) => void, options?: { timeout: number }) => number;
};

/** A page's path without its query and fragment: what the chunks to prefetch depend on. */
export function pagePath(routePath: string): string {
  return routePath.split(/[?#]/, 1)[0] ?? routePath;
}

/** Wraps `prefetch` so that each page is prefetched once, a few at a time while the browser is idle. */
export function prefetchOncePerPage(
  prefetch: (routePath: string) => unknown,
  whenIdle: (run: (deadline: IdleDeadline) => void) => void,
): (routePath: string) => false | Promise<void[]> {
  const requested = new Set<string>();
  const queue: string[] = [];
  let scheduled = false;
  const drain = (deadline: IdleDeadline): void => {
    do {
      const next = queue.shift();
      if (next !== undefined) prefetch(next);
    } while (queue.length > 0 && deadline.timeRemaining() > 4);
    scheduled = queue.length > 0;
    if (scheduled) whenIdle(drain);
  };
  return (routePath) => {
    const path = pagePath(routePath);
    if (path === '' || requested.has(path)) return false;
    requested.add(path);
    queue.push(path);
    if (!scheduled) {
      scheduled = true;
      whenIdle(drain);
    }
    return Promise.resolve([]);
  };
}

let installed = false;

const prefetchWhenIdle: ClientModule = {
  onRouteDidUpdate() {
    const win = window as IdleWindow;
    if (installed || win.docusaurus === undefined) return;
    installed = true;
    const api = win.docusaurus;
    const original = api.prefetch.bind(api);
    const whenIdle = (run: (deadline: IdleDeadline) => void): void => {
      if (win.requestIdleCallback) win.requestIdleCallback(run, { timeout: 3000 });
      else win.setTimeout(() => run({ timeRemaining: () => 8 }), 200);
    };
    api.prefetch = prefetchOncePerPage(original, whenIdle);
  },
};

export default prefetchWhenIdle;
