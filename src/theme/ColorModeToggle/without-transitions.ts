// Holds the page's CSS transitions while the colour mode changes (src/css/custom.css, `[data-switching-mode]`).
//
// The theme's stylesheet gives links, menu items, buttons and the toggle itself colour transitions (Infima's hover
// fades). A colour-mode change then started one for each of them at once (93 on the ecosystem guide, 248 on the
// Account page): the style recalculation that applies the new colours also created every transition, the frames after
// it animated them one by one, and the colours arrived at different times (backgrounds at once, link text 200 ms
// later). Holding transitions for the change's frame is what colour-mode libraries commonly do (next-themes'
// disableTransitionOnChange, VueUse's useDark).

/** The attribute on <html> under which the stylesheet turns every transition off. */
export const SWITCHING_ATTRIBUTE = 'data-switching-mode';

/** The timers the restore waits on: the window's. */
interface Timers {
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

/** The number of changes started so far. */
let latest = 0;

/**
 * Runs `change` (which sets the colour-mode attributes on <html>) with transitions off, and turns them back on after
 * the next frame is painted (or after 100 ms where no frame comes, as in a background tab).
 */
export function withoutTransitions(change: () => void, root: Element = document.documentElement, timers: Timers = window): void {
  // A second change before the first one's frame is painted keeps the attribute on until its own frame is.
  const mine = ++latest;
  root.setAttribute(SWITCHING_ATTRIBUTE, '');
  try {
    change();
  } finally {
    let done = false;
    const restore = (): void => {
      if (done) return;
      done = true;
      if (mine === latest) root.removeAttribute(SWITCHING_ATTRIBUTE);
    };
    timers.requestAnimationFrame(() => timers.setTimeout(restore, 0));
    timers.setTimeout(restore, 100);
  }
}
