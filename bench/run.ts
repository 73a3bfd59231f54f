// `npm run bench`: build times, first-load bytes, Lighthouse medians and build-time growth with content, in one run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedScripts, timeBuilds, timeScaledBuild, type BuildTiming, type ScaledBuild } from './build';
import { measureMainThread, type MainThreadSummary } from './main-thread';
import { runLighthouse, startProductionServer, type LighthouseSummary } from './lighthouse';
import { runLoadTest } from './load';
import { runCommand } from './process';
import { measureSearch } from './search';
import { formatKiB, measureSite, type PageWeight, type SiteWeight } from './weight';

/** The page types Lighthouse is run on (issue 8). */
export const LIGHTHOUSE_PATHS = ['/', '/ecosystem/', '/node/jellyfish/api/account', '/ocean/poolpairs', '/legacy/', '/ecosystem/packages/jellyfish-address'];

interface BenchOptions {
  runs: number;
  factor: number;
  port: number;
  /** The whole run stops after this many minutes; every stage gets at most what is left. */
  maxMinutes: number;
  skipBuild: boolean;
  skipLighthouse: boolean;
  skipMainThread: boolean;
  skipScale: boolean;
  /** Also build with NO_OVERRIDES=1 and compare that build's bytes and Lighthouse figures with the normal one's. */
  compareOverrides: boolean;
  json?: string;
}

const USAGE = `Usage: npm run bench -- [--runs 3] [--factor 10] [--port 4173] [--max-minutes 40]
                        [--skip-build] [--skip-lighthouse] [--skip-main-thread] [--skip-scale] [--compare-overrides] [--json file]
--skip-build measures the existing build/ instead of building (no build times then).
--compare-overrides builds the site again with NO_OVERRIDES=1 (into build-no-overrides/) and compares bytes and
Lighthouse with the normal build, page by page (src/overrides/MANIFEST.md). Run \`npm run build:only\` afterwards:
Docusaurus's .docusaurus folder then holds the build without overrides.`;

function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    runs: 3,
    factor: 10,
    port: 4173,
    maxMinutes: 40,
    skipBuild: false,
    skipLighthouse: false,
    skipMainThread: false,
    skipScale: false,
    compareOverrides: false,
  };
  const number = (name: string, value: string | undefined): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`--${name} needs a positive whole number\n${USAGE}`);
    return parsed;
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
      // Not a port that fetch() refuses (4190, 6000, …): the readiness check uses fetch.
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
      case '--skip-main-thread':
        options.skipMainThread = true;
        break;
      case '--skip-scale':
        options.skipScale = true;
        break;
      case '--compare-overrides':
        options.compareOverrides = true;
        break;
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

function printLighthouse(summaries: LighthouseSummary[], runs: number): void {
  const rows = [['page (median of runs)', 'runs', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'bytes', 'CPU index']];
  for (const summary of summaries) {
    const m = summary.median;
    rows.push(
      m
        ? [
            summary.path,
            `${summary.runs.length}/${runs}`,
            String(m.performance),
            String(m.accessibility),
            String(m.bestPractices),
            String(m.seo),
            `${(m.lcp / 1000).toFixed(2)} s`,
            `${Math.round(m.tbt)} ms`,
            formatKiB(m.bytes),
            String(Math.round(m.cpuIndex)),
          ]
        : [summary.path, `0/${runs}`, '-', '-', '-', '-', '-', '-', '-', '-'],
    );
  }
  log(table(rows));
  for (const summary of summaries) {
    for (const error of summary.errors) log(`  ${summary.path}: ${error}`);
    const failed = Object.entries(summary.failedAudits).map(([id, times]) => `${id} (${times}/${summary.runs.length})`);
    if (failed.length > 0) log(`  ${summary.path} failed audits: ${failed.join(', ')}`);
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const siteDir = path.resolve(__dirname, '..');
  const buildDir = path.join(siteDir, 'build');
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

  if (!options.skipLighthouse || !options.skipMainThread)
    await stage('browser stages', async () => {
      const { url, server } = await startProductionServer(siteDir, buildDir, options.port);
      try {
        if (!options.skipLighthouse) {
          log(`\n## Lighthouse 13, mobile, simulated throttling; ${options.runs} runs per page against npm run serve`);
          const perRunMs = 120_000;
          const summaries = await runLighthouse(url, LIGHTHOUSE_PATHS, options.runs, Math.min(perRunMs, left(perRunMs)), log, deadline);
          printLighthouse(summaries, options.runs);
          results.lighthouse = summaries;
        }
        if (!options.skipMainThread) {
          const runs = Math.max(5, options.runs);
          log(`\n## Main thread on load: Chromium without throttling, CPU time from a trace; median of ${runs} runs`);
          const summaries = await measureMainThread(url, LIGHTHOUSE_PATHS, runs, Math.min(60_000, left(60_000)), log, deadline);
          printMainThread(summaries, runs);
          results.mainThread = summaries;
        }
        log('\n## Search: index size, and time from keystroke to first result');
        const search = await measureSearch(url, buildDir);
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
        const load = await runLoadTest(url, { log });
        results.load = load;
        if (!load.ok) failures.push('load: errors or non-2xx/3xx answers');
      } finally {
        await server.stop();
      }
    });

  if (options.compareOverrides)
    await stage('override comparison', async () => {
      log('\n## With and without the overrides (src/overrides): the same site built again with NO_OVERRIDES=1');
      const plainDir = path.join(siteDir, 'build-no-overrides');
      const build = await runCommand(path.join(siteDir, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', plainDir], {
        cwd: siteDir,
        timeoutMs: left(10 * 60_000),
        env: { ...process.env, NO_OVERRIDES: '1' },
      });
      log(`build without overrides: ${build.seconds.toFixed(1)} s`);
      const plain = measureSite(plainDir, path.join(siteDir, '.docusaurus'));
      const withOverrides = new Map(site.pages.map((page) => [page.route, page]));
      const rows = [['page (first load, brotli)', 'with', 'without', 'difference']];
      for (const page of plain.pages.filter(
        (candidate) => LIGHTHOUSE_PATHS.includes(candidate.route.replace(/\/$/, '') || '/') || LIGHTHOUSE_PATHS.includes(candidate.route),
      )) {
        const other = withOverrides.get(page.route);
        if (!other) continue;
        rows.push([page.route, formatKiB(other.total.brotli), formatKiB(page.total.brotli), formatKiB(page.total.brotli - other.total.brotli)]);
      }
      log(table(rows));
      results.withoutOverrides = { pages: plain.pages.map(({ route, total }) => ({ route, total })) };
      if (options.skipLighthouse) return;
      const { url, server } = await startProductionServer(siteDir, plainDir, options.port + 1);
      try {
        log(`\nLighthouse 13 on the build without overrides; ${options.runs} runs per page`);
        const summaries = await runLighthouse(url, LIGHTHOUSE_PATHS, options.runs, Math.min(120_000, left(120_000)), log, deadline);
        printLighthouse(summaries, options.runs);
        const before = new Map(((results.lighthouse as LighthouseSummary[] | undefined) ?? []).map((summary) => [summary.path, summary.median]));
        const compare = [['page (medians)', 'perf with / without', 'TBT with / without', 'LCP with / without', 'CPU index with / without']];
        for (const summary of summaries) {
          const a = before.get(summary.path);
          const b = summary.median;
          if (!a || !b) continue;
          compare.push([
            summary.path,
            `${a.performance} / ${b.performance}`,
            `${Math.round(a.tbt)} / ${Math.round(b.tbt)} ms`,
            `${(a.lcp / 1000).toFixed(2)} / ${(b.lcp / 1000).toFixed(2)} s`,
            `${Math.round(a.cpuIndex)} / ${Math.round(b.cpuIndex)}`,
          ]);
        }
        log(table(compare));
        results.lighthouseWithoutOverrides = summaries;
      } finally {
        await server.stop();
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
