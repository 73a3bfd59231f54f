// Whether a desktop-only part of the docs layout can keep its server markup (see index.tsx): plain DOM, no React.
import { renderedByServer } from '../serverMarkup';

/** Infima's and Docusaurus's desktop breakpoint: wider than 996 px (useWindowSize, the theme's media queries). */
export const DESKTOP_QUERY = '(min-width: 997px)';

/** The parts of `window` the decision reads. */
export interface ScreenLike {
  matchMedia(query: string): { matches: boolean };
  document: Pick<Document, 'querySelector'>;
}

/**
 * True while React hydrates the server's markup of this very element (it is in the document before React renders
 * it) on a screen narrower than the desktop breakpoint. After a client-side navigation the element is new, and a
 * desktop screen needs the component working: both render it.
 */
export function keepsServerMarkup(screen: ScreenLike, id: string): boolean {
  if (screen.matchMedia(DESKTOP_QUERY).matches) return false;
  return renderedByServer('data-desktop-only', id, screen.document);
}
