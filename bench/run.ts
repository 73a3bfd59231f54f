// `npm run bench`: build times, first-load bytes, the side-by-side Lighthouse stage (as served, without scripts, without
// overrides), interactions, main-thread work, search, load and build-time growth with content, in one run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPeer, sharedScripts, timeBuilds, timeScaledBuild, type BuildTiming, type ScaledBuild } from './build';
import {
  DEFAULT_SLOWDOWN,
  SLOW_HOST_INDEX,
  VARIANTS,
  VARIANT_LABELS,
  printSideBySide,
  runSideBySide,
  slowHostSlowdown,
  type SlowHost,
  type Variant,
} from './side-by-side';
import { measureInteractions, type InteractionSummary } from './interactions';
import { writeScriptFreeCopy } from './limit';
import { measureMainThread, type MainThreadSummary } from './main-thread';
import { startProductionServer } from './lighthouse';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { evaluate } from '../server/mcp/eval/evaluate';
import { runLoadTest } from './load';
import { resolvePages } from './pages';
import { runCommand } from './process';
import { measureSearch } from './search';
import { formatKiB, measureSite, type PageWeight, type SiteWeight } from './weight';

interface BenchOptions {
  runs: number;
  factor: number;
  port: number;
  /** The whole run stops after this many minutes; every stage gets at most what is left. */
  maxMinutes: number;
  skipBuild: boolean;
  skipLighthouse: boolean;
  skipInteractions: boolean;
  skipMainThread: boolean;
  skipSearch: boolean;
  skipScale: boolean;
  /** Which of the three builds the side-by-side stage measures. */
  variants: Variant[];
  /** Page types to measure (words of their names); all when empty. */
  pages: string[];
  slowHost: SlowHost;
  json?: string;
}

const USAGE = `Usage: npm run bench -- [--runs 3] [--factor 10] [--port 4173] [--max-minutes 120]
                        [--skip-build] [--skip-lighthouse] [--skip-interactions] [--skip-main-thread] [--skip-search]
                        [--skip-scale] [--variants site,limit,peer] [--pages rpc,ocean] [--slow-host auto|off] [--json file]
--skip-build       measures the existing build/ (no build times then) and reuses build-no-overrides/ when it exists.
--variants         the builds of the side-by-side stage: site (build/ as served), limit (build-limit/: build/ with
                   every script removed), peer (build-no-overrides/: NO_OVERRIDES=1, built in a copy of the site).
--pages            page types to measure, by words of their names (bench/pages.ts); all by default.
--slow-host        after each run on a host quicker than CPU index ${SLOW_HOST_INDEX}, run again at 4 x index / ${SLOW_HOST_INDEX} (auto), or never (off).`;

function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    runs: 3,
    factor: 10,
    port: 4173,
    maxMinutes: 120,
    skipBuild: false,
    skipLighthouse: false,
    skipInteractions: false,
    skipMainThread: false,
    skipSearch: false,
    skipScale: false,
    variants: [...VARIANTS],
    pages: [],
    slowHost: 'auto',
  };
  const number = (name: string, value: string | undefined): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`--${name} needs a positive whole number\n${USAGE}`);
    return parsed;
  };
  const list = (name: string, value: string | undefined): string[] => {
    const items = (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (items.length === 0) throw new Error(`--${name} needs a comma-separated list\n${USAGE}`);
    return items;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    switch (arg) {
      case '--runs':
        options.runs = number('runs', argv[++i]);
        break;
      case '--factor':
        options.factor = number('factor', argv[++i]);
        break;
      // Not a port that fetch() refuses (4190, 6000, …): the readiness check uses fetch. The limit and the peer are
      // served on the next two ports.
      case '--port':
        options.port = number('port', argv[++i]);
        break;
      case '--max-minutes':
        options.maxMinutes = number('max-minutes', argv[++i]);
        break;
      case '--skip-build':
        options.skipBuild = true;
        break;
      case '--skip-lighthouse':
        options.skipLighthouse = true;
        break;
      case '--skip-interactions':
        options.skipInteractions = true;
        break;
      case '--skip-main-thread':
        options.skipMainThread = true;
        break;
      case '--skip-search':
        options.skipSearch = true;
        break;
      case '--skip-scale':
        options.skipScale = true;
        break;
      case '--variants': {
        const variants = list('variants', argv[++i]);
        const unknown = variants.filter((variant) => !(VARIANTS as readonly string[]).includes(variant));
        if (unknown.length > 0) throw new Error(`unknown variant ${unknown.join(', ')}\n${USAGE}`);
        options.variants = VARIANTS.filter((variant) => variants.includes(variant));
        break;
      }
      case '--pages':
        options.pages = list('pages', argv[++i]);
        break;
      case '--slow-host': {
        const value = argv[++i];
        if (value !== 'auto' && value !== 'off') throw new Error(`--slow-host takes auto or off\n${USAGE}`);
        options.slowHost = value;
        break;
      }
      case '--json':
        options.json = argv[++i];
        break;
      case '--help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  return options;
}

function log(line: string): void {
  console.log(line);
}

function machine(): Record<string, string> {
  const cpus = os.cpus();
  return {
    cpus: `${os.availableParallelism()} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    'load average at start': os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '))
    .join('\n');
}

function weightRow(page: PageWeight): string[] {
  return [
    page.route,
    `${formatKiB(page.html.raw)} / ${formatKiB(page.html.brotli)}`,
    `${formatKiB(page.css.raw)} / ${formatKiB(page.css.brotli)}`,
    `${formatKiB(page.js.raw)} / ${formatKiB(page.js.brotli)}`,
    `${formatKiB(page.total.raw)} / ${formatKiB(page.total.brotli)}`,
  ];
}

function printWeight(site: SiteWeight): void {
  const header = ['page (raw / brotli)', 'HTML', 'CSS', 'JS', 'first load'];
  log(table([header, ...site.pages.map(weightRow)]));
  const sum = (pick: (page: PageWeight) => number): number => site.pages.reduce((total, page) => total + pick(page), 0);
  const n = site.pages.length;
  log(
    `\n${n} pages; sum of first loads: ${formatKiB(sum((p) => p.total.raw))} raw, ${formatKiB(sum((p) => p.total.brotli))} brotli; ` +
      `mean per page: ${formatKiB(sum((p) => p.total.raw) / n)} raw, ${formatKiB(sum((p) => p.total.brotli) / n)} brotli`,
  );
  const largest = [...site.pages].sort((a, b) => b.total.brotli - a.total.brotli)[0];
  if (largest) log(`heaviest first load: ${largest.route} (${formatKiB(largest.total.raw)} raw, ${formatKiB(largest.total.brotli)} brotli)`);
  let assetsRaw = 0;
  let assetsBrotli = 0;
  for (const size of site.assets.values()) {
    assetsRaw += size.raw;
    assetsBrotli += size.brotli;
  }
  log(`distinct CSS and JS files these first loads use: ${site.assets.size}, ${formatKiB(assetsRaw)} raw, ${formatKiB(assetsBrotli)} brotli`);
}

function printMainThread(summaries: MainThreadSummary[], runs: number): void {
  const rows = [['page (median of runs)', 'runs', 'main-thread CPU', 'CPU beyond 50 ms/task', 'elements rebuilt']];
  for (const summary of summaries) {
    const m = summary.median;
    rows.push(
      m
        ? [summary.path, `${summary.runs.length}/${runs}`, `${Math.round(m.cpuMs)} ms`, `${Math.round(m.blockingCpuMs)} ms`, String(m.removedElements)]
        : [summary.path, `0/${runs}`, '-', '-', '-'],
    );
  }
  log(table(rows));
  for (const summary of summaries) for (const error of summary.errors) log(`  ${summary.path}: ${error}`);
}

function printInteractions(summaries: InteractionSummary[], cpuIndexes: number[]): void {
  const rows = [['interaction (median of runs; Event Timing, 16 ms floor)', 'page', 'CPU slowdown', 'runs', 'INP', 'answer shown']];
  for (const summary of summaries) {
    rows.push([
      summary.name,
      summary.path,
      summary.cpuSlowdown === DEFAULT_SLOWDOWN ? '4x' : 'slow host',
      String(summary.runs.length),
      summary.inp === undefined ? '-' : `${Math.round(summary.inp)} ms`,
      summary.shown === undefined ? '-' : `${Math.round(summary.shown)} ms`,
    ]);
  }
  log(table(rows));
  log('answer shown: from the press to the frame that paints the whole answer (the code tab: its panel; checked each frame), for an answer painted in steps.');
  log(`CPU benchmark index before each round: ${cpuIndexes.map((index) => Math.round(index)).join(', ')}`);
  for (const summary of summaries) for (const error of summary.errors) log(`  ${summary.name}: ${error}`);
}

/** Servers still running: a bench stopped with Ctrl-C or SIGTERM stops them too (each runs in a group of its own). */
const running = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([...running].map((stop) => stop())).finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const siteDir = path.resolve(__dirname, '..');
  const buildDir = path.join(siteDir, 'build');
  const limitDir = path.join(siteDir, 'build-limit');
  const peerDir = path.join(siteDir, 'build-no-overrides');
  const deadline = Date.now() + options.maxMinutes * 60_000;
  const left = (capMs: number): number => {
    const remaining = deadline - Date.now();
    if (remaining < 5_000) throw new Error(`the benchmark ran out of its ${options.maxMinutes} minutes`);
    return Math.min(capMs, remaining);
  };
  const results: Record<string, unknown> = { date: new Date().toISOString(), machine: machine(), options };

  log('# Benchmark');
  for (const [key, value] of Object.entries(machine())) log(`${key}: ${value}`);

  let timing: BuildTiming | undefined;
  if (!options.skipBuild) {
    log('\n## Generate');
    const generate = await runCommand('npm', ['run', '--silent', 'generate'], { cwd: siteDir, timeoutMs: left(5 * 60_000) });
    log(`npm run generate: ${generate.seconds.toFixed(1)} s`);
    results.generateSeconds = generate.seconds;

    log('\n## Build (docusaurus build)');
    timing = await timeBuilds(siteDir, left(10 * 60_000));
    log(`cold (after docusaurus clear): ${timing.coldSeconds.toFixed(1)} s, ${(timing.pages / timing.coldSeconds).toFixed(1)} pages/s`);
    log(`warm (second build):           ${timing.warmSeconds.toFixed(1)} s, ${(timing.pages / timing.warmSeconds).toFixed(1)} pages/s`);
    log(`pages (HTML files): ${timing.pages}`);
    results.build = timing;

    // The pages measured are the ones served: the route-chunk preloads, the security headers and the brotli and gzip
    // twins are written inside docusaurus build, by the site-output plugin's postBuild (src/plugins/site-output).
  }

  log('\n## First-load bytes per page (HTML + CSS + JS incl. route chunks; brotli quality 11)');
  const site = measureSite(buildDir, path.join(siteDir, '.docusaurus'));
  printWeight(site);
  results.pages = site.pages.map(({ route, html, css, js, total }) => ({ route, html, css, js, total }));

  // From here on a failing stage is reported and the others still run: the figures measured so far are kept.
  const failures: string[] = [];
  const stage = async (name: string, body: () => Promise<void>): Promise<void> => {
    try {
      await body();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${name}: ${message}`);
      log(`${name} failed: ${message}`);
    }
  };

  const { pages, missing } = resolvePages(buildDir, options.pages);
  for (const type of missing) log(`page type not in this build, left out: ${type}`);
  results.pageTypes = pages;

  const sideBySide = !options.skipLighthouse;
  if (sideBySide && options.variants.includes('limit'))
    await stage('limit', async () => {
      const rewritten = await writeScriptFreeCopy(buildDir, limitDir);
      log(`\nlimit: build/ copied to build-limit/ with the scripts of ${rewritten} pages removed`);
    });
  if (sideBySide && options.variants.includes('peer'))
    await stage('peer build', async () => {
      if (options.skipBuild && fs.existsSync(path.join(peerDir, 'index.html'))) {
        log(`\npeer: reusing build-no-overrides/ of ${fs.statSync(path.join(peerDir, 'index.html')).mtime.toISOString()} (--skip-build)`);
        return;
      }
      log('\n## The peer: the same site built with NO_OVERRIDES=1 (in a copy of the site)');
      const peer = await buildPeer(siteDir, peerDir, left(10 * 60_000));
      log(`build without overrides: ${peer.seconds.toFixed(1)} s`);
      const withOverrides = new Map(site.pages.map((page) => [page.route, page]));
      const rows = [['page (first load, brotli)', 'as served', 'peer', 'difference']];
      const measured = new Set(pages.map((page) => page.path.replace(/\/?$/, '/')));
      for (const page of peer.weight.pages.filter((candidate) => measured.has(candidate.route.replace(/\/?$/, '/')))) {
        const other = withOverrides.get(page.route);
        if (!other) continue;
        rows.push([page.route, formatKiB(other.total.brotli), formatKiB(page.total.brotli), formatKiB(page.total.brotli - other.total.brotli)]);
      }
      log(table(rows));
      results.peerPages = peer.weight.pages.map(({ route, total }) => ({ route, total }));
    });

  const dirs: Record<Variant, string> = { site: buildDir, limit: limitDir, peer: peerDir };
  const browserStages = sideBySide || !options.skipInteractions || !options.skipMainThread || !options.skipSearch;
  if (browserStages)
    await stage('browser stages', async () => {
      const servers: Partial<Record<Variant, { url: string; stop: () => Promise<void> }>> = {};
      try {
        for (const [offset, variant] of VARIANTS.entries()) {
          if (variant !== 'site' && !(sideBySide && options.variants.includes(variant) && fs.existsSync(path.join(dirs[variant], 'index.html')))) continue;
          const { url, server } = await startProductionServer(siteDir, dirs[variant], options.port + offset);
          const stop = (): Promise<void> => server.stop();
          running.add(stop);
          servers[variant] = { url, stop };
        }
        const site = servers.site as { url: string };
        if (sideBySide) {
          const urls = Object.fromEntries(options.variants.filter((variant) => servers[variant]).map((variant) => [variant, servers[variant]?.url]));
          log(
            `\n## Side by side: Lighthouse 13, mobile, simulated throttling; ${options.runs} runs per page and build, interleaved\n` +
              options.variants.map((variant) => `${variant}: ${VARIANT_LABELS[variant]}`).join('; '),
          );
          const sideResults = await runSideBySide({ urls, pages, runs: options.runs, slowHost: options.slowHost, runTimeoutMs: left(120_000), deadline, log });
          printSideBySide(sideResults, 'standard', log);
          printSideBySide(sideResults, 'slow host', log);
          results.sideBySide = sideResults;
        }
        if (!options.skipInteractions) {
          log(`\n## Interactions: Chromium at a CPU slowdown (CDP), Event Timing in the page; ${options.runs} runs each`);
          const slowdowns = (index: number): number[] =>
            options.slowHost === 'off' || !(index > SLOW_HOST_INDEX) ? [DEFAULT_SLOWDOWN] : [DEFAULT_SLOWDOWN, slowHostSlowdown(index)];
          const { summaries, cpuIndexes } = await measureInteractions(site.url, options.runs, slowdowns, Math.min(120_000, left(120_000)), log, deadline);
          printInteractions(summaries, cpuIndexes);
          results.interactions = { summaries, cpuIndexes };
        }
        if (!options.skipMainThread) {
          const runs = Math.max(5, options.runs);
          log(`\n## Main thread on load: Chromium without throttling, CPU time from a trace; median of ${runs} runs`);
          const summaries = await measureMainThread(
            site.url,
            pages.map((page) => page.path),
            runs,
            Math.min(60_000, left(60_000)),
            log,
            deadline,
          );
          printMainThread(summaries, runs);
          results.mainThread = summaries;
        }
        if (!options.skipSearch) {
          log('\n## Search: index size, and time from keystroke to first result');
          const search = await measureSearch(site.url, buildDir);
          log(
            `index: ${formatKiB(search.index.raw)} raw, ${formatKiB(search.index.gzip)} gzip, ${formatKiB(search.index.brotli)} brotli (downloaded on first use)`,
          );
          const symbols = search.symbols;
          log(
            symbols
              ? `symbol index chunk: ${formatKiB(symbols.raw)} raw, ${formatKiB(symbols.gzip)} gzip, ${formatKiB(symbols.brotli)} brotli (downloaded with it)`
              : 'symbol index chunk: none in this build',
          );
          log(`first query, index download included: ${search.firstQueryMs.toFixed(0)} ms`);
          log(`keystroke to first result, median: ${search.keystrokeToResultMs.toFixed(0)} ms`);
          if (search.symbolSearchMs !== null && search.fullTextSearchMs !== null) {
            log(
              `of which, medians per query: symbol index ${search.symbolSearchMs.toFixed(1)} ms, the plugin's full-text worker ${search.fullTextSearchMs.toFixed(1)} ms`,
            );
          }
          results.search = search;

          log('\n## Load: 200 connections, 10 s, loopback');
          const load = await runLoadTest(site.url, { log });
          results.load = load;
          if (!load.ok) failures.push('load: errors or non-2xx/3xx answers');

          log('\n## MCP evaluation: the questions of server/mcp/eval/questions.json through the SDK client over HTTP');
          const client = new Client({ name: 'bench', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', site.url)));
          const evaluation = await evaluate(client);
          await client.close();
          const share = (count: number): string => `${count}/${evaluation.questions} (${((100 * count) / evaluation.questions).toFixed(1)}%)`;
          log(`answering section among the first 3 search results: ${share(evaluation.found)}`);
          log(`facts in the answer of the next tool: ${share(evaluation.factsHeld)}`);
          results.mcpEvaluation = { questions: evaluation.questions, found: evaluation.found, factsHeld: evaluation.factsHeld };
        }
      } finally {
        for (const server of Object.values(servers)) {
          await server.stop();
          running.delete(server.stop);
        }
      }
    });

  if (!options.skipScale)
    await stage('growth stage', async () => {
      log(`\n## Growth: the generated reference × ${options.factor} (synthetic categories), cold build`);
      const scaled: ScaledBuild = await timeScaledBuild(siteDir, options.factor, left(20 * 60_000));
      log(
        `reference pages: ${scaled.referencePages}; pages: ${scaled.pages}; cold build ${scaled.coldSeconds.toFixed(1)} s, ${(scaled.pages / scaled.coldSeconds).toFixed(1)} pages/s`,
      );
      const shared = sharedScripts(buildDir);
      log(
        `bundle every page loads (runtime + main): ${formatKiB(scaled.sharedJs.raw)} raw, ${formatKiB(scaled.sharedJs.brotli)} brotli ` +
          `(normal build: ${formatKiB(shared.raw)} raw, ${formatKiB(shared.brotli)} brotli): the route table grows with every page`,
      );
      // Without this run's own cold build (--skip-build), the same copy with the reference once is the baseline.
      const baseline = timing ?? (await timeScaledBuild(siteDir, 1, left(20 * 60_000)));
      if (!timing) log(`baseline: the copy with the reference once: ${baseline.pages} pages, cold build ${baseline.coldSeconds.toFixed(1)} s`);
      log(
        `ratio to the normal cold build: time × ${(scaled.coldSeconds / baseline.coldSeconds).toFixed(2)} for pages × ${(scaled.pages / baseline.pages).toFixed(2)}`,
      );
      results.scaled = scaled;
      results.scaleBaseline = { pages: baseline.pages, coldSeconds: baseline.coldSeconds };
    });

  results.failures = failures;
  log(
    `\nload average at end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  if (options.json) {
    fs.writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
    log(`results written to ${options.json}`);
  }
  if (failures.length > 0) throw new Error(`${failures.length} stage(s) failed:\n${failures.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
