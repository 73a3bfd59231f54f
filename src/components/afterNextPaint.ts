// One way to wait for the browser to show what was just rendered, for the site's interactions that paint in steps
// (a picked code tab: src/theme/Tabs; the colour mode's transition hold: src/theme/ColorModeToggle).

/** The window's timers (a test passes its own). */
export interface PaintTimers {
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

/**
 * Runs `callback` once, in a task after the browser has painted the next frame: a frame callback runs just before
 * the paint, and a timeout set from it runs after. Where no frame comes (a hidden tab paints none), after 100 ms.
 */
export function afterNextPaint(callback: () => void, timers: PaintTimers = window): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    callback();
  };
  timers.requestAnimationFrame(() => timers.setTimeout(run, 0));
  timers.setTimeout(run, 100);
}
