// The prefetch that ./index.ts puts in place of Docusaurus's: each page once whatever its #anchor or query, one page
// per idle period, and only while a link to it can be seen. Plain functions of their inputs, tested without a browser
// (tests/unit/deferred.test.ts).

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
