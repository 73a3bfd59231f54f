// The side-by-side stage of `npm run bench`: every page type as served, the same build with every script
// removed (the limit: bench/limit.ts) and the build without overrides (the peer: NO_OVERRIDES=1), measured by
// Lighthouse in one run with the runs interleaved (round by round, page by page, build by build), so that a burst of
// load on the shared host falls on all three alike. On a quick host each run is followed by one at the CPU slowdown
// that makes the host as slow as one of CPU benchmark index 1,000 at Lighthouse's 4x (4 x index / 1000).
import { lighthouseOnce, median, medianRun, type FailedAudits, type LighthouseRun } from './lighthouse';
import type { Page } from './pages';

export const VARIANTS = ['site', 'limit', 'peer'] as const;
export type Variant = (typeof VARIANTS)[number];

export const VARIANT_LABELS: Record<Variant, string> = {
  site: 'as served',
  limit: 'no scripts (limit)',
  peer: 'NO_OVERRIDES=1 (peer)',
};

/** Lighthouse's default CPU slowdown, and the index of the host it stands for on the slow-host pass. */
export const DEFAULT_SLOWDOWN = 4;
export const SLOW_HOST_INDEX = 1000;

export type Pass = 'standard' | 'slow host';
export type SlowHost = 'auto' | 'off';

interface Cell {
  runs: LighthouseRun[];
  errors: string[];
  failedAudits: FailedAudits;
  median?: LighthouseRun;
}

export interface PageResult {
  page: Page;
  cells: Record<Pass, Partial<Record<Variant, Cell>>>;
}

export interface SideBySideOptions {
  urls: Partial<Record<Variant, string>>;
  pages: Page[];
  runs: number;
  slowHost: SlowHost;
  runTimeoutMs: number;
  deadline: number;
  log: (line: string) => void;
}

/** The slowdown that makes a host of CPU benchmark `index` as slow as one of SLOW_HOST_INDEX at the default 4x. */
export function slowHostSlowdown(index: number): number {
  return Math.round(((DEFAULT_SLOWDOWN * index) / SLOW_HOST_INDEX) * 10) / 10;
}

function emptyCell(): Cell {
  return { runs: [], errors: [], failedAudits: {} };
}

async function measure(cell: Cell, url: string, slowdown: number, options: SideBySideOptions, label: string): Promise<LighthouseRun | undefined> {
  if (Date.now() + options.runTimeoutMs > options.deadline) {
    cell.errors.push(`${label}: skipped, the benchmark's time is up`);
    return undefined;
  }
  try {
    const { run, failedAudits } = await lighthouseOnce(url, slowdown, options.runTimeoutMs);
    cell.runs.push(run);
    for (const id of failedAudits) cell.failedAudits[id] = (cell.failedAudits[id] ?? 0) + 1;
    options.log(
      `  ${label}: perf ${run.performance}, TBT ${Math.round(run.tbt)} ms, LCP ${Math.round(run.lcp)} ms, longest task ${run.longestTask} ms, ` +
        `CPU index ${Math.round(run.cpuIndex)}${slowdown === DEFAULT_SLOWDOWN ? '' : ` at ${slowdown}x`}`,
    );
    return run;
  } catch (error) {
    cell.errors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    options.log(`  ${label}: failed: ${cell.errors.at(-1)}`);
    return undefined;
  }
}

/** Runs the interleaved Lighthouse runs and returns every run with the medians. */
export async function runSideBySide(options: SideBySideOptions): Promise<PageResult[]> {
  const variants = VARIANTS.filter((variant) => options.urls[variant] !== undefined);
  const results: PageResult[] = options.pages.map((page) => ({
    page,
    cells: {
      standard: Object.fromEntries(variants.map((variant) => [variant, emptyCell()])),
      'slow host': Object.fromEntries(variants.map((variant) => [variant, emptyCell()])),
    },
  }));
  for (let round = 1; round <= options.runs; round += 1) {
    for (const result of results) {
      for (const variant of variants) {
        const url = new URL(result.page.path, options.urls[variant]).href;
        const label = `${round}/${options.runs} ${result.page.path} ${variant}`;
        const standard = await measure(result.cells.standard[variant] as Cell, url, DEFAULT_SLOWDOWN, options, label);
        // Only a host quicker than the one 4x stands for gets the slow-host run.
        if (options.slowHost === 'off' || standard === undefined || !(standard.cpuIndex > SLOW_HOST_INDEX)) continue;
        const slowdown = slowHostSlowdown(standard.cpuIndex);
        await measure(result.cells['slow host'][variant] as Cell, url, slowdown, options, `${label} (slow host)`);
      }
    }
  }
  for (const result of results) {
    for (const pass of ['standard', 'slow host'] as const) {
      for (const cell of Object.values(result.cells[pass])) cell.median = medianRun(cell.runs);
    }
  }
  return results;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '))
    .join('\n');
}

/** "a / b / c" over the variants present, '-' where a variant has no run. */
function triple(cells: Partial<Record<Variant, Cell>>, pick: (run: LighthouseRun) => string): string {
  return VARIANTS.filter((variant) => cells[variant] !== undefined)
    .map((variant) => {
      const m = cells[variant]?.median;
      return m === undefined ? '-' : pick(m);
    })
    .join(' / ');
}

function signed(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return '-';
  const rounded = Math.round(value);
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : '±'}${Math.abs(rounded)}${unit}`;
}

/** The CPU benchmark indexes of a cell's runs: median and range. */
function indexes(cell: Cell | undefined): string {
  if (cell === undefined || cell.runs.length === 0) return '-';
  const values = cell.runs.map((run) => Math.round(run.cpuIndex));
  return `${Math.round(median(values))} (${Math.min(...values)}-${Math.max(...values)})`;
}

/** Prints the three columns of every page type for one pass, with the differences to the limit and to the peer. */
export function printSideBySide(results: PageResult[], pass: Pass, log: (line: string) => void): void {
  const present = results.filter((result) => Object.values(result.cells[pass]).some((cell) => cell.runs.length > 0));
  if (present.length === 0) return;
  const variants = VARIANTS.filter((variant) => present.some((result) => result.cells[pass][variant] !== undefined));
  const order = variants.join(' / ');
  const slowdowns = present.flatMap((result) => Object.values(result.cells[pass]).flatMap((cell) => cell.runs.map((run) => run.cpuSlowdown)));
  log(
    pass === 'standard'
      ? `\nMedians at Lighthouse's 4x CPU slowdown (${order}):`
      : `\nSlow host: medians at 4 x CPU index / 1000 (${Math.min(...slowdowns)}x to ${Math.max(...slowdowns)}x; ${order}):`,
  );
  const rows = [['page', 'perf', 'TBT ms', 'LCP s', 'longest task ms', 'tasks > 50 ms', 'TBT above limit', 'perf below limit', 'TBT vs peer']];
  for (const { page, cells: all } of present) {
    const cells = all[pass];
    const site = cells.site?.median;
    const limit = cells.limit?.median;
    const peer = cells.peer?.median;
    rows.push([
      `${page.type} ${page.path}`,
      triple(cells, (m) => String(m.performance)),
      triple(cells, (m) => String(Math.round(m.tbt))),
      triple(cells, (m) => (m.lcp / 1000).toFixed(2)),
      triple(cells, (m) => String(Math.round(m.longestTask))),
      triple(cells, (m) => String(m.longTasks)),
      site && limit ? signed(site.tbt - limit.tbt, ' ms') : '-',
      site && limit ? signed(limit.performance - site.performance) : '-',
      site && peer ? signed(site.tbt - peer.tbt, ' ms') : '-',
    ]);
  }
  log(table(rows));
  const indexRows = [['CPU benchmark index, median (range)', ...variants]];
  for (const { page, cells } of present) indexRows.push([`${page.type} ${page.path}`, ...variants.map((variant) => indexes(cells[pass][variant]))]);
  log(`\n${table(indexRows)}`);
  for (const { page, cells } of present) {
    for (const [variant, cell] of Object.entries(cells[pass])) {
      for (const error of cell.errors) log(`  ${page.path} ${variant}: ${error}`);
      const failed = Object.entries(cell.failedAudits).map(([id, times]) => `${id} (${times}/${cell.runs.length})`);
      if (failed.length > 0 && variant !== 'limit') log(`  ${page.path} ${variant} failed audits: ${failed.join(', ')}`);
    }
  }
}
