// Blocks of an article far from the viewport skip their rendering: `content-visibility: auto` on each top-level block
// of `.markdown` (src/css/custom.css, `[data-skip-offscreen]`), turned on once the page has been laid out in full.
//
// A colour-mode change restyles every element of the document (the theme's colours are custom properties on <html>),
// and a tab switch or a section coming to life lays out and paints around it: on a reference page that is thousands of
// elements the reader cannot see (the toggle: 288 ms at Lighthouse's 4x on Account, most of it style recalculation).
// With `content-visibility: auto` the browser leaves the contents of an off-screen block out of style, layout and
// paint, and brings them back as they near the viewport (or for find-in-page, focus or a link to a fragment).
//
// An off-screen block is then as tall as the size it had when last laid out (`contain-intrinsic-size: auto none`): so
// every block is first laid out in full, at load or after a client-side navigation, with no skipping, and only marked
// two frames later, once the browser has recorded its size. A block React creates later (another page's) is not
// marked. When the content's width changes (a rotated phone, a resized window) the recorded heights no longer hold:
// the marks come off, the page is laid out in full again, and they go back on two frames after the last change. The
// blocks keep the containment `content-visibility` implies at all times (custom.css), so marking them moves nothing.
//
// The browser restyles, lays out and paints what a mark touches in the next frame: all of Account's blocks at once
// made that frame a 46-73 ms task at Lighthouse's 4x (performance traces of the page, BENCHMARKS.md).
// The marks go on a few blocks a frame instead, each frame's blocks holding ELEMENTS_PER_FRAME elements at most
// (offscreenMarks.ts).
import type { ClientModule } from '@docusaurus/types';
import { type Marks, marksOf, onWidthChange } from './offscreenMarks';

let marks: Marks | undefined;

/** Marks the blocks once the document is parsed and laid out; then follows resizes. */
function start(): void {
  if (marks) return;
  const own = marksOf(window, document);
  marks = own;
  const mark = (): void => own.later();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mark, { once: true });
  else mark();
  window.addEventListener('resize', onWidthChange(window, own), { passive: true });
}

// Evaluated with the site's client modules, before hydration (src/overrides/staged-start): the first page's blocks are
// marked without waiting for React.
if (typeof document !== 'undefined' && typeof CSS !== 'undefined' && CSS.supports('content-visibility', 'auto')) start();

const skipOffscreen: ClientModule = {
  onRouteDidUpdate({ previousLocation, location }) {
    // A new page's blocks are new elements, laid out in full on their first frame; the same page keeps its marks.
    if (!marks || previousLocation === null || previousLocation.pathname === location.pathname) return;
    marks.later();
  },
};

export default skipOffscreen;
