/**
 * The search plugin focuses its field again once its index has loaded (autocomplete.js moves the field in the page,
 * which drops focus), even when the reader has meanwhile tabbed or clicked elsewhere. This lets a call to `focus()`
 * through only while the browser dispatches a reader's key press or pointer action (the plugin's own shortcuts), or
 * when focus has not gone to another element since the reader last left the field. Returns a function that removes
 * the guard.
 *
 * "While dispatching" is read from `window.event`, which the browser sets only while it runs an event's listeners:
 * a focus() from the index's arrival (a network task) has none, even when it lands a moment after a key press.
 */
const READER_EVENTS: readonly string[] = ['keydown', 'pointerdown', 'mousedown', 'touchstart', 'click'];

type EventWindow = Window & { event?: Event };

/** Whether `event`, the event being dispatched (if any), is a reader's own key press or pointer action. */
export function fromReader(event: Event | undefined): boolean {
  return event !== undefined && event.isTrusted && READER_EVENTS.includes(event.type);
}

export function guardRefocus(input: HTMLInputElement, doc: Document): () => void {
  let elsewhere = false;
  const view = doc.defaultView as EventWindow | null;

  const onFocusIn = (event: FocusEvent): void => {
    elsewhere = event.target !== input;
  };

  doc.addEventListener('focusin', onFocusIn, true);
  // Kept unbound on purpose: the guard calls it with the input as `this`, as the browser would.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = input.focus;
  input.focus = function guardedFocus(this: HTMLInputElement, options?: FocusOptions): void {
    if (elsewhere && !fromReader(view?.event)) return;
    original.call(this, options);
  };

  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    input.focus = original;
  };
}
