// The checks that every route gets on each of its loads (tests/e2e/crawl.test.ts), and that the files testing one of
// them on a wrong page reuse: axe, what the page asks of the network and logs, the off-screen blocks' layout, and
// what overflows its box.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result, RunOptions } from 'axe-core';
import type { ConsoleMessage, Page, Request } from 'playwright-core';

/** WCAG 2.2 AA and best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One line per violation, with a few of the offending elements, so a failure says what to fix and where. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`)
        .join('\n');
      return `${violation.id} (${violation.impact ?? 'n/a'}) on ${violation.nodes.length} element(s): ${violation.help}\n${where}`;
    })
    .join('\n');
}

/** axe-core's browser build, the one @axe-core/playwright injects (both are pinned to the same version). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The same source for the builder, run only where axe is not there yet. The builder gives its injection into a frame
 * one second and, past it, leaves the frame out of the audit without a word; on a busy host evaluating the whole
 * source in a frame can take longer. With axe already in every frame (injected below, with no limit) this is a test
 * and nothing more there; the blank page the builder joins the parts in has no axe and runs the source (it has no
 * content security policy to refuse the eval).
 */
const AXE_ONCE = `if (typeof window.axe === 'undefined') (0, eval)(${JSON.stringify(AXE_SOURCE)});`;

/**
 * axe's violations on the page as it is (WCAG 2.2 AA and best practice, less the rules named in `disabled`).
 *
 * A page without frames is audited by one `axe.run` over its document, asked for violations only: the same rules on
 * the same nodes as `AxeBuilder#analyze`, which audits each frame apart (`runPartial`) and then joins the parts in a
 * blank page of its own (`finishRun`), carrying every passing node's HTML across: on the largest reference pages that
 * round trip cost more than the audit (10 s against 4 s for /node/jellyfish/api/loan). A page with a frame goes
 * through the builder, which is what reaches inside frames; a frame it could not audit is a violation (`frame-tested`
 * as one), never a silent pass.
 */
export async function axeResults(page: Page, disabled: readonly string[] = []): Promise<Result[]> {
  if (page.frames().length > 1) {
    for (const frame of page.frames()) {
      if (!(await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await frame.evaluate(AXE_SOURCE);
    }
    const { violations } = await new AxeBuilder({ page, axeSource: AXE_ONCE })
      // axe reads a check's options from `checks` of the run options (getCheckOption); its types leave that key out.
      .options({ checks: { 'frame-tested': { options: { isViolation: true } } } } as RunOptions)
      .withTags(AXE_TAGS)
      .disableRules([...disabled])
      .analyze();
    return violations;
  }
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])),
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async (runOptions) =>
      (
        await (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<{ violations: Result[] }> } }).axe.run(
          document,
          runOptions,
        )
      ).violations,
    options,
  );
}

/** axe's violations on the page as it is, described; empty when there are none. */
export async function axeViolations(page: Page, disabled: readonly string[] = []): Promise<string> {
  return describeViolations(await axeResults(page, disabled));
}

export interface TrafficRecord {
  /** Requests to any host but the site's own. */
  foreign: string[];
  /** Console errors and warnings, and uncaught exceptions. */
  console: string[];
  /** Stops recording (the page may go on to another load). */
  stop(): void;
}

/**
 * Records, from now on, what the page asks of hosts other than `localHost` and what it logs as an error or warning.
 * `expected404` is the page's own URL when the page is the not-found page, whose status Chromium logs.
 */
export function recordTraffic(page: Page, localHost: string, expected404?: string): TrafficRecord {
  const onRequest = (request: Request): void => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.host !== localHost) record.foreign.push(request.url());
  };
  const onConsole = (message: ConsoleMessage): void => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const location = message.location().url;
    if (expected404 !== undefined && location === expected404 && message.text().includes('status of 404')) return;
    record.console.push(`${message.type()}: ${message.text()} (${location})`);
  };
  const onPageError = (error: Error): void => {
    record.console.push(`uncaught: ${error.message}`);
  };
  const record: TrafficRecord = {
    foreign: [],
    console: [],
    stop() {
      page.off('request', onRequest);
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    },
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return record;
}

/** Brings the whole page into view, so that lazy images and link prefetches fire, then lets the network settle. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

/** Waits until every block of the article is marked to skip (from two frames after its layout, a few a frame). */
export async function marked(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const blocks = document.querySelectorAll('.markdown > :not(header)').length;
      const marked = document.querySelectorAll('.markdown > [data-skip-offscreen]').length;
      return blocks > 0 && marked === blocks ? marked : false;
    },
    null,
    { polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Where each top-level block and each heading of the article starts (px from the document's top), as the page is,
 * then with the off-screen rules of src/css/custom.css deleted from the stylesheet (every block rendered, no
 * containment, margins as the theme has them): `removed` counts the rules found. The page keeps no off-screen rule
 * afterwards.
 */
export function layoutWithAndWithoutRules(page: Page): Promise<{ blocks: number; removed: number; withRules: number[]; without: number[] }> {
  return page.evaluate(() => {
    const markers = [':not(header', '[role="tabpanel"] > :last-child', '[data-skip-offscreen]'];
    const tops = (): number[] =>
      Array.from(document.querySelectorAll('.markdown > *, .markdown h2, .markdown h3')).map((element) =>
        Math.round(element.getBoundingClientRect().top + window.scrollY),
      );
    const withRules = tops();
    let removed = 0;
    for (const sheet of Array.from(document.styleSheets)) {
      const rules = sheet.cssRules;
      for (let index = rules.length - 1; index >= 0; index -= 1) {
        const rule = rules[index];
        if (rule instanceof CSSStyleRule && rule.selectorText.includes('.markdown') && markers.some((marker) => rule.selectorText.includes(marker))) {
          sheet.deleteRule(index);
          removed += 1;
        }
      }
    }
    return { blocks: document.querySelectorAll('.markdown > *').length, removed, withRules, without: tops() };
  });
}

/**
 * What overflows on the page: the page itself, and each table or list wider than the box it sits in, or a table's
 * scrolling wrapper (src/theme/MDXComponents) narrower than the table it holds: either way a reader would have to
 * scroll to see a column.
 */
export async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('article table, article .table-scroll, article .api-list'))) {
      if (element.scrollWidth > element.clientWidth + 1) {
        const heading =
          element.closest('[data-deferred]')?.previousElementSibling?.id ??
          element.previousElementSibling?.textContent?.replace(/\s+/g, ' ').slice(0, 40) ??
          '';
        found.push(
          `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} near #${heading}: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
        );
      }
    }
    return found;
  });
}
