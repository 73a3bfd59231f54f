// Docusaurus prefetches the chunks of every internal link that scrolls into view, once per distinct URL: links to
// the same page with different #anchors each fetched the same chunks again, and on a phone the closed menu panel (out
// of sight, but not out of the viewport's geometry for IntersectionObserver) had every page of the area prefetched
// on each load (325 <link rel=prefetch> on the Account page, about 110 ms of main-thread work and some 20 pages of
// downloads). This keeps the feature for links a reader can see, once per page, when the browser is idle.
import type { ClientModule } from '@docusaurus/types';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** A page's path without its query and fragment: what the chunks to prefetch depend on. */
export function pagePath(routePath: string): string {
  return routePath.split(/[?#]/, 1)[0] ?? routePath;
}

/** The part of an element that `linkShown` reads (Element.checkVisibility is missing from older browsers). */
export interface AnchorLike {
  getAttribute(name: string): string | null;
  checkVisibility?: (options: { visibilityProperty: boolean; opacityProperty: boolean }) => boolean;
}

/**
 * True when one of `anchors` leads to the page `path` and is not hidden by `visibility` or `opacity` (the closed
 * phone menu is both, and sits just off-screen). Browsers without `checkVisibility` count every link as shown.
 */
export function linkShown(path: string, anchors: Iterable<AnchorLike>): boolean {
  for (const anchor of anchors) {
    const href = anchor.getAttribute('href');
    if (href === null || pagePath(href) !== path) continue;
    if (anchor.checkVisibility === undefined) return true;
    if (anchor.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
  }
  return false;
}

/**
 * Wraps `prefetch` so that each page is prefetched once, one page per idle period, and only while `shown(path)`
 * holds when its turn comes (a page skipped then can be asked for again, as the reader's hover or touch does).
 */
export function prefetchOncePerPage(
  prefetch: (routePath: string) => unknown,
  whenIdle: (run: () => void) => void,
  shown: (path: string) => boolean = () => true,
): (routePath: string) => false | Promise<void[]> {
  const requested = new Set<string>();
  const queue: string[] = [];
  let scheduled = false;
  // One page per idle period: Docusaurus adds a <link rel=prefetch> for each of the page's chunks (about 16), a few
  // milliseconds of work that a slow phone's CPU stretches fourfold; several at once would make a long task.
  const drain = (): void => {
    const next = queue.shift();
    if (next !== undefined) {
      if (shown(next)) prefetch(next);
      else requested.delete(next);
    }
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
    const shown = (path: string): boolean => linkShown(path, Array.from(document.querySelectorAll('a[href]')));
    win.docusaurus = { ...api, prefetch: prefetchOncePerPage(original, whenIdle, shown) };
  },
};

export default prefetchWhenIdle;
