// Lighthouse (mobile, simulated throttling) against the production server: medians of several runs per page.
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

interface LighthouseRun {
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
}

/** Accessibility, best-practices and SEO audits that did not pass in some run, with the runs they failed in. */
type FailedAudits = Record<string, number>;

export interface LighthouseSummary {
  path: string;
  runs: LighthouseRun[];
  errors: string[];
  failedAudits: FailedAudits;
  median?: LighthouseRun;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianRun(runs: LighthouseRun[]): LighthouseRun | undefined {
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
  };
}

/** Starts `npm run serve` on `port` for `root` and waits until the home page answers. */
export async function startProductionServer(
  siteDir: string,
  root: string,
  port: number,
  timeoutMs = 30_000,
): Promise<{ url: string; server: BackgroundProcess }> {
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

function toRun(lhr: Lhr): LighthouseRun {
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
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    cpuIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * Runs Lighthouse `runs` times on every path (round-robin, so that a burst of load elsewhere on the machine does not
 * land on one page only), each run in a fresh Chromium, each bounded by `runTimeoutMs`.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  runs: number,
  runTimeoutMs: number,
  log: (line: string) => void,
  deadline = Number.POSITIVE_INFINITY,
): Promise<LighthouseSummary[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const summaries: LighthouseSummary[] = paths.map((path) => ({ path, runs: [], errors: [], failedAudits: {} }));
  for (let round = 1; round <= runs; round += 1) {
    for (const summary of summaries) {
      if (Date.now() + runTimeoutMs > deadline) {
        summary.errors.push(`run ${round} skipped: the benchmark's time is up`);
        continue;
      }
      const url = new URL(summary.path, baseUrl).href;
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      try {
        const result = await withTimeout(
          lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          }),
          runTimeoutMs,
          `Lighthouse on ${summary.path}`,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        const lhr = result.lhr as unknown as Lhr;
        const run = toRun(lhr);
        summary.runs.push(run);
        for (const id of failedAudits(lhr)) summary.failedAudits[id] = (summary.failedAudits[id] ?? 0) + 1;
        log(
          `  lighthouse ${round}/${runs} ${summary.path}: performance ${run.performance}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CPU index ${Math.round(run.cpuIndex)}`,
        );
      } catch (error) {
        summary.errors.push(error instanceof Error ? error.message : String(error));
        log(`  lighthouse ${round}/${runs} ${summary.path}: failed: ${summary.errors.at(-1)}`);
      } finally {
        // chrome-launcher kills the Chromium it started, by its own process id.
        await Promise.resolve(chrome.kill()).catch(() => undefined);
      }
    }
  }
  for (const summary of summaries) summary.median = medianRun(summary.runs);
  return summaries;
}
