// Holds the page's CSS transitions while the colour mode changes (src/css/custom.css, `[data-switching-mode]`).
//
// The theme's stylesheet gives links, menu items, buttons and the toggle itself colour transitions (Infima's hover
// fades). A colour-mode change then started one for each of them at once (93 on the ecosystem guide, 248 on the
// Account page): the style recalculation that applies the new colours also created every transition, the frames after
// it animated them one by one, and the colours arrived at different times (backgrounds at once, link text 200 ms
// later). Holding transitions for the change's frame is what colour-mode libraries commonly do (next-themes'
// disableTransitionOnChange, VueUse's useDark).

import { afterNextPaint, type PageHidden, type PaintTimers } from '../../components/afterNextPaint';

/** The attribute on <html> under which the stylesheet turns every transition off. */
export const SWITCHING_ATTRIBUTE = 'data-switching-mode';

/** The number of changes started so far. */
let latest = 0;

/**
 * Runs `change` (which sets the colour-mode attributes on <html>) with transitions off, and turns them back on after
 * the next frame is painted (or, where no frame comes because the page is hidden, after 100 ms).
 */
export function withoutTransitions(change: () => void, root: Element = document.documentElement, timers?: PaintTimers, hidden?: PageHidden): void {
  // A second change before the first one's frame is painted keeps the attribute on until its own frame is.
  const mine = ++latest;
  root.setAttribute(SWITCHING_ATTRIBUTE, '');
  try {
    change();
  } finally {
    afterNextPaint(
      () => {
        if (mine === latest) root.removeAttribute(SWITCHING_ATTRIBUTE);
      },
      timers,
      hidden,
    );
  }
}
