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
// the marks come off, the page is laid out in full again, and they go back on two frames later. The blocks keep the
// containment `content-visibility` implies at all times (custom.css), so marking them moves nothing on the page.
import type { ClientModule } from '@docusaurus/types';

/** The attribute that turns `content-visibility: auto` on for a block (src/css/custom.css). */
export const SKIP_ATTRIBUTE = 'data-skip-offscreen';
/** The blocks that may skip: every top-level block of an article but its header, which is where a page opens. */
export const BLOCKS = '.markdown > :not(header)';

interface Frames {
  requestAnimationFrame(callback: () => void): number;
}

/** Runs `run` in the second animation frame from now: the frame in between has laid out and recorded the sizes. */
export function afterLayout(frames: Frames, run: () => void): void {
  frames.requestAnimationFrame(() => frames.requestAnimationFrame(run));
}

/** Marks every block of `root` that may skip; returns how many. */
export function markBlocks(root: ParentNode): number {
  const blocks = root.querySelectorAll(BLOCKS);
  blocks.forEach((block) => block.setAttribute(SKIP_ATTRIBUTE, ''));
  return blocks.length;
}

/** Takes the marks off every block of `root`; returns how many. */
export function unmarkBlocks(root: ParentNode): number {
  const blocks = root.querySelectorAll(`[${SKIP_ATTRIBUTE}]`);
  blocks.forEach((block) => block.removeAttribute(SKIP_ATTRIBUTE));
  return blocks.length;
}

/**
 * Watches the width the blocks are laid out at (the window's): when it changes, unmarks them at once and marks them
 * again after the new layout. Returns the function to call on a resize.
 */
export function onWidthChange(win: Frames & { innerWidth: number }, root: ParentNode): () => void {
  let width = win.innerWidth;
  let pending = false;
  return () => {
    if (win.innerWidth === width) return;
    width = win.innerWidth;
    unmarkBlocks(root);
    if (pending) return;
    pending = true;
    afterLayout(win, () => {
      pending = false;
      markBlocks(root);
    });
  };
}

let started = false;

/** Marks the blocks once the document is parsed and laid out; then follows resizes. */
function start(): void {
  if (started) return;
  started = true;
  const mark = (): void => afterLayout(window, () => void markBlocks(document));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mark, { once: true });
  else mark();
  window.addEventListener('resize', onWidthChange(window, document), { passive: true });
}

// Evaluated with the site's client modules, before hydration (src/overrides/staged-start): the first page's blocks are
// marked without waiting for React.
if (typeof document !== 'undefined' && typeof CSS !== 'undefined' && CSS.supports('content-visibility', 'auto')) start();

const skipOffscreen: ClientModule = {
  onRouteDidUpdate({ previousLocation, location }) {
    // A new page's blocks are new elements, laid out in full on their first frame; the same page keeps its marks.
    if (!started || previousLocation === null || previousLocation.pathname === location.pathname) return;
    afterLayout(window, () => void markBlocks(document));
  },
};

export default skipOffscreen;
