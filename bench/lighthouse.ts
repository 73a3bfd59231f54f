// Lighthouse (mobile, simulated throttling) against the production server: medians of several runs per page.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBackground, withTimeout, type BackgroundProcess } from './process';

/** Lighthouse 13 (Node >= 22.19, run on Node 24 as CI does; see BENCHMARKS.md). */
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  /** Total blocking time, ms. */
  tbt: number;
  /** Bytes transferred (Lighthouse's total-byte-weight). */
  bytes: number;
  /** Lighthouse's CPU benchmark index for the run (`environment.benchmarkIndex`): how fast the host was, since
   * simulated throttling scales the observed task times. About 2,000-2,200 on this machine when it is quiet. */
  cpuIndex: number;
  /** The CPU slowdown the run simulated (4 unless the slow-host pass asked for more). */
  cpuSlowdown: number;
  /** The longest main-thread task from the first contentful paint on, as the simulation counts it, ms. */
  longestTask: number;
  /** How many main-thread tasks from the first contentful paint on the simulation counts as over 50 ms. */
  longTasks: number;
}

/** Accessibility, best-practices and SEO audits that did not pass in some run, with the runs they failed in. */
export type FailedAudits = Record<string, number>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function medianRun(runs: LighthouseRun[]): LighthouseRun | undefined {
  if (runs.length === 0) return undefined;
  const of = (key: keyof LighthouseRun): number => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    bytes: of('bytes'),
    cpuIndex: of('cpuIndex'),
    cpuSlowdown: of('cpuSlowdown'),
    longestTask: of('longestTask'),
    longTasks: of('longTasks'),
  };
}

/** Whether something already listens on `port` of 127.0.0.1. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/**
 * Starts `npm run serve` on `port` for `root` and waits until the home page answers. A port already taken is refused:
 * a server an interrupted run left behind would answer instead, with another build (the pages of the new one and the
 * asset list of the old: every figure wrong).
 */
export async function startProductionServer(
  siteDir: string,
  root: string,
  port: number,
  timeoutMs = 30_000,
): Promise<{ url: string; server: BackgroundProcess }> {
  if (await portTaken(port))
    throw new Error(`port ${port} of 127.0.0.1 is already in use (a server left by an earlier run?): stop it, or pass --port to serve ${root} elsewhere`);
  const server = startBackground('npm', ['run', '--silent', 'serve', '--', '--port', String(port), '--host', '127.0.0.1', '--dir', root], { cwd: siteDir });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { url, server };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await server.stop();
  throw new Error(`npm run serve did not answer on ${url} within ${timeoutMs / 1000} s:\n${server.output()}`);
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null; scoreDisplayMode?: string } | undefined>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

function failedAudits(lhr: Lhr): string[] {
  const failed = new Set<string>();
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit?.scoreDisplayMode === 'binary' && audit.score === 0) failed.add(`${category}/${ref.id}`);
    }
  }
  return [...failed];
}

/** A trace event, as much of it as the task analysis reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** Lantern, Lighthouse's simulator, scales a task that did layout by half the CPU slowdown (its layoutTaskMultiplier). */
const LAYOUT_SHARE = 0.5;
/** Lantern caps one simulated task at 10 s. */
const MAXIMUM_TASK_MS = 10_000;

/**
 * The main-thread tasks from the first contentful paint on, with the durations Lighthouse's simulation gives them:
 * observed duration times the CPU slowdown (half of it for a task that did layout), the rule of Lantern's simulator
 * (`estimateCPUTimeRemaining`). The main thread is the one that reported the first contentful paint.
 */
export function tasksAfterFirstPaint(events: readonly TraceEvent[], cpuSlowdown: number): number[] {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (paint === undefined) throw new Error('the trace has no first contentful paint');
  const onMain = events.filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= paint.ts).sort((a, b) => a.ts - b.ts);
  const layouts = onMain.filter((event) => event.name === 'Layout').sort((a, b) => a.ts - b.ts);
  let next = 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    while (next < layouts.length && (layouts[next] as TraceEvent).ts < task.ts) next += 1;
    const layout = next < layouts.length && (layouts[next] as TraceEvent).ts <= end;
    const scale = layout ? cpuSlowdown * LAYOUT_SHARE : cpuSlowdown;
    return Math.min(Math.round(((task.dur ?? 0) / 1000) * scale), MAXIMUM_TASK_MS);
  });
}

function toRun(lhr: Lhr, trace: readonly TraceEvent[], cpuSlowdown: number): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: string): number => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`no ${id} score`);
    return Math.round(value * 100);
  };
  const numeric = (id: string): number => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`no ${id} value`);
    return value;
  };
  const tasks = tasksAfterFirstPaint(trace, cpuSlowdown);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    cpuIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    cpuSlowdown,
    longestTask: Math.max(0, ...tasks),
    longTasks: tasks.filter((duration) => duration > 50).length,
  };
}

/** Lighthouse's default throttling (mobile, slow 4G, simulated), with the CPU slowdown given. */
function throttlingWith(cpuSlowdown: number): Record<string, number> {
  return {
    rttMs: 150,
    throughputKbps: 1638.4,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
    cpuSlowdownMultiplier: cpuSlowdown,
  };
}

export interface LighthouseResult {
  run: LighthouseRun;
  /** Accessibility, best-practices and SEO audits the run failed. */
  failedAudits: string[];
}

/** One Lighthouse run (mobile, simulated throttling at `cpuSlowdown`) on `url` in a fresh Chromium, bounded by `timeoutMs`. */
export async function lighthouseOnce(url: string, cpuSlowdown: number, timeoutMs: number): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        throttlingMethod: 'simulate',
        throttling: throttlingWith(cpuSlowdown),
      }),
      timeoutMs,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr as unknown as Lhr;
    const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents;
    if (trace === undefined) throw new Error('Lighthouse returned no trace');
    return { run: toRun(lhr, trace, cpuSlowdown), failedAudits: failedAudits(lhr) };
  } finally {
    // chrome-launcher kills the Chromium it started, by its own process id.
    await Promise.resolve(chrome.kill()).catch(() => undefined);
  }
}
