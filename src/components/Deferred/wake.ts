// When a deferred section of a server-rendered page comes to life (see index.tsx): plain DOM, no React.

/** How far outside the viewport a section starts rendering, so that it is ready before it scrolls in. */
const NEAR_VIEWPORT = '50% 0px';
/** The same margin, as a share of the viewport's height. */
const NEAR_SHARE = 0.5;

/** Whether an element lies within NEAR_VIEWPORT of a viewport `height` pixels tall (as the observer would say). */
export function nearViewport(element: Pick<Element, 'getBoundingClientRect'>, height: number): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= -height * NEAR_SHARE && top <= height * (1 + NEAR_SHARE);
}
/** Input that must reach a section's React handlers: the section renders first, synchronously. */
const WAKING_EVENTS = ['pointerdown', 'keydown', 'click', 'touchstart'] as const;
/** Query parameter of the search plugin, whose highlighter marks words of the page right after load. */
export const HIGHLIGHT_PARAM = '_highlight';
/** What a keyboard reaches inside a section; used to put focus back on the same control once it is rendered. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Called once: `urgent` when input needs the section now, otherwise because it is about to scroll into view. */
export type Wake = (urgent: boolean) => void;

const waiting = new Map<Element, Wake>();
let observer: IntersectionObserver | undefined;
let listening = false;

function wake(element: Element, urgent: boolean): void {
  const callback = waiting.get(element);
  if (callback === undefined) return;
  waiting.delete(element);
  observer?.unobserve(element);
  callback(urgent);
}

/** Whether sections of this page may wait: not when search highlighting is about to rewrite the page's text. */
export function deferralAllowed(win: Pick<Window, 'location'> & { IntersectionObserver?: unknown }): boolean {
  return win.IntersectionObserver !== undefined && !new URLSearchParams(win.location.search).has(HIGHLIGHT_PARAM);
}

/** Calls `callback` once, when `element` nears the viewport or receives input; returns a function that cancels. */
export function watchSection(element: Element, callback: Wake): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) wake(entry.target, false);
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  if (!listening) {
    listening = true;
    // Capture on the document runs before React's listeners on its root, so the section exists when React dispatches.
    for (const type of WAKING_EVENTS) {
      document.addEventListener(
        type,
        (event) => {
          const section = event.target instanceof Element ? event.target.closest('[data-deferred]') : null;
          if (section !== null) wake(section, true);
        },
        { capture: true, passive: true },
      );
    }
  }
  waiting.set(element, callback);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/** Position of the focused element among the section's focusable ones, or -1. */
export function focusedIndex(section: Element, active: Element | null): number {
  if (active === null || !section.contains(active)) return -1;
  return Array.from(section.querySelectorAll(FOCUSABLE)).indexOf(active);
}

/** Focuses the element at `index` among the section's focusable ones, without scrolling. */
export function restoreFocus(section: Element, index: number): void {
  const target = section.querySelectorAll(FOCUSABLE)[index];
  if (target instanceof HTMLElement || target instanceof SVGElement) target.focus({ preventScroll: true });
}
