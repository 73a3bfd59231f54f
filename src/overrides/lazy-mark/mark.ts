// What the search plugin gets for mark.js in the browser bundle (see ./index.ts): a stand-in that downloads mark.js
// only when there is something to mark or unmark. The plugin builds one over the whole article on every page load
// and calls unmark() to clear an earlier search's highlights; mark.js would walk every element to find none (about
// 30 ms on a long reference page, four times that on Lighthouse's phone CPU), and its 18 KB would sit in main.js.
import { lazyMarkFactory, type MarkClass, type MarkLike } from './lazy-mark';

type Context = Element | Element[] | NodeList | string;

/** mark.js itself, in a chunk of its own. Its minified build: importing dist/mark.js would be replaced by this module again. */
async function loadMark(): Promise<MarkClass<Context>> {
  const loaded = await import(/* webpackChunkName: "mark-js" */ 'mark.js/dist/mark.min.js');
  return loaded.default;
}

/** Whether `context` may hold marks. Only an element can be checked; anything else is left to mark.js. */
function mayHoldMarks(context: Context): boolean {
  return !(context instanceof Element) || context.querySelector('[data-markjs]') !== null;
}

const standIn = lazyMarkFactory(loadMark, mayHoldMarks);

/** Called with `new` by the plugin, like mark.js's own constructor: a function that returns an object does that. */
export default function Mark(context: Context): MarkLike {
  return standIn(context);
}
