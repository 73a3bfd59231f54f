import { describe, expect, it } from 'vitest';
import { afterNextPaint, HIDDEN_CHECK_MS, type PageHidden, type PaintTimers } from './afterNextPaint';

/** Frames and timeouts that run only when the test says, and a page the test hides or shows. */
function clock() {
  let frames: (() => void)[] = [];
  let timeouts: { at: number; run: () => void }[] = [];
  let now = 0;
  const page = { hidden: false };
  const timers: PaintTimers = {
    requestAnimationFrame: (run) => frames.push(run),
    setTimeout: (run, ms) => timeouts.push({ at: now + ms, run }),
  };
  const hidden: PageHidden = () => page.hidden;
  const advance = (ms: number): void => {
    const end = now + ms;
    for (;;) {
      const next = timeouts.filter((timeout) => timeout.at <= end).sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      now = next.at;
      timeouts = timeouts.filter((timeout) => timeout !== next);
      next.run();
    }
    now = end;
  };
  return {
    timers,
    hidden,
    page,
    advance,
    /** Runs the frame callbacks (just before a paint); the timeouts they set run on the next advance. */
    frame() {
      const due = frames;
      frames = [];
      due.forEach((run) => run());
    },
    pending: () => timeouts.length,
  };
}

describe('afterNextPaint', () => {
  it('runs in a task after the next frame, not in the frame callback itself', () => {
    const c = clock();
    const runs: string[] = [];
    afterNextPaint(() => runs.push('after'), c.timers, c.hidden);
    c.advance(10);
    expect(runs).toEqual([]);
    c.frame();
    expect(runs).toEqual([]);
    c.advance(0);
    expect(runs).toEqual(['after']);
  });

  it('waits for a late frame on a visible page instead of running before it', () => {
    const c = clock();
    let runs = 0;
    afterNextPaint(() => (runs += 1), c.timers, c.hidden);
    c.advance(HIDDEN_CHECK_MS * 5);
    expect(runs).toBe(0);
    c.frame();
    c.advance(0);
    expect(runs).toBe(1);
    // Once run, the checks stop and the callback never runs again.
    c.advance(HIDDEN_CHECK_MS * 3);
    expect(runs).toBe(1);
    expect(c.pending()).toBe(0);
  });

  it('runs at the first check that finds the page hidden, where no frame comes', () => {
    const c = clock();
    let runs = 0;
    afterNextPaint(() => (runs += 1), c.timers, c.hidden);
    c.advance(HIDDEN_CHECK_MS * 2);
    expect(runs).toBe(0);
    c.page.hidden = true;
    c.advance(HIDDEN_CHECK_MS - 1);
    expect(runs).toBe(0);
    c.advance(1);
    expect(runs).toBe(1);
    // The frame that comes when the page is shown again does not run it a second time.
    c.frame();
    c.advance(0);
    expect(runs).toBe(1);
  });
});
