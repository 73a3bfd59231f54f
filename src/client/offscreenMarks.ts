// The marks that let an article's off-screen blocks skip their rendering: what src/client/skipOffscreen.ts puts on
// and takes off, a few blocks a frame. In a module of its own so that the bundle every page loads keeps only what the
// client module uses (a client module's exports are all kept).

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
 * How many elements the blocks marked in one frame may hold together. Marking all of Account's blocks (about 3,000
 * elements) at once made a 46-73 ms frame at 4x; 500 marks them over six or seven frames. What a frame pays is
 * mostly pre-paint and paint rather than style (performance traces, BENCHMARKS.md), so the first frame can stay long.
 */
export const ELEMENTS_PER_FRAME = 500;

/** The elements a block holds, itself included: the measure of what marking it costs the next frame. */
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
