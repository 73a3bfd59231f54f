// Docusaurus prefetches the chunks of every internal link that scrolls into view, once per distinct URL: links to
// the same page with different #anchors each fetched the same chunks again, and on a phone the closed menu panel (out
// of sight, but not out of the viewport's geometry for IntersectionObserver) had every page of the area prefetched
// on each load (325 <link rel=prefetch> on the Account page, about 110 ms of main-thread work and some 20 pages of
// downloads). This client module keeps the feature for links a reader can see, once per page, when the browser is
// idle (./once-per-page.ts).
//
// Docusaurus gives no option for it. Its Link calls `window.docusaurus.prefetch(url)` at each call, reading the
// property then, and the object behind it is frozen (@docusaurus/core/lib/client/docusaurus.js): so a copy of the
// object with another prefetch takes its place on window. tests/unit/prefetch-when-idle.test.ts fails when core's
// Link reads the object another way or the object's shape changes.
import type { ClientModule } from '@docusaurus/types';
import { linkShown, prefetchOncePerPage } from './once-per-page';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

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
    const shown = (path: string): boolean => linkShown(path, Array.from(document.querySelectorAll('a[href]')));
    win.docusaurus = { ...api, prefetch: prefetchOncePerPage(original, whenIdle, shown) };
  },
};

export default prefetchWhenIdle;
