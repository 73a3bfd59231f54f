// The transaction inspector (/ecosystem/inspect) in the served build, at a phone's width and a desk's, light and dark:
// a transaction in the URL's fragment is read on load, every byte in a table, the type's rules checked; axe finds no
// violation; nothing is wider than the screen; the keyboard alone pastes and inspects, the live region says what was
// read, back and forward step through readings; unreadable input names its byte; a txid is fetched from the public
// Ocean only when asked (the Content-Security-Policy lets the page reach it), and with the inputs' values the fee shows.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import { axeViolations } from './page-checks';
import { DESKTOP, PHONE, browserSession, hydrated, siteUrl } from './support';

const session = browserSession();
const model = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/custom-tx-model.json'), 'utf8')) as CustomTxReference;
const swap = model.types.find((type) => type.className === 'CPoolSwap');
const vote = model.types.find((type) => type.className === 'CVote');
const update = model.types.find((type) => type.className === 'CPoolUpdatePair');
if (swap === undefined || vote === undefined || update === undefined) throw new Error('the model has no CPoolSwap, CVote or CPoolUpdatePair');
const OCEAN = 'https://mainnet.ocean.jellyfishsdk.com';

async function openInspector(page: Page, hash = ''): Promise<void> {
  await page.goto(siteUrl(`/ecosystem/inspect${hash}`));
  await hydrated(page);
  await page.getByLabel('Raw transaction, output script or DfTx payload, in hex').waitFor();
}

const reading = (page: Page) => page.locator('p[aria-live="polite"]');

describe('transaction inspector', () => {
  for (const [label, options] of [
    ['light, 1280 px', { ...DESKTOP, colorScheme: 'light' as const }],
    ['dark, 1280 px', { ...DESKTOP, colorScheme: 'dark' as const }],
    ['light, 390 px', { ...PHONE, colorScheme: 'light' as const }],
    ['dark, 390 px', { ...PHONE, colorScheme: 'dark' as const }],
  ] as const) {
    it(`reads a transaction from the fragment, axe clean and no wider than the screen (${label})`, async () => {
      const context = await session.context(options);
      const page = await context.newPage();
      await openInspector(page, `#hex=${swap.example.txHex}`);
      expect(await page.locator('html').getAttribute('data-theme')).toBe(options.colorScheme);
      await expect.poll(() => reading(page).textContent()).toContain('DeFi type PoolSwap');
      expect(await page.locator('table caption').allTextContents()).toEqual(expect.arrayContaining(['version', 'input 0', 'output 0 DfTx', 'locktime']));
      expect(await page.getByText(swap.example.txid).count()).toBeGreaterThan(0);
      const field = page.locator('table a', { hasText: 'fromScript' }).first();
      expect(await field.getAttribute('href')).toBe('/ecosystem/custom-transactions/dex#poolswap');
      expect(await axeViolations(page)).toBe('');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  it('says on a field where the node reads its bytes otherwise than the SDK writes them (PoolUpdatePair, 390 px)', async () => {
    const context = await session.context(PHONE);
    const page = await context.newPage();
    await openInspector(page, `#hex=${update.example.txHex}`);
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type UpdatePoolPair');
    const row = page.locator('tr', { has: page.locator('a', { hasText: /^poolId$/ }) });
    expect(await row.locator('small').textContent()).toMatch(/^How the node reads it \(src\/dfi\/poolpairs\.h:130\): .*4 bytes/);
    expect(await axeViolations(page)).toBe('');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('works from the keyboard, announces the reading, and back and forward step through readings', async () => {
    const context = await session.context(DESKTOP);
    const page = await context.newPage();
    await openInspector(page);
    expect(await reading(page).textContent()).toMatch(/Nothing to read yet/);
    const box = page.getByLabel('Raw transaction, output script or DfTx payload, in hex');
    await box.focus();
    await page.keyboard.insertText(swap.example.txHex);
    // Tab through the options to the Inspect button, then press it with the keyboard.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Inspect') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Inspect');
    await page.keyboard.press('Enter');
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type PoolSwap');
    expect(new URL(page.url()).hash).toContain(`hex=${swap.example.txHex}`);
    // A second reading: the vote's script, on testnet.
    await box.fill(vote.example.scriptHex);
    await page.getByLabel('Network').selectOption('testnet');
    await page.getByRole('button', { name: 'Inspect' }).click();
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type Vote');
    expect(new URL(page.url()).hash).toContain('network=testnet');
    await page.goBack();
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type PoolSwap');
    expect(await box.inputValue()).toBe(swap.example.txHex);
    await page.goForward();
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type Vote');
    expect(await page.getByLabel('Network').inputValue()).toBe('testnet');
  });

  it('names the byte where unreadable input stops', async () => {
    const context = await session.context(PHONE);
    const page = await context.newPage();
    await openInspector(page, `#hex=${swap.example.txHex.slice(0, 120)}&as=transaction`);
    await expect.poll(() => reading(page).textContent()).toMatch(/^A transaction of 60 bytes; reading stopped: .+ at byte \d+/);
    await openInspector(page, '#hex=abc');
    await expect.poll(() => reading(page).textContent()).toContain('Not read: odd number of hex digits (3)');
    expect(await axeViolations(page)).toBe('');
  });

  it('fetches a txid from the public Ocean only when asked, with the inputs’ values for the fee', async () => {
    const context = await session.context(DESKTOP);
    const page = await context.newPage();
    const asked: string[] = [];
    const prevout = swap.example.txHex.slice(14, 78);
    const txidOfPrevout = (prevout.match(/../g) ?? []).reverse().join('');
    await page.route(`${OCEAN}/**`, async (route) => {
      const url = route.request().url();
      asked.push(url);
      const body = url.includes('/rawtx/')
        ? { data: swap.example.txHex }
        : { data: [{ vout: { txid: txidOfPrevout, n: parseInt(swap.example.txHex.slice(78, 80), 16), value: '1000' } }] };
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) });
    });
    await openInspector(page);
    expect(asked).toEqual([]);
    await page.getByLabel('Txid', { exact: true }).fill(swap.example.txid);
    await page.getByRole('button', { name: 'Fetch from Ocean' }).click();
    await expect.poll(() => reading(page).textContent()).toContain('DeFi type PoolSwap');
    expect(asked).toEqual([`${OCEAN}/v0/mainnet/rawtx/${swap.example.txid}`, `${OCEAN}/v0/mainnet/transactions/${swap.example.txid}/vins?size=200`]);
    await expect.poll(() => page.locator('dl').textContent()).toMatch(/fee\d+(\.\d+)? DFI/);
  });

  it('is linked from the sidebar, the custom transaction pages and the recipes', async () => {
    const context = await session.context(DESKTOP);
    const page = await context.newPage();
    for (const route of ['/ecosystem/custom-transactions', '/ecosystem/custom-transactions/dex', '/ecosystem/recipes']) {
      await page.goto(siteUrl(route));
      expect(await page.locator('article a[href="/ecosystem/inspect"]').count(), route).toBeGreaterThan(0);
      expect(await page.locator('nav.menu a[href="/ecosystem/inspect"]').count(), route).toBe(1);
    }
  });
});
