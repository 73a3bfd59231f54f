// Generated reference sections (src/components/Deferred): the server's markup is what the reader sees until a section
// comes near; then React renders it, and what it offers (tabs, copy buttons, focus) works as on any other page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserSession, openPage } from './support';

const session = browserSession();

const ACCOUNT = '/node/jellyfish/api/account';
/**
 * A long page, the Wallet category (one page of some 120 KB of HTML; Account is split in several short ones,
 * generator/extract/rpc/pages.ts): its first method's section is within half a screen of a phone's first screen at
 * load (Blockchain's, one line of introduction lower, is not), its last some 30,000 px further down.
 */
const LONG = '/node/jellyfish/api/wallet';
const FIRST_METHOD = 'getbalance';
const LAST_METHOD = 'signmessage';

/** Whether React owns the first block inside the section that follows the heading `id`. */
function reactOwns(page: Page, id: string): Promise<boolean> {
  return page.evaluate((anchor) => {
    const section = document.getElementById(anchor)?.nextElementSibling;
    const block = section?.firstElementChild;
    return block ? Object.keys(block).some((key) => key.startsWith('__reactFiber')) : false;
  }, id);
}

const sectionText = (page: Page, id: string) => page.evaluate((anchor) => document.getElementById(anchor)?.nextElementSibling?.textContent ?? '', id);

/**
 * The section's markup: what the server sent, or what React rendered from the page's data
 * (src/components/ReferenceSection). Without what differs by design: the comments React's server rendering puts between
 * adjacent texts (a browser render has none), the spacing of style attributes (a browser writes them its own way),
 * React's ids (useId tells the server's and the browser's ids apart), and the code blocks' buttons, which the theme's
 * CodeBlock adds once it runs in the browser.
 */
const sectionMarkup = (page: Page, id: string) =>
  page.evaluate(
    (anchor) =>
      (document.getElementById(anchor)?.nextElementSibling?.innerHTML ?? '')
        .replace(/<!-- -->/g, '')
        .replace(/="_[Rr]_\w*_"/g, '="id"')
        .replace(/<button[\s\S]*?<\/button>/g, '')
        .replace(/<div class="buttonGroup_\w+"><\/div>/g, '')
        .replace(/style="([^"]*)"/g, (_attribute, css: string) => `style="${css.replace(/\s+/g, '').replace(/;$/, '')}"`),
    id,
  );

describe('deferred reference sections', () => {
  it('show the server markup far down the page, and come to life when scrolled to', async () => {
    const context = await session.context(PHONE);
    const page = await openPage(context, LONG);
    expect(await page.locator(`h2#${LAST_METHOD} + [data-deferred]`).count()).toBe(1);
    // The text is there for reading and find-in-page, but React has not rendered it.
    const before = await sectionText(page, LAST_METHOD);
    const markupBefore = await sectionMarkup(page, LAST_METHOD);
    expect(before).toContain(LAST_METHOD);
    expect(await reactOwns(page, LAST_METHOD)).toBe(false);
    // The first section, in view at load, was hydrated with the page.
    expect(await reactOwns(page, FIRST_METHOD)).toBe(true);

    await page.locator(`h2#${LAST_METHOD}`).scrollIntoViewIfNeeded();
    await expect.poll(() => reactOwns(page, LAST_METHOD)).toBe(true);
    expect(await sectionText(page, LAST_METHOD)).toBe(before);
    // Rendered from the page's data, the section is the markup the server sent.
    expect(await sectionMarkup(page, LAST_METHOD)).toBe(markupBefore);
    // Its tabs work: the curl tab shows the JSON-RPC request.
    const section = page.locator(`h2#${LAST_METHOD} + [data-deferred]`);
    await section.getByRole('tab', { name: 'JSON-RPC (curl)' }).click();
    await expect.poll(() => section.locator('[role="tabpanel"]:not([hidden])').textContent()).toContain(LAST_METHOD);
  });

  it('answer a click on a section that has not been reached yet', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, LONG);
    const section = page.locator(`h2#${LAST_METHOD} + [data-deferred]`);
    // Jump there without giving the observer a frame, then click at once.
    await page.evaluate((anchor) => document.getElementById(anchor)?.scrollIntoView(), LAST_METHOD);
    await section.getByRole('tab', { name: 'JSON-RPC (curl)' }).click();
    await expect.poll(() => section.locator('[role="tabpanel"]:not([hidden])').textContent()).toContain('curl');
  });

  it('keep keyboard focus on the same control when a focused section renders', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, LONG);
    const link = page.locator(`h2#${LAST_METHOD} + [data-deferred] a[href]`).first();
    const href = await link.getAttribute('href');
    expect(href).not.toBeNull();
    await link.focus();
    await expect.poll(() => reactOwns(page, LAST_METHOD)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
  });

  it('render at once on a page reached by client-side navigation', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/');
    await page.locator(`.menu a[href="${LONG}"]`).first().click();
    await page.waitForURL(`**${LONG}`);
    await expect.poll(() => reactOwns(page, LAST_METHOD)).toBe(true);
  });
});

describe('the desktop sidebar and table of contents', () => {
  /** Records, for each desktop-only part removed from the page, whether React had taken over its server markup. */
  const RECORD_DROPPED = `
    window.__dropped = [];
    new MutationObserver(function (records) {
      records.forEach(function (record) {
        record.removedNodes.forEach(function (node) {
          if (!(node instanceof Element)) return;
          node.querySelectorAll('.theme-doc-toc-desktop, .theme-doc-sidebar-menu').forEach(function (part) {
            window.__dropped.push({
              part: part.classList.contains('theme-doc-toc-desktop') ? 'toc' : 'sidebar',
              hydrated: Object.keys(part).some(function (key) { return key.indexOf('__reactFiber') === 0; }),
            });
          });
        });
      });
    }).observe(document, { childList: true, subtree: true });
  `;

  it('keep their hidden server markup on a phone until Docusaurus drops them, and work once the window is widened', async () => {
    const context = await session.context(PHONE);
    await context.addInitScript(RECORD_DROPPED);
    const page = await openPage(context, ACCOUNT);
    const dropped = () => page.evaluate(() => (window as unknown as { __dropped: { part: string; hydrated: boolean }[] }).__dropped);
    await expect.poll(async () => (await dropped()).map((entry) => entry.part).sort()).toEqual(['sidebar', 'toc']);
    expect(
      (await dropped()).filter((entry) => entry.hydrated),
      'hydrated on a phone, then thrown away',
    ).toEqual([]);
    // The phone's own table of contents works.
    await page.getByRole('button', { name: 'On this page' }).click();
    await expect.poll(() => page.locator('.theme-doc-toc-mobile a[href="#getaccount"]').isVisible()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    const tocLink = page.locator('.theme-doc-toc-desktop a[href="#getaccount"]');
    await tocLink.waitFor({ state: 'visible' });
    await tocLink.click();
    await expect.poll(() => page.locator('.theme-doc-toc-desktop .table-of-contents__link--active').textContent()).toBe('getAccount');
    await expect.poll(() => page.locator('.theme-doc-sidebar-container a[href="/node/jellyfish/api/loan"]').isVisible()).toBe(true);
  });

  it('are hydrated as usual on a desktop screen', async () => {
    const context = await session.context(DESKTOP);
    await context.addInitScript(RECORD_DROPPED);
    const page = await openPage(context, ACCOUNT);
    await page.locator('.theme-doc-toc-desktop a[href="#getaccount"]').click();
    await expect.poll(() => page.locator('.theme-doc-toc-desktop .table-of-contents__link--active').textContent()).toBe('getAccount');
    expect(await page.evaluate(() => (window as unknown as { __dropped: unknown[] }).__dropped)).toEqual([]);
  });
});
