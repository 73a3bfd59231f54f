/**
 * Part of the docs layout that only a wide screen shows: the desktop sidebar and the desktop table of contents.
 *
 * Docusaurus puts both into every page's HTML (the server cannot know the screen) and hydrates them on every screen,
 * then unmounts them on a phone right after, once it has measured the window. On a phone this keeps their server
 * markup, hidden by the theme's CSS, through hydration instead (React leaves an element with inner HTML alone), which
 * spares the phone a React tree of some 200 elements and one IntersectionObserver per link on the Account page.
 * The wrapper has `display: contents`, so the layout sees the wrapped component's own box as before.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { SERVER_MARKUP } from '../serverMarkup';
import { DESKTOP_QUERY, keepsServerMarkup } from './screen';

export default function DesktopOnly({ children }: { children: ReactNode }): ReactNode {
  const id = useId();
  const [keep, setKeep] = useState(() => typeof window !== 'undefined' && keepsServerMarkup(window, id));

  useEffect(() => {
    if (!keep) return undefined;
    // A window widened past the breakpoint before Docusaurus unmounts the component gets the real one.
    const query = window.matchMedia(DESKTOP_QUERY);
    const change = (): void => {
      if (query.matches) setKeep(false);
    };
    query.addEventListener('change', change);
    change();
    return () => query.removeEventListener('change', change);
  }, [keep]);

  return keep ? (
    <div className="desktop-only" data-desktop-only={id} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
  ) : (
    <div className="desktop-only" data-desktop-only={id}>
      {children}
    </div>
  );
}
