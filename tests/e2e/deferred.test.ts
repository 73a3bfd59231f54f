// Generated reference sections (src/components/Deferred): the server's markup is what the reader sees until a section
// comes near; then React renders it, and what it offers (tabs, copy buttons, focus) works as on any other page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserSession, openPage } from './support';

const session = browserSession();

const ACCOUNT = '/node/jellyfish/api/account';
/** The last method section of the Account page: far below the first screen. */
const LAST_METHOD = 'getpendingdusdswaps';

/** Whether React owns the first block inside the section that follows the heading `id`. */
function reactOwns(page: Page, id: string): Promise<boolean> {
  return page.evaluate((anchor) => {
    const section = document.getElementById(anchor)?.nextElementSibling;
    const block = section?.firstElementChild;
    return block ? Object.keys(block).some((key) => key.startsWith('__reactFiber')) : false;
  }, id);
}

const sectionText = (page: Page, id: string) => page.evaluate((anchor) => document.getElementById(anchor)?.nextElementSibling?.textContent ?? '', id);

describe('deferred reference sections', () => {
  it('show the server markup far down the page, and come to life when scrolled to', async () => {
    const context = await session.context(PHONE);
    const page = await openPage(context, ACCOUNT);
    expect(await page.locator(`h2#${LAST_METHOD} + [data-deferred]`).count()).toBe(1);
    // The text is there for reading and find-in-page, but React has not rendered it.
    const before = await sectionText(page, LAST_METHOD);
    expect(before).toContain('getpendingdusdswaps');
    expect(await reactOwns(page, LAST_METHOD)).toBe(false);
    // The first section, in view at load, was hydrated with the page.
    expect(await reactOwns(page, 'listaccounts')).toBe(true);

    await page.locator(`h2#${LAST_METHOD}`).scrollIntoViewIfNeeded();
    await expect.poll(() => reactOwns(page, LAST_METHOD)).toBe(true);
    expect(await sectionText(page, LAST_METHOD)).toBe(before);
    // Its tabs work: the curl tab shows the JSON-RPC request.
    const section = page.locator(`h2#${LAST_METHOD} + [data-deferred]`);
    await section.getByRole('tab', { name: 'JSON-RPC (curl)' }).click();
    await expect.poll(() => section.locator('[role="tabpanel"]:not([hidden])').textContent()).toContain('getpendingdusdswaps');
  });

  it('answer a click on a section that has not been reached yet', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, ACCOUNT);
    const section = page.locator(`h2#${LAST_METHOD} + [data-deferred]`);
    // Jump there without giving the observer a frame, then click at once.
    await page.evaluate((anchor) => document.getElementById(anchor)?.scrollIntoView(), LAST_METHOD);
    await section.getByRole('tab', { name: 'JSON-RPC (curl)' }).click();
    await expect.poll(() => section.locator('[role="tabpanel"]:not([hidden])').textContent()).toContain('curl');
  });

  it('keep keyboard focus on the same control when a focused section renders', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, ACCOUNT);
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
    await page.locator(`.menu a[href="${ACCOUNT}"]`).first().click();
    await page.waitForURL(`**${ACCOUNT}`);
    await expect.poll(() => reactOwns(page, LAST_METHOD)).toBe(true);
  });
});
