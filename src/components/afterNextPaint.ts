// One way to wait for the browser to show what was just rendered, for the site's interactions that paint in steps
// (a picked code tab: src/theme/Tabs; the colour mode's transition hold: src/theme/ColorModeToggle).

/** The window's timers (a test passes its own). */
export interface PaintTimers {
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

/** Whether the page is hidden, and so paints no frames (a background tab; a test passes its own). */
export type PageHidden = () => boolean;

/** How long to wait for a frame before asking whether the page is hidden, and again after each answer of no. */
export const HIDDEN_CHECK_MS = 100;

/**
 * Runs `callback` once, in a task after the browser has painted the next frame: a frame callback runs just before
 * the paint, and a timeout set from it runs after. Where no frame comes because the page is hidden, it runs at the
 * first check (every 100 ms) that finds it hidden. A visible page's slow frame is waited for, however late: running
 * before it would put two steps of an interaction in one paint.
 */
export function afterNextPaint(callback: () => void, timers: PaintTimers = window, hidden: PageHidden = () => document.hidden): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    callback();
  };
  const check = (): void => {
    if (done) return;
    if (hidden()) run();
    else timers.setTimeout(check, HIDDEN_CHECK_MS);
  };
  timers.requestAnimationFrame(() => timers.setTimeout(run, 0));
  timers.setTimeout(check, HIDDEN_CHECK_MS);
}
