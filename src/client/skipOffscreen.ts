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
// Marking a block makes the browser restyle it and everything in it in the next frame. All of Account's blocks at
// once made that frame a 46-73 ms task at Lighthouse's 4x (BENCHMARKS.md, the fifteenth session's trace): the marks
// go on a few blocks a frame instead, each frame's blocks holding ELEMENTS_PER_FRAME elements at most.
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

/**
 * How many elements the blocks marked in one frame may hold together. Restyling about 3,000 (Account's blocks) took
 * 46-73 ms at 4x: 500 keeps a frame's share near 10 ms there, and marks Account in six frames.
 */
export const ELEMENTS_PER_FRAME = 500;

/** The elements a block holds, itself included: what marking it costs the next frame's style recalculation. */
function weight(block: Element): number {
  return 1 + block.getElementsByTagName('*').length;
}

/**
 * Marks the blocks of `root` that may skip, the first batch at once and the next in each following animation frame,
 * while `current()` holds: a batch holds `budget` elements at most, or is one larger block on its own.
 */
export function markInBatches(frames: Frames, root: ParentNode, current: () => boolean = () => true, budget = ELEMENTS_PER_FRAME): void {
  const blocks = Array.from(root.querySelectorAll(BLOCKS));
  let next = 0;
  const batch = (): void => {
    if (!current()) return;
    let held = 0;
    for (let block = blocks[next]; block !== undefined; block = blocks[next]) {
      const size = weight(block);
      if (held > 0 && held + size > budget) break;
      block.setAttribute(SKIP_ATTRIBUTE, '');
      held += size;
      next += 1;
    }
    if (next < blocks.length) frames.requestAnimationFrame(batch);
  };
  batch();
}

/** Takes the marks off every block of `root`; returns how many. */
export function unmarkBlocks(root: ParentNode): number {
  const blocks = root.querySelectorAll(`[${SKIP_ATTRIBUTE}]`);
  blocks.forEach((block) => block.removeAttribute(SKIP_ATTRIBUTE));
  return blocks.length;
}

export interface Marks {
  /** Marks the blocks two frames from now, in batches; stops any marking asked for before. */
  later(): void;
  /** Takes every mark off at once and stops any marking under way. */
  clear(): void;
}

/** The marks of `root`'s blocks: only the marking asked for last goes on (a later request or a clear stops it). */
export function marksOf(frames: Frames, root: ParentNode, budget = ELEMENTS_PER_FRAME): Marks {
  let generation = 0;
  return {
    later() {
      generation += 1;
      const own = generation;
      const current = (): boolean => own === generation;
      afterLayout(frames, () => markInBatches(frames, root, current, budget));
    },
    clear() {
      generation += 1;
      unmarkBlocks(root);
    },
  };
}

/**
 * Watches the width the blocks are laid out at (the window's): when it changes, takes the marks off at once and puts
 * them back after the layout at the new width. Returns the function to call on a resize.
 */
export function onWidthChange(win: { innerWidth: number }, marks: Marks): () => void {
  let width = win.innerWidth;
  return () => {
    if (win.innerWidth === width) return;
    width = win.innerWidth;
    marks.clear();
    marks.later();
  };
}

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
