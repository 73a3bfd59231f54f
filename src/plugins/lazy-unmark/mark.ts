// What the search plugin gets for mark.js in the browser bundle (see ./index.ts): mark.js itself, except that
// unmark() returns at once when nothing in its context is marked. The plugin calls unmark() over the whole article
// on every page load to clear highlights of an earlier search; mark.js walks every element to find none (about 30 ms
// on a long reference page, four times that on Lighthouse's phone CPU).
// The minified build of the same file: importing dist/mark.js itself would be replaced by this module again.
import RealMark from 'mark.js/dist/mark.min.js';

type MarkInstance = InstanceType<typeof RealMark>;

/** A mark.js instance over `context` whose unmark() skips the walk when there is no mark to remove. */
export default function Mark(context: Element | Element[] | NodeList | string): MarkInstance {
  const instance = new RealMark(context);
  const unmark = instance.unmark.bind(instance);
  instance.unmark = (options) => {
    if (context instanceof Element && context.querySelector('[data-markjs]') === null) {
      options?.done?.();
      return instance;
    }
    return unmark(options);
  };
  return instance;
}
