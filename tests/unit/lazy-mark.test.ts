// The mark.js stand-in the search plugin gets (src/overrides/lazy-mark/lazy-mark.ts): when it loads mark.js, and in
// what order the calls reach it.
import { describe, expect, it } from 'vitest';
import { lazyMarkFactory, type MarkClass, type MarkLike, type MarkOptions } from '../../src/overrides/lazy-mark/lazy-mark';

/** A page whose only state is whether something is marked, and a fake mark.js that logs what it is asked to do. */
function setUp(failures = 0) {
  const log: string[] = [];
  let loads = 0;
  let marked = false;
  class FakeMark implements MarkLike {
    constructor(private readonly context: string) {}
    mark(keywords: string | string[], options?: MarkOptions): MarkLike {
      log.push(`mark ${String(keywords)} in ${this.context}`);
      marked = true;
      options?.done?.();
      return this;
    }
    unmark(options?: MarkOptions): MarkLike {
      log.push(`unmark ${this.context}`);
      marked = false;
      options?.done?.();
      return this;
    }
  }
  const reports: unknown[] = [];
  const load = async (): Promise<MarkClass<string>> => {
    loads += 1;
    if (loads <= failures) throw new Error('chunk failed');
    return FakeMark;
  };
  const Mark = lazyMarkFactory<string>(
    load,
    () => marked,
    (error) => reports.push(error),
  );
  /** Resolves once every queued call has run. */
  const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
  return { Mark, log, reports, settled, loads: () => loads };
}

describe('the mark.js stand-in', () => {
  it('clears nothing at once, without loading mark.js, when nothing is marked', async () => {
    const { Mark, log, settled, loads } = setUp();
    let done = false;
    Mark('article').unmark({ done: () => (done = true) });
    expect(done).toBe(true);
    Mark('article').mark([], { done: () => (done = false) });
    expect(done).toBe(false);
    await settled();
    expect(loads()).toBe(0);
    expect(log).toEqual([]);
  });

  it('loads mark.js once, then marks and clears through it', async () => {
    const { Mark, log, settled, loads } = setUp();
    const mark = Mark('article');
    expect(mark.mark(['getblock'], { exclude: ['button'] })).toBe(mark);
    await settled();
    expect(log).toEqual(['mark getblock in article']);
    Mark('article').unmark();
    await settled();
    expect(log).toEqual(['mark getblock in article', 'unmark article']);
    expect(loads()).toBe(1);
  });

  it('keeps the order of calls, so that clearing for the next page waits for the marking of the one before', async () => {
    const { Mark, log, settled } = setUp();
    Mark('first page').mark(['getblock']);
    // Nothing is marked yet when the next page asks, but the marking is on its way: the clearing must follow it.
    Mark('next page').unmark();
    await settled();
    expect(log).toEqual(['mark getblock in first page', 'unmark next page']);
  });

  it('reports a failed load, and loads again on the next call', async () => {
    const { Mark, log, reports, settled, loads } = setUp(1);
    Mark('article').mark(['getblock']);
    await settled();
    expect(reports).toHaveLength(1);
    expect(log).toEqual([]);
    Mark('article').mark(['getblock']);
    await settled();
    expect(loads()).toBe(2);
    expect(log).toEqual(['mark getblock in article']);
  });
});
