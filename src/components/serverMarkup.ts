// The mechanism Deferred, DesktopOnly and the CodeBlock content wrapper share to keep a part of the page as the
// server rendered it: React leaves alone an element whose content is given as inner HTML, so hydrating an element
// with SERVER_MARKUP keeps the server's children; and an element is the server's when the document already holds
// it (marked with a data attribute and a React id) before React renders it.

/** Tells React the element's content is markup it must leave alone; during hydration it keeps the server's. */
export const SERVER_MARKUP = { __html: '' };

/** `value` escaped for a double-quoted CSS string (React's ids hold neither character today). */
export function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

/** Whether `doc` already holds the element `[attribute="id"]`: the server rendered it and React is hydrating it. */
export function renderedByServer(attribute: string, id: string, doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  return doc !== undefined && doc.querySelector(`[${attribute}="${cssString(id)}"]`) !== null;
}
