import { describe, expect, it } from 'vitest';
import { BLOCKS, SKIP_ATTRIBUTE, afterLayout, markBlocks, onWidthChange, unmarkBlocks } from './skipOffscreen';

/** A root whose blocks are plain attribute holders, found by the two selectors the module uses. */
function page(count: number) {
  const blocks = Array.from({ length: count }, () => new Set<string>());
  const element = (attributes: Set<string>) => ({
    setAttribute: (name: string) => void attributes.add(name),
    removeAttribute: (name: string) => void attributes.delete(name),
  });
  const root = {
    querySelectorAll(selector: string) {
      if (selector === BLOCKS) return blocks.map(element);
      if (selector === `[${SKIP_ATTRIBUTE}]`) return blocks.filter((attributes) => attributes.has(SKIP_ATTRIBUTE)).map(element);
      throw new Error(`unexpected selector ${selector}`);
    },
  } as unknown as ParentNode;
  return { root, marked: () => blocks.filter((attributes) => attributes.has(SKIP_ATTRIBUTE)).length };
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

describe('skipOffscreen', () => {
  it('marks every top-level block of an article but its header, and unmarks them', () => {
    expect(BLOCKS).toBe('.markdown > :not(header)');
    const p = page(3);
    expect(markBlocks(p.root)).toBe(3);
    expect(p.marked()).toBe(3);
    expect(unmarkBlocks(p.root)).toBe(3);
    expect(p.marked()).toBe(0);
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
    const win = Object.assign(f, { innerWidth: 1280 });
    const p = page(4);
    markBlocks(p.root);
    const resized = onWidthChange(win, p.root);

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

  it('puts them back once after a run of resizes, two frames after the first', () => {
    const f = frames();
    const win = Object.assign(f, { innerWidth: 1280 });
    const p = page(2);
    markBlocks(p.root);
    const resized = onWidthChange(win, p.root);
    win.innerWidth = 1000;
    resized();
    f.paint();
    win.innerWidth = 800;
    resized();
    expect(p.marked()).toBe(0);
    f.paint();
    expect(p.marked()).toBe(2);
    // No second marking is left waiting.
    unmarkBlocks(p.root);
    f.paint();
    f.paint();
    expect(p.marked()).toBe(0);
  });
});
