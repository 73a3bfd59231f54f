// Interaction to next paint of a reader's common interactions (INTERACTIONS below), in Chromium at a CPU slowdown (DevTools' CPU
// throttling over CDP, so the page's own main thread really runs that much slower), timed by the page itself with the
// Event Timing API. Each interaction starts as soon as the page has hydrated, when the most work is still pending.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { median } from './lighthouse';
import { withTimeout } from './process';

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Interaction {
  name: string;
  path: string;
  context: BrowserContextOptions;
  /** What the reader does; resolves once the page has answered. */
  act: (page: Page) => Promise<void>;
  /**
   * For an interaction whose answer is painted in steps (the code tab: its panel follows the tab), an expression (its
   * source) that holds once the whole answer is in the page. It is checked at the first pointer press and then in every
   * animation frame; the time from the press to the frame where it first holds (layout and paint follow) is what the
   * reader waits for, next to the interaction's first paint.
   */
  shown?: string;
}

const INTERACTIONS: readonly Interaction[] = [
  {
    name: 'open the search box and type',
    path: '/',
    context: DESKTOP,
    act: async (page) => {
      await page.locator('input.navbar__search-input').click();
      await page.keyboard.type('getblock', { delay: 120 });
      await page.locator('[role="listbox"] [role="option"]').first().waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'switch a code tab',
    path: '/node/jellyfish/api/account',
    context: DESKTOP,
    act: async (page) => {
      const tab = page.locator('article [role="tablist"] [role="tab"][aria-selected="false"]').first();
      await tab.click();
      await page.locator('article [role="tablist"] [role="tab"][aria-selected="true"]').first().waitFor();
    },
    // The first group is the one clicked (every group has a tab not selected); its panel shows the curl call.
    shown: `(function () {
      var panel = document.querySelector('article .tabs-container [role="tabpanel"]:not([hidden]) pre');
      return panel !== null && panel.textContent.indexOf('curl ') >= 0;
    })()`,
  },
  {
    name: 'toggle the colour mode',
    path: '/ecosystem/',
    context: DESKTOP,
    // From the system's mode (light here) the toggle goes to light, then to dark: two interactions.
    act: async (page) => {
      const toggle = page.locator('.navbar button[aria-label^="Switch between dark and light mode"]').first();
      await toggle.click();
      await toggle.click();
      await page.waitForFunction(`document.documentElement.dataset.theme === 'dark'`);
    },
  },
  {
    name: 'open the mobile menu',
    path: '/node/jellyfish/api/account',
    context: PHONE,
    act: async (page) => {
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.locator('.navbar-sidebar a[href="/node/design"]').waitFor({ state: 'visible' });
    },
  },
];

/** Collects every Event Timing entry that belongs to an interaction (duration 16 ms and up: the API's floor). */
const OBSERVE_INTERACTIONS = `
  window.__interactions = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('pointerdown', function (event) {
    if (window.__pressed !== undefined) return;
    window.__pressed = event.timeStamp;
    if (typeof window.__answerShown !== 'function') return;
    (function check() {
      if (window.__answerShown()) window.__shown = performance.now() - window.__pressed;
      else requestAnimationFrame(check);
    })();
  }, { capture: true });
`;

interface InteractionRun {
  /** The longest interaction's duration (Event Timing rounds to 8 ms; 0 when every one was under 16 ms), ms. */
  inp: number;
  /** The event type of the longest interaction. */
  slowest: string;
  /** Press to the frame that paints the whole answer (interactions with `shown`), ms. */
  shown?: number;
}

export interface InteractionSummary {
  name: string;
  path: string;
  cpuSlowdown: number;
  runs: InteractionRun[];
  errors: string[];
  /** Median over runs of the longest interaction. */
  inp?: number;
  /** Median over runs of `shown`. */
  shown?: number;
}

async function once(browser: Browser, baseUrl: string, interaction: Interaction, cpuSlowdown: number): Promise<InteractionRun> {
  // The served CSP forbids evaluating strings, which is how the probe runs.
  const context = await browser.newContext({ ...interaction.context, colorScheme: 'light', bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(
      OBSERVE_INTERACTIONS + (interaction.shown === undefined ? '' : `window.__answerShown = function () { return ${interaction.shown}; };`),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(new URL(interaction.path, baseUrl).href, { waitUntil: 'commit' });
    await page.waitForFunction(`document.documentElement.dataset.hasHydrated === 'true'`, undefined, { polling: 50, timeout: 60_000 });
    await interaction.act(page);
    let shown: number | undefined;
    if (interaction.shown !== undefined) {
      await page.waitForFunction('window.__shown !== undefined', undefined, { polling: 50, timeout: 30_000 });
      shown = Number(await page.evaluate('window.__shown'));
    }
    // Entries are delivered after the next paint.
    await page.waitForTimeout(500);
    const entries = await page.evaluate<{ id: number; name: string; duration: number }[]>('window.__interactions');
    const slowest = entries.reduce<{ name: string; duration: number } | undefined>(
      (worst, entry) => (worst && worst.duration >= entry.duration ? worst : entry),
      undefined,
    );
    return { inp: slowest?.duration ?? 0, slowest: slowest?.name ?? '-', ...(shown === undefined ? {} : { shown }) };
  } finally {
    await context.close();
  }
}

/** Lighthouse's CPU benchmark index of this host now, computed by Lighthouse's own page function in a blank page. */
async function cpuBenchmarkIndex(browser: Browser): Promise<number> {
  const { pageFunctions } = (await import('lighthouse/core/lib/page-functions.js')) as unknown as { pageFunctions: { computeBenchmarkIndex: () => number } };
  const page = await browser.newPage();
  try {
    return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  } finally {
    await page.close();
  }
}

/**
 * Runs every interaction `runs` times (round-robin) at each of `slowdowns`; a function of the host's CPU index
 * (measured once before each round) may add the slow host's rate.
 */
export async function measureInteractions(
  baseUrl: string,
  runs: number,
  slowdowns: (cpuIndex: number) => number[],
  runTimeoutMs: number,
  log: (line: string) => void,
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ summaries: InteractionSummary[]; cpuIndexes: number[] }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS });
  const summaries = new Map<string, InteractionSummary>();
  const cpuIndexes: number[] = [];
  try {
    for (let round = 1; round <= runs; round += 1) {
      const index = await cpuBenchmarkIndex(browser);
      cpuIndexes.push(index);
      for (const interaction of INTERACTIONS) {
        for (const [pass, cpuSlowdown] of slowdowns(index).entries()) {
          // The slow host's rate follows the index of each round; its runs share one row.
          const key = `${interaction.name}@${pass}`;
          const summary = summaries.get(key) ?? { name: interaction.name, path: interaction.path, cpuSlowdown, runs: [], errors: [] };
          summaries.set(key, summary);
          if (Date.now() + runTimeoutMs > deadline) {
            summary.errors.push(`run ${round} skipped: the benchmark's time is up`);
            continue;
          }
          try {
            const run = await withTimeout(once(browser, baseUrl, interaction, cpuSlowdown), runTimeoutMs, `${interaction.name} at ${cpuSlowdown}x`);
            summary.runs.push(run);
            const shown = run.shown === undefined ? '' : `, answer shown at ${Math.round(run.shown)} ms`;
            log(
              `  ${round}/${runs} ${interaction.name} at ${cpuSlowdown}x (CPU index ${Math.round(index)}): ${Math.round(run.inp)} ms (${run.slowest})${shown}`,
            );
          } catch (error) {
            summary.errors.push(error instanceof Error ? error.message : String(error));
            log(`  ${round}/${runs} ${interaction.name} at ${cpuSlowdown}x: failed: ${summary.errors.at(-1)}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  const list = [...summaries.values()];
  for (const summary of list) {
    if (summary.runs.length > 0) summary.inp = median(summary.runs.map((run) => run.inp));
    const shown = summary.runs.flatMap((run) => (run.shown === undefined ? [] : [run.shown]));
    if (shown.length > 0) summary.shown = median(shown);
  }
  return { summaries: list, cpuIndexes };
}
