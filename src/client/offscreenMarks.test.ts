import { describe, expect, it } from 'vitest';
import { BLOCKS, ELEMENTS_PER_FRAME, SKIP_ATTRIBUTE, afterLayout, markInBatches, marksOf, onWidthChange, unmarkBlocks } from './offscreenMarks';

/**
 * A root whose blocks are plain attribute holders, found by the two selectors the module uses; `sizes` are the
 * elements each block holds, itself included.
 */
function page(sizes: readonly number[]) {
  const blocks = sizes.map((size) => ({ size, attributes: new Set<string>() }));
  const element = ({ size, attributes }: (typeof blocks)[number]) => ({
    setAttribute: (name: string) => void attributes.add(name),
    removeAttribute: (name: string) => void attributes.delete(name),
    getElementsByTagName: (name: string) => {
      if (name !== '*') throw new Error(`unexpected tag ${name}`);
      return { length: size - 1 };
    },
  });
  const isMarked = (block: (typeof blocks)[number]) => block.attributes.has(SKIP_ATTRIBUTE);
  const root = {
    querySelectorAll(selector: string) {
      if (selector === BLOCKS) return blocks.map(element);
      if (selector === `[${SKIP_ATTRIBUTE}]`) return blocks.filter(isMarked).map(element);
      throw new Error(`unexpected selector ${selector}`);
    },
  } as unknown as ParentNode;
  return { root, marked: () => blocks.filter(isMarked).length, markedAt: () => blocks.flatMap((block, index) => (isMarked(block) ? [index] : [])) };
}

/** Animation frames that run only when the test paints one. */
function frames() {
  let queue: (() => void)[] = [];
  return {
    requestAnimationFrame: (run: () => void) => queue.push(run),
    paint() {
      const due = queue;
      queue = [];
      due.forEach((run) => run());
    },
  };
}

describe('offscreenMarks (src/client/skipOffscreen)', () => {
  it('marks every top-level block of an article but its header, and unmarks them', () => {
    expect(BLOCKS).toBe('.markdown > :not(header)');
    const f = frames();
    const p = page([1, 1, 1]);
    markInBatches(f, p.root);
    expect(p.marked()).toBe(3);
    expect(unmarkBlocks(p.root)).toBe(3);
    expect(p.marked()).toBe(0);
  });

  it('marks a batch a frame, each holding the budget of elements at most, a larger block on its own', () => {
    expect(ELEMENTS_PER_FRAME).toBe(500);
    const f = frames();
    const p = page([200, 200, 200, 50, 700, 10, 10]);
    markInBatches(f, p.root, () => true, 500);
    expect(p.markedAt()).toEqual([0, 1]);
    f.paint();
    expect(p.markedAt()).toEqual([0, 1, 2, 3]);
    f.paint();
    expect(p.markedAt()).toEqual([0, 1, 2, 3, 4]);
    f.paint();
    expect(p.marked()).toBe(7);
    // Nothing is left asking for frames.
    f.paint();
    expect(p.marked()).toBe(7);
  });

  it('stops between batches once the marking is no longer current', () => {
    const f = frames();
    const p = page([300, 300, 300]);
    let current = true;
    markInBatches(f, p.root, () => current, 500);
    expect(p.marked()).toBe(1);
    current = false;
    f.paint();
    f.paint();
    expect(p.marked()).toBe(1);
  });

  it('waits two frames, so that the frame in between lays the blocks out', () => {
    const f = frames();
    let ran = 0;
    afterLayout(f, () => ran++);
    f.paint();
    expect(ran).toBe(0);
    f.paint();
    expect(ran).toBe(1);
  });

  it('takes the marks off at once when the width changes, and puts them back two frames later', () => {
    const f = frames();
    const win = { innerWidth: 1280 };
    const p = page([1, 1, 1, 1]);
    const marks = marksOf(f, p.root);
    marks.later();
    f.paint();
    f.paint();
    expect(p.marked()).toBe(4);
    const resized = onWidthChange(win, marks);

    resized(); // a resize event that leaves the width (a height-only change)
    expect(p.marked()).toBe(4);

    win.innerWidth = 390;
    resized();
    expect(p.marked()).toBe(0);
    f.paint();
    expect(p.marked()).toBe(0);
    f.paint();
    expect(p.marked()).toBe(4);
  });

  it('puts them back once, two frames after the last of a run of resizes', () => {
    const f = frames();
    const win = { innerWidth: 1280 };
    const p = page([1, 1]);
    const resized = onWidthChange(win, marksOf(f, p.root));
    win.innerWidth = 1000;
    resized();
    f.paint();
    win.innerWidth = 800;
    resized();
    // The first resize's marking would go on now, before a layout at 800 px: it is dropped.
    f.paint();
    expect(p.marked()).toBe(0);
    f.paint();
    expect(p.marked()).toBe(2);
    // No second marking is left waiting.
    unmarkBlocks(p.root);
    f.paint();
    f.paint();
    expect(p.marked()).toBe(0);
  });

  it('stops a marking under way when the width changes', () => {
    const f = frames();
    const win = { innerWidth: 1280 };
    const p = page([400, 400, 400, 400]);
    const marks = marksOf(f, p.root, 500);
    marks.later();
    f.paint();
    f.paint();
    expect(p.marked()).toBe(1);
    const resized = onWidthChange(win, marks);
    win.innerWidth = 800;
    resized();
    expect(p.marked()).toBe(0);
    // The old marking's next batch is dropped; the new one starts two frames after the change.
    f.paint();
    expect(p.marked()).toBe(0);
    f.paint();
    expect(p.marked()).toBe(1);
    f.paint();
    f.paint();
    f.paint();
    expect(p.marked()).toBe(4);
  });
});
