// Docusaurus prefetches the chunks of every internal link that scrolls into view, once per distinct URL: links to
// the same page with different #anchors each fetched the same chunks again (325 <link rel=prefetch> on the Account
// page, about 110 ms of main-thread work during load). This keeps the feature, once per page, when the browser is idle.
import type { ClientModule } from '@docusaurus/types';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** A page's path without its query and fragment: what the chunks to prefetch depend on. */
export function pagePath(routePath: string): string {
  return routePath.split(/[?#]/, 1)[0] ?? routePath;
}

/** Wraps `prefetch` so that each page is prefetched once, one page per idle period. */
export function prefetchOncePerPage(
  prefetch: (routePath: string) => unknown,
  whenIdle: (run: () => void) => void,
): (routePath: string) => false | Promise<void[]> {
  const requested = new Set<string>();
  const queue: string[] = [];
  let scheduled = false;
  // One page per idle period: Docusaurus adds a <link rel=prefetch> for each of the page's chunks (about 16), a few
  // milliseconds of work that a slow phone's CPU stretches fourfold; several at once would make a long task.
  const drain = (): void => {
    const next = queue.shift();
    if (next !== undefined) prefetch(next);
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
    const whenIdle = (run: () => void): void => {
      if (win.requestIdleCallback) win.requestIdleCallback(run, { timeout: 3000 });
      else win.setTimeout(run, 200);
    };
    // Docusaurus freezes its object; Link reads window.docusaurus.prefetch at each call, so a copy takes its place.
    win.docusaurus = { ...api, prefetch: prefetchOncePerPage(original, whenIdle) };
  },
};

export default prefetchWhenIdle;
