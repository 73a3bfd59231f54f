import { describe, expect, it } from 'vitest';
import { SWITCHING_ATTRIBUTE, withoutTransitions } from './without-transitions';

/** An element that keeps its attributes, and timers that run only when the test says. */
function harness() {
  const attributes = new Set<string>();
  const root = {
    setAttribute: (name: string) => void attributes.add(name),
    removeAttribute: (name: string) => void attributes.delete(name),
  } as unknown as Element;
  let frames: (() => void)[] = [];
  let timeouts: { at: number; run: () => void }[] = [];
  let now = 0;
  const page = { hidden: false };
  const timers = {
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timeouts.push({ at: now + ms, run }),
  };
  return {
    root,
    timers,
    hidden: () => page.hidden,
    page,
    switching: () => attributes.has(SWITCHING_ATTRIBUTE),
    /** Paints a frame: runs the frame callbacks, then the timeouts of 0 ms they set. */
    paint() {
      const due = frames;
      frames = [];
      due.forEach((run) => run());
      this.advance(0);
    },
    advance(ms: number) {
      now += ms;
      const due = timeouts.filter((timeout) => timeout.at <= now);
      timeouts = timeouts.filter((timeout) => timeout.at > now);
      due.forEach((timeout) => timeout.run());
    },
  };
}

describe('withoutTransitions', () => {
  it('holds transitions while the change runs and until the next frame is painted, however late on a visible page', () => {
    const h = harness();
    let seen: boolean | undefined;
    withoutTransitions(() => (seen = h.switching()), h.root, h.timers, h.hidden);
    expect(seen).toBe(true);
    expect(h.switching()).toBe(true);
    h.advance(350);
    expect(h.switching()).toBe(true);
    h.paint();
    expect(h.switching()).toBe(false);
  });

  it('lets them go after 100 ms where no frame is painted because the page is hidden (a background tab)', () => {
    const h = harness();
    h.page.hidden = true;
    withoutTransitions(() => undefined, h.root, h.timers, h.hidden);
    h.advance(99);
    expect(h.switching()).toBe(true);
    h.advance(1);
    expect(h.switching()).toBe(false);
  });

  it('lets them go when the change throws, and passes the error on', () => {
    const h = harness();
    expect(() =>
      withoutTransitions(
        () => {
          throw new Error('storage full');
        },
        h.root,
        h.timers,
        h.hidden,
      ),
    ).toThrow('storage full');
    h.paint();
    expect(h.switching()).toBe(false);
  });

  it("keeps holding them for a second change until the second one's frame is painted", () => {
    const h = harness();
    h.page.hidden = true;
    withoutTransitions(() => undefined, h.root, h.timers, h.hidden);
    h.advance(99);
    withoutTransitions(() => undefined, h.root, h.timers, h.hidden);
    h.advance(1); // the first change's 100 ms
    expect(h.switching()).toBe(true);
    h.paint();
    expect(h.switching()).toBe(false);
  });
});
