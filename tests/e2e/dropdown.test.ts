// The Testing dropdown of the navbar (SPEC §4): Enter opens and closes it, a click outside closes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, openPage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dropdownOf = (page: Page) => page.locator('.navbar__item.dropdown', { has: page.locator('.navbar__link', { hasText: 'Testing' }) });

describe('navbar dropdown on desktop', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext(DESKTOP);
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens on Enter, closes on Enter, and closes on a click outside', async () => {
    const page = await openPage(context, '/ecosystem/');
    const dropdown = dropdownOf(page);
    const label = dropdown.locator('.navbar__link').first();
    const menu = dropdown.locator('.dropdown__menu');
    await label.focus();
    await expect(label.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect(label.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => label.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    await expect.poll(() => label.getAttribute('aria-expanded')).toBe('true');
    await page.locator('article h1').click();
    await expect.poll(() => label.getAttribute('aria-expanded')).toBe('false');
    await page.mouse.move(0, 700);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it('lists both testing guides, and its label opens the first', async () => {
    const page = await openPage(context, '/ecosystem/');
    const dropdown = dropdownOf(page);
    await dropdown.hover();
    const items = dropdown.locator('.dropdown__link');
    await expect(items.allTextContents()).resolves.toEqual(['Testcontainers', 'Jellyfish Testing']);
    await items.nth(1).click();
    await page.waitForURL('**/testing/jellyfish-testing');
    await expect(page.locator('article h1').textContent()).resolves.toMatch(/jellyfish/i);
    await dropdown.locator('.navbar__link').first().click();
    await page.waitForURL('**/testing/testcontainers');
    await page.close();
  });
});

describe('navbar dropdown in the mobile menu', () => {
  it('lists the guides under Testing in the main menu, collapsed until expanded', async () => {
    const context = await browser.newContext(PHONE);
    const page = await openPage(context, '/ecosystem/');
    await page.locator('.navbar__toggle').click();
    // On a doc page the menu opens on the area's sidebar; the navbar items are one step back.
    await page.locator('.navbar-sidebar__back').click();
    const group = page.locator('.navbar-sidebar .menu__list-item', { hasText: 'Testing' }).first();
    await group.waitFor();
    const guide = group.locator('.menu__link', { hasText: 'Jellyfish Testing' });
    await expect(guide.isVisible()).resolves.toBe(false);
    await group.getByRole('button', { name: 'Expand the dropdown' }).click();
    await guide.click();
    await page.waitForURL('**/testing/jellyfish-testing');
    await context.close();
  });
});
