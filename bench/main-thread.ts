// Main-thread work of a page load in Chromium (no throttling), from a performance trace: CPU time rather than wall
// time, so that other processes on a shared machine disturb it far less than Lighthouse's timings.
import { chromium, type Browser } from 'playwright-core';
import { median } from './lighthouse';
import { withTimeout } from './process';

interface MainThreadRun {
  /** CPU time of every task on the renderer's main thread, ms. */
  cpuMs: number;
  /** CPU time beyond 50 ms within each task, summed: a CPU-time analogue of total blocking time, ms. */
  blockingCpuMs: number;
  /** Elements removed from the server-rendered page after the HTML was parsed (hydration throwing DOM away). */
  removedElements: number;
}

export interface MainThreadSummary {
  path: string;
  runs: MainThreadRun[];
  median?: MainThreadRun;
  errors: string[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Counts, in window.__removedAfterParse, the elements removed from #__docusaurus after the HTML is parsed: what
 * hydration throws away and rebuilds. Plain JavaScript in a string, run in the page with addInitScript (also by
 * tests/build/budgets.test.ts).
 */
export const COUNT_REMOVED_AFTER_PARSE = `
  window.__removedAfterParse = 0;
  window.__removedObserver = new MutationObserver(function (records) {
    if (!window.__parsed) return;
    var root = document.getElementById('__docusaurus');
    for (var i = 0; i < records.length; i++) {
      if (!root || !root.contains(records[i].target)) continue;
      records[i].removedNodes.forEach(function (node) {
        if (node.nodeType === 1) window.__removedAfterParse += 1 + node.querySelectorAll('*').length;
      });
    }
  });
  document.addEventListener('DOMContentLoaded', function () { window.__parsed = true; });
  window.__removedObserver.observe(document, { childList: true, subtree: true });
`;

/** The colour-mode button is disabled in the server HTML and enabled by the first render after hydration. */
const HYDRATED = `document.querySelector("button[aria-label*='dark and light mode']:not([disabled])") !== null`;

async function measureOnce(browser: Browser, url: string): Promise<MainThreadRun> {
  // The served CSP forbids evaluating strings, which is how the probes below run.
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(COUNT_REMOVED_AFTER_PARSE);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(HYDRATED, undefined, { timeout: 30_000 });
    // Effects and idle-time work (link prefetching) that follow hydration.
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const mainThreads = new Set(
      trace.traceEvents.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
    );
    let cpu = 0;
    let blocking = 0;
    for (const event of trace.traceEvents) {
      if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
      const task = (event.tdur ?? 0) / 1000;
      cpu += task;
      blocking += Math.max(0, task - 50);
    }
    const removed = Number(await page.evaluate('window.__removedAfterParse'));
    return { cpuMs: cpu, blockingCpuMs: blocking, removedElements: removed };
  } finally {
    await context.close();
  }
}

/** Loads every path `runs` times (round-robin) in a fresh browser context and keeps the medians. */
export async function measureMainThread(
  baseUrl: string,
  paths: string[],
  runs: number,
  runTimeoutMs: number,
  log: (line: string) => void,
  deadline = Number.POSITIVE_INFINITY,
): Promise<MainThreadSummary[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS });
  const summaries: MainThreadSummary[] = paths.map((path) => ({ path, runs: [], errors: [] }));
  try {
    for (let round = 1; round <= runs; round += 1) {
      for (const summary of summaries) {
        if (Date.now() + runTimeoutMs > deadline) {
          summary.errors.push(`run ${round} skipped: the benchmark's time is up`);
          continue;
        }
        try {
          summary.runs.push(await withTimeout(measureOnce(browser, new URL(summary.path, baseUrl).href), runTimeoutMs, `main-thread run on ${summary.path}`));
        } catch (error) {
          summary.errors.push(error instanceof Error ? error.message : String(error));
          log(`  main thread ${round}/${runs} ${summary.path}: failed: ${summary.errors.at(-1)}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  for (const summary of summaries) {
    if (summary.runs.length === 0) continue;
    summary.median = {
      cpuMs: median(summary.runs.map((run) => run.cpuMs)),
      blockingCpuMs: median(summary.runs.map((run) => run.blockingCpuMs)),
      removedElements: median(summary.runs.map((run) => run.removedElements)),
    };
  }
  return summaries;
}
