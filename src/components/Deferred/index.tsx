/**
 * A section of a generated reference page that the browser brings to life only when the reader gets near it.
 *
 * The server's HTML holds every section. Hydrating them all at load is one long task (about 1.5 s of blocking time
 * on the Account page at Lighthouse's phone CPU). During hydration this component instead keeps each section's server
 * markup as it is, outside React (an element with inner HTML that React does not look into), and renders the section
 * with React only when it comes within half a screen of the viewport or receives input; focus inside it is kept.
 * Sections already that close when the page loads hydrate with it as usual.
 * Pages rendered in the browser (client-side navigation, or search highlighting on load) render at once.
 */
import { createElement, memo, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { SERVER_MARKUP, cssString } from '../serverMarkup';
import { deferralAllowed, focusedIndex, nearViewport, restoreFocus, watchSection } from './wake';

/** True for a section the server rendered into this document that is not yet near the viewport: it can wait. */
function canWait(id: string): boolean {
  if (typeof document === 'undefined' || !deferralAllowed(window)) return false;
  const element = document.querySelector(`[data-deferred="${cssString(id)}"]`);
  // A section already in view hydrates with the page, keeping its server markup instead of rendering it anew.
  return element !== null && !nearViewport(element, window.innerHeight);
}

interface DeferredProps {
  /** The section's content as MDX compiles it, when written by hand. */
  children?: ReactNode;
  /** The section's content, created only when the section renders (src/components/ReferenceSection). */
  render?: () => ReactNode;
}

/** Static children of the section's element: a section's content is a list without keys, as MDX builds it. */
function contentOf({ children, render }: DeferredProps): ReactNode[] {
  const content = render === undefined ? children : render();
  return Array.isArray(content) ? (content as ReactNode[]) : [content];
}

function Deferred(props: DeferredProps): ReactNode {
  const id = useId();
  const [waiting, setWaiting] = useState(() => canWait(id));
  const section = useRef<HTMLDivElement>(null);
  const focus = useRef(-1);

  useEffect(() => {
    const element = section.current;
    if (!waiting || element === null) return undefined;
    return watchSection(element, (urgent) => {
      focus.current = focusedIndex(element, document.activeElement);
      if (urgent) flushSync(() => setWaiting(false));
      else setWaiting(false);
    });
  }, [waiting]);

  useLayoutEffect(() => {
    if (waiting || focus.current < 0 || section.current === null) return;
    restoreFocus(section.current, focus.current);
    focus.current = -1;
  }, [waiting]);

  return waiting ? (
    <div data-deferred={id} ref={section} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
  ) : (
    createElement('div', { 'data-deferred': id, ref: section }, ...contentOf(props))
  );
}

// A section's content is fixed for its page: nothing from above needs to re-render it.
export default memo(Deferred, () => true);
