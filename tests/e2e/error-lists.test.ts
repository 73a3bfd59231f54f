// The Errors disclosure of a reference section (src/components/LazyDetails): the page loads with its summary alone,
// and opening it, with the mouse or the keyboard, shows the list from the page's data, whose group links lead to
// their sections of the errors pages.
import { describe, expect, it } from 'vitest';
import { DESKTOP, browserSession, openPage } from './support';

const session = browserSession();

describe('Errors lists of reference sections', () => {
  it('open on a click into the code, message and condition of each error, with links to the groups', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/jellyfish/api/blockchain#getblockhash');
    const details = page.locator('h2#getblockhash ~ [data-deferred] details').first();
    await details.scrollIntoViewIfNeeded();
    expect(await details.locator('summary').textContent()).toBe('Errors');
    // Closed, it holds nothing but its summary.
    expect(await details.locator('li').count()).toBe(0);
    await details.locator('summary').click();
    await expect.poll(() => details.locator('li').count()).toBeGreaterThan(1);
    const text = (await details.textContent()) ?? '';
    expect(text).toContain('-8 Block height out of range: The height is negative or above the current tip.');
    const link = details.locator('a[href="/node/errors#every-call"]');
    expect(await link.count()).toBe(1);
    await link.click();
    await page.waitForURL(/\/node\/errors#every-call$/);
    expect(await page.locator('[id="every-call"]').isVisible()).toBe(true);
    // The group's section shows its errors: warm-up's -28 among those of every call.
    expect((await page.locator('[id="warm-up"] ~ table').first().textContent()) ?? '').toContain('-28');
  });

  it('open from the keyboard, and an Ocean list names the envelope and each status', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/ocean/tokens#get');
    const details = page.locator('h2#get ~ [data-deferred] details').first();
    await details.scrollIntoViewIfNeeded();
    await details.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.locator('li').count()).toBeGreaterThan(1);
    const text = (await details.textContent()) ?? '';
    expect(text).toContain('404 NotFound Unable to find token: No token has that id.');
    expect(await details.locator('a[href="/ocean/#errors"]').count()).toBe(1);
  });
});
