/**
 * The search plugin focuses its field again once its index has loaded (autocomplete.js moves the field in the page,
 * which drops focus), even when the reader has meanwhile tabbed or clicked elsewhere. This lets a call to `focus()`
 * through only while a reader's key press or pointer action is being handled, or when focus has not gone to another
 * element since the reader last left the field. Returns a function that removes the guard.
 */
export const READER_EVENTS = ['keydown', 'pointerdown', 'mousedown', 'touchstart', 'click'] as const;

export function guardRefocus(input: HTMLInputElement, doc: Document): () => void {
  let elsewhere = false;
  let handlingReader = 0;

  const onFocusIn = (event: FocusEvent): void => {
    elsewhere = event.target !== input;
  };
  const onReaderEvent = (): void => {
    handlingReader += 1;
    // Released after every listener of this event has run, focus calls made by those listeners included.
    setTimeout(() => {
      handlingReader -= 1;
    }, 0);
  };

  doc.addEventListener('focusin', onFocusIn, true);
  for (const type of READER_EVENTS) doc.addEventListener(type, onReaderEvent, true);
  const original = input.focus;
  input.focus = function guardedFocus(this: HTMLInputElement, options?: FocusOptions): void {
    if (elsewhere && handlingReader === 0) return;
    original.call(this, options);
  };

  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    for (const type of READER_EVENTS) doc.removeEventListener(type, onReaderEvent, true);
    input.focus = original;
  };
}
