// Off-screen blocks of an article skip their rendering (src/client/skipOffscreen.ts, src/css/custom.css): the page
// must look and move exactly as it did when every block was rendered, whatever the reader does to reach a block.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { marked } from './page-checks';
import { DESKTOP, browserSession, frames, openPage, siteUrl } from './support';

const session = browserSession();

const ACCOUNT = '/node/jellyfish/api/account';
/**
 * A long page, the Blockchain category (one page of some 156 KB of HTML; Account is split in several short ones,
 * generator/extract/rpc/pages.ts), and its last method's section, far below the top.
 */
const LONG = '/node/jellyfish/api/blockchain';
const LAST_METHOD = 'getchaintxstats';
const LAST_SECTION = `h2#${LAST_METHOD} + [data-deferred]`;
/** A desktop of the phone's width, so that a resized window and a fresh one can be compared. */
const NARROW = { viewport: { width: 390, height: 800 } };
/** Whether the browser renders the element (false inside a block that skips). */
function rendered(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
}

async function scrollHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

async function headingTops(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.markdown h2, .markdown h3')).map((heading) => Math.round(heading.getBoundingClientRect().top + window.scrollY)),
  );
}

describe('off-screen blocks', () => {
  it('skip the blocks far from the viewport, keep the page as tall while the reader scrolls through, and render each as it nears', async () => {
    const context = await session.context(DESKTOP);
    await context.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The blocks marked in each frame (one animation frame's callbacks share the timeline's time).
      const markFrames = new Map<number, { blocks: number; elements: number }>();
      Object.defineProperty(window, '__markFrames', { get: () => [...markFrames.values()] });
      new MutationObserver((records) => {
        for (const record of records) {
          const block = record.target as Element;
          if (!block.hasAttribute('data-skip-offscreen')) continue;
          const time = Number(document.timeline.currentTime);
          const frame = markFrames.get(time) ?? { blocks: 0, elements: 0 };
          frame.blocks += 1;
          frame.elements += 1 + block.getElementsByTagName('*').length;
          markFrames.set(time, frame);
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-skip-offscreen'] });
    });
    const page = await openPage(context, LONG);
    expect(await marked(page)).toBeGreaterThan(50);
    expect(await rendered(page, `${LAST_SECTION} pre`)).toBe(false);
    // The marks went on a few blocks a frame (each frame's blocks holding 500 elements at most, or one larger block).
    const markFrames = await page.evaluate(() => (window as unknown as { __markFrames: Array<{ blocks: number; elements: number }> }).__markFrames);
    expect(markFrames.length).toBeGreaterThan(3);
    for (const frame of markFrames) expect(frame.blocks === 1 || frame.elements <= 500, JSON.stringify(frame)).toBe(true);
    const height = await scrollHeight(page);
    const heights = new Set<number>();
    for (let step = 0; step < 30; step += 1) {
      await page.mouse.wheel(0, 2000);
      await frames(page);
      heights.add(await scrollHeight(page));
    }
    expect([...heights]).toEqual([height]);
    await page.locator(LAST_SECTION).scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, `${LAST_SECTION} pre`)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total)).toBeLessThan(0.01);
  });

  it('bring a skipped block to a link to its fragment, in the page and from another page', async () => {
    const context = await session.context(DESKTOP);
    const direct = await openPage(context, `${LONG}#${LAST_METHOD}`);
    await marked(direct);
    expect(await direct.locator(`h2#${LAST_METHOD}`).evaluate((heading) => Math.round(heading.getBoundingClientRect().top))).toBeLessThan(100);
    // Within the page (a table-of-contents link), once every block is marked.
    const page = await openPage(context, LONG);
    await marked(page);
    await page.locator(`.theme-doc-toc-desktop a[href="#${LAST_METHOD}"]`).click();
    await expect.poll(() => page.locator(`h2#${LAST_METHOD}`).evaluate((heading) => Math.round(heading.getBoundingClientRect().top))).toBeLessThan(100);
    expect(await rendered(page, `${LAST_SECTION} pre`)).toBe(true);
  });

  it('mark the blocks of a page reached by client-side navigation once it is laid out, at the height it has when opened directly', async () => {
    const context = await session.context(DESKTOP);
    const fresh = await openPage(context, LONG);
    await marked(fresh);
    const height = await scrollHeight(fresh);
    const page = await openPage(context, ACCOUNT);
    await marked(page);
    await page.locator(`.theme-doc-sidebar-container a[href="${LONG}"]`).click();
    await page.waitForURL(siteUrl(LONG));
    await expect.poll(() => page.locator(`h2#${LAST_METHOD}`).count()).toBe(1);
    await marked(page);
    expect(await scrollHeight(page)).toBe(height);
    expect(await rendered(page, `${LAST_SECTION} pre`)).toBe(false);
  });

  it('lay the page out again at a new width, as a window opened at that width has it', async () => {
    const wide = await session.context(DESKTOP);
    const page = await openPage(wide, LONG);
    await marked(page);
    await page.setViewportSize(NARROW.viewport);
    const narrow = await openPage(await session.context(NARROW), LONG);
    await marked(narrow);
    const expected = await headingTops(narrow);
    await expect.poll(() => headingTops(page)).toEqual(expected);
    await expect.poll(() => page.locator('[data-skip-offscreen]').count()).toBeGreaterThan(50);
    expect(await scrollHeight(page)).toBe(await scrollHeight(narrow));
  });

  it('let find-in-page reach the text of a skipped block', async () => {
    const page = await openPage(await session.context(DESKTOP), LONG);
    await marked(page);
    expect(await rendered(page, `${LAST_SECTION} pre`)).toBe(false);
    const found = await page.locator(LAST_SECTION).evaluate((section) => {
      const text = section.querySelector('p:not(.since)')?.textContent?.trim().slice(0, 40) ?? '';
      const hit = (window as unknown as { find: (text: string) => boolean }).find(text);
      const selection = window.getSelection();
      return { text, hit, inSection: selection !== null && selection.anchorNode !== null && section.contains(selection.anchorNode) };
    });
    expect(found.text.length).toBeGreaterThan(10);
    expect(found).toMatchObject({ hit: true, inSection: true });
    await expect.poll(() => rendered(page, `${LAST_SECTION} pre`)).toBe(true);
  });
});
