// Keyboard: Tab reaches every control in document order with a visible focus ring; the mobile menu keeps focus while open.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserSession, frames, openPage } from './support';

interface FocusStop {
  /** Tag, text or label of the focused element, for failure messages. */
  name: string;
  visibleRing: boolean;
  /** True when this element comes after the previous stop in the document. */
  followsPrevious: boolean;
  insideMenu: boolean;
}

/** Presses Tab (or Shift+Tab) and describes where focus landed. */
async function tab(page: Page, backwards = false): Promise<FocusStop | undefined> {
  await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return undefined;
    const state = window as unknown as { previousFocus?: Element };
    const previous = state.previousFocus;
    state.previousFocus = element;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      name: `${element.tagName.toLowerCase()} "${label}"`,
      visibleRing: outline || shadow,
      followsPrevious: !previous || Boolean(previous.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
      insideMenu: element.closest('.navbar-sidebar') !== null,
    };
  });
}

/** Tabs from the top of the page to its end (focus leaves the document), returning every stop. */
async function tabThrough(page: Page, limit: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i += 1) {
    const stop = await tab(page);
    if (!stop || (stops.length > 0 && !stop.followsPrevious)) break;
    stops.push(stop);
  }
  return stops;
}

const session = browserSession();

describe('Tab order and focus ring', () => {
  for (const [path, limit, expected] of [
    ['/', 80, ['Skip to main content', 'Jellyfish', 'Full Node RPC', 'Search', 'Start building', 'Browse the RPC reference', 'MIT License']],
    ['/node/usage', 400, ['Skip to main content', 'Full Node RPC', 'Usage', 'MIT License']],
  ] as const) {
    it(`${path}: every stop has a visible ring, in document order, from the skip link to the footer`, async () => {
      const context = await session.context(DESKTOP);
      const page = await openPage(context, path);
      const stops = await tabThrough(page, limit);
      expect(stops.length).toBeGreaterThan(10);
      expect(stops.length).toBeLessThan(limit);
      expect(stops[0]?.name).toContain('Skip to main content');
      expect(stops.filter((stop) => !stop.visibleRing).map((stop) => stop.name)).toEqual([]);
      // Key controls are reached, in this order.
      const names = stops.map((stop) => stop.name);
      const positions = expected.map((text) => names.findIndex((name) => name.includes(text)));
      expect(
        positions.every((position) => position >= 0),
        `stops: ${names.join(', ')}`,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    });
  }
});

describe('the mobile menu', () => {
  it('takes focus when opened, keeps Tab and Shift+Tab inside, and gives focus back to the toggle on Escape', async () => {
    const context = await session.context(PHONE);
    const page = await openPage(context, '/node/usage');
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.activeElement?.closest('.navbar-sidebar') != null);

    const forward: FocusStop[] = [];
    for (let i = 0; i < 60; i += 1) forward.push((await tab(page)) as FocusStop);
    expect(forward.every((stop) => stop?.insideMenu)).toBe(true);
    // It cycles: the 60 presses saw fewer distinct stops than presses.
    expect(new Set(forward.map((stop) => stop.name)).size).toBeLessThan(60);
    for (let i = 0; i < 10; i += 1) expect((await tab(page, true))?.insideMenu).toBe(true);

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.navbar-sidebar--show') === null);
    await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__toggle') === true);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('gives focus back to the toggle when closed with its close button', async () => {
    const context = await session.context(PHONE);
    const page = await openPage(context, '/');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Close navigation bar' }).press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__toggle') === true);
  });
});

describe('search field', () => {
  it('does not take focus back when its index finishes loading after the reader has tabbed on', async () => {
    const context = await session.context(DESKTOP);
    // A slow index: it is held until the reader has tabbed on from the field, however long the host takes to get there.
    let readerMovedOn: () => void = () => undefined;
    const movedOn = new Promise<void>((resolve) => {
      readerMovedOn = resolve;
    });
    let held = 0;
    await context.route(
      (url) => url.pathname.startsWith('/search-index') && url.pathname.endsWith('.json'),
      async (route) => {
        held += 1;
        await movedOn;
        await route.continue();
      },
    );
    const page = await openPage(context, '/node/');
    const input = page.locator('input.navbar__search-input');
    await input.click();
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? '');
    expect(next).not.toContain('navbar__search-input');
    // The field has not been taken over yet: the index is still on its way.
    expect(await page.locator('.navbar__search-input[autocomplete]').count()).toBe(0);
    readerMovedOn();
    // autocomplete.js marks the field it has taken over (once the index is in) with an autocomplete attribute.
    await page.waitForFunction(() => document.querySelector('.navbar__search-input[autocomplete]') !== null, undefined, { timeout: 20_000 });
    expect(held, 'requests for the index held').toBeGreaterThan(0);
    await frames(page);
    expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? '')).toBe(next);
    // The shortcut still brings the reader back to the field.
    await page.keyboard.press('Control+k');
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
