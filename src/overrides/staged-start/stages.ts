// Cutting start-up work into tasks of its own: between two stages the browser may paint, handle input and run other
// tasks, so no stage adds to the one before it. Plain DOM, no React (src/overrides/staged-start/entry.ts uses it
// before React is even evaluated).

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task. `scheduler.yield()` where the browser has it (its continuation goes ahead of other tasks of
 * the same priority, so start-up is not pushed back behind them, yet input still comes first); elsewhere a message to
 * a MessageChannel, which is not throttled like a timer of 0 ms and also runs in a hidden tab.
 */
export function nextTask(scope: { scheduler?: YieldingScheduler; MessageChannel?: typeof MessageChannel } = globalThis): Promise<void> {
  const yielding = scope.scheduler?.yield;
  if (typeof yielding === 'function') return yielding.call(scope.scheduler);
  const Channel = scope.MessageChannel;
  if (Channel === undefined) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new Channel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs `steps` in order, each in a task of its own (a step may itself wait for something, such as a script). */
export async function inStages(steps: readonly (() => unknown)[], next: () => Promise<void> = nextTask): Promise<void> {
  for (const step of steps) {
    await next();
    await step();
  }
}
