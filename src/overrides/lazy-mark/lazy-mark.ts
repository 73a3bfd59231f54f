// The logic of the mark.js stand-in (./mark.ts), apart from the DOM and the chunk loader so that it can be tested.

export interface MarkOptions {
  done?: () => void;
  [option: string]: unknown;
}

/** The part of mark.js the search plugin uses. */
export interface MarkLike {
  mark(keywords: string | string[], options?: MarkOptions): MarkLike;
  unmark(options?: MarkOptions): MarkLike;
}

export type MarkClass<C> = new (context: C) => MarkLike;

/**
 * Returns a function that stands in for mark.js's constructor. Calls that have nothing to do (unmark() where no mark
 * can be, mark() of no word) finish at once without loading mark.js; the others load it once and then run on a real
 * instance. Every call that needed mark.js runs in the order it was made, across all stand-ins, so an unmark() for a
 * new page cannot overtake the mark() of the page before it. A failed load is reported and tried again next time.
 */
export function lazyMarkFactory<C>(
  load: () => Promise<MarkClass<C>>,
  mayHoldMarks: (context: C) => boolean,
  report: (error: unknown) => void = (error) => console.warn('Search highlighting is unavailable:', error),
): (context: C) => MarkLike {
  let real: Promise<MarkClass<C>> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;

  function later(context: C, call: (mark: MarkLike) => void): void {
    waiting += 1;
    queue = queue
      .then(async () => {
        real ??= load();
        const RealMark = await real.catch((error: unknown) => {
          real = undefined;
          throw error;
        });
        call(new RealMark(context));
      })
      .catch(report)
      .finally(() => {
        waiting -= 1;
      });
  }

  return (context: C): MarkLike => {
    const stand: MarkLike = {
      mark(keywords, options) {
        if (keywords.length === 0) options?.done?.();
        else later(context, (mark) => mark.mark(keywords, options));
        return stand;
      },
      unmark(options) {
        if (waiting === 0 && !mayHoldMarks(context)) options?.done?.();
        else later(context, (mark) => mark.unmark(options));
        return stand;
      },
    };
    return stand;
  };
}
