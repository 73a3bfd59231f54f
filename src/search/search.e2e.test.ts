// Search: typed into the real search box, each query's first result must take the reader to the right section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { symbolChunk as symbolChunkOf } from '../../bench/search';
import { DESKTOP, PHONE, buildDir, hydrated, launchBrowser, openPage, siteUrl } from '../../tests/e2e/support';

/** Path and hash of a URL, without the `?_highlight=` query that search adds to mark the words on arrival. */
function pathAndHash(url: URL): string {
  return `${url.pathname}${url.hash}`;
}

/** What developers type, and the page and section the first result must open. */
const QUERIES: readonly { query: string; reaches: string }[] = [
  { query: 'getBlockCount', reaches: '/node/jellyfish/api/blockchain#getblockcount' },
  { query: 'getblockcount', reaches: '/node/jellyfish/api/blockchain#getblockcount' },
  { query: 'listPoolPairs', reaches: '/node/jellyfish/api/poolpair#listpoolpairs' },
  { query: 'listunspent', reaches: '/node/jellyfish/api/wallet#listunspent' },
  { query: 'paths/best', reaches: '/ocean/poolpairs#getbestpath' },
  { query: 'getBestPath', reaches: '/ocean/poolpairs#getbestpath' },
  { query: 'jellyfish-api-jsonrpc', reaches: '/ecosystem/packages/jellyfish-api-jsonrpc' },
  { query: 'PoolPairData', reaches: '/ocean/poolpairs#poolpairdata' },
  { query: 'numeric precision', reaches: '/node/design#precision' },
  { query: 'genesis keys', reaches: '/testing/packages/testcontainers#genesiskeys' },
];

/**
 * Queries of the symbol index: the section the first result must open, and the kind it must say it is.
 * Exact camelCase and lower-case names, the words inside a node RPC name, typos, parameters, types, path fragments,
 * filters, plain-word concepts, and the guides' classes, methods and packages.
 */
const SYMBOL_QUERIES: readonly { query: string; reaches: string; kind?: string }[] = [
  { query: 'getVault', reaches: '/node/jellyfish/api/vault#getvault', kind: 'method' },
  { query: 'utxosToAccount', reaches: '/node/jellyfish/api/account#utxostoaccount', kind: 'method' },
  { query: 'getMasternode', reaches: '/node/jellyfish/api/masternode#getmasternode', kind: 'method' },
  { query: 'getRawTransaction', reaches: '/node/jellyfish/api/rawtx#getrawtransaction', kind: 'method' },
  { query: 'sendToAddress', reaches: '/node/jellyfish/api/wallet#sendtoaddress', kind: 'method' },
  { query: 'createvault', reaches: '/node/jellyfish/api/vault#createvault', kind: 'method' },
  { query: 'listauctions', reaches: '/node/jellyfish/api/vault#listauctions', kind: 'method' },
  { query: 'utxostoaccount', reaches: '/node/jellyfish/api/account#utxostoaccount', kind: 'method' },
  { query: 'getrawtransaction', reaches: '/node/jellyfish/api/rawtx#getrawtransaction', kind: 'method' },
  { query: 'sendtoaddress', reaches: '/node/jellyfish/api/wallet#sendtoaddress', kind: 'method' },
  { query: 'getsubgraphswaps', reaches: '/legacy/dex#getsubgraphswaps', kind: 'guide section' },
  { query: 'subgraph swaps', reaches: '/legacy/dex#getsubgraphswaps', kind: 'guide section' },
  { query: 'utxos to account', reaches: '/node/jellyfish/api/account#utxostoaccount', kind: 'method' },
  { query: 'best block hash', reaches: '/node/jellyfish/api/blockchain#getbestblockhash', kind: 'method' },
  { query: 'get block count', reaches: '/node/jellyfish/api/blockchain#getblockcount', kind: 'method' },
  { query: 'block count', reaches: '/node/jellyfish/api/blockchain#getblockcount', kind: 'method' },
  { query: 'pool swap', reaches: '/node/jellyfish/api/poolpair#poolswap', kind: 'method' },
  { query: 'listpoolpars', reaches: '/node/jellyfish/api/poolpair#listpoolpairs', kind: 'method' },
  { query: 'getblockcont', reaches: '/node/jellyfish/api/blockchain#getblockcount', kind: 'method' },
  { query: 'PoolPairDtaa', reaches: '/ocean/poolpairs#poolpairdata', kind: 'type' },
  { query: 'subgrahp swaps', reaches: '/legacy/dex#getsubgraphswaps', kind: 'guide section' },
  { query: 'fromTokenId', reaches: '/ocean/poolpairs#getbestpath', kind: 'parameter' },
  { query: 'confirmationTarget', reaches: '/node/jellyfish/api/mining#estimatesmartfee', kind: 'parameter' },
  { query: 'VaultState', reaches: '/node/jellyfish/api/vault#vaultstate', kind: 'type' },
  { query: 'AddressHistory', reaches: '/ocean/address#addresshistory', kind: 'type' },
  { query: '/vins', reaches: '/ocean/transactions#getvins', kind: 'endpoint' },
  { query: 'feed/active', reaches: '/ocean/prices#getfeedactive', kind: 'endpoint' },
  { query: 'stats/supply', reaches: '/ocean/stats#getsupply', kind: 'endpoint' },
  { query: 'address/{address}/balance', reaches: '/ocean/address#getbalance', kind: 'endpoint' },
  { query: 'rpc:listpool', reaches: '/node/jellyfish/api/poolpair#listpoolpairs', kind: 'method' },
  { query: 'rpc: getblock', reaches: '/node/jellyfish/api/blockchain#getblock', kind: 'method' },
  { query: 'ocean:balance', reaches: '/ocean/address#getbalance', kind: 'endpoint' },
  { query: 'ocean:swaps', reaches: '/ocean/poolpairs#listpoolswaps', kind: 'endpoint' },
  { query: 'type:vault', reaches: '/node/jellyfish/api/vault#vault', kind: 'type' },
  { query: 'custom transport', reaches: '/node/usage#custom-transport', kind: 'guide section' },
  { query: 'handling errors', reaches: '/node/usage#handling-errors', kind: 'guide section' },
  { query: 'troubleshooting checklist', reaches: '/node/errors#checklist', kind: 'guide section' },
  { query: 'keys at rest', reaches: '/ecosystem/wallets#at-rest', kind: 'guide section' },
  { query: 'warm-up', reaches: '/node/running-a-node#warm-up', kind: 'guide section' },
  { query: 'defi.conf', reaches: '/node/running-a-node#defi-conf', kind: 'guide section' },
  { query: 'rpcallowip', reaches: '/node/running-a-node#rpcbind-rpcallowip', kind: 'guide section' },
  { query: 'RpcApiError', reaches: '/node/errors#rpc-codes', kind: 'class' },
  // The SDK package pages: an export or member of the packages opens its section there, a package name its page.
  { query: 'MasterNodeRegTestContainer', reaches: '/testing/packages/testcontainers/regtest#masternoderegtestcontainer', kind: 'class' },
  {
    query: 'waitForWalletCoinbaseMaturity',
    reaches: '/testing/packages/testcontainers/regtest#masternoderegtestcontainer-waitforwalletcoinbasematurity',
    kind: 'method',
  },
  { query: 'jellyfish-wallet-mnemonic', reaches: '/ecosystem/packages/jellyfish-wallet-mnemonic', kind: 'package' },
  { query: 'CTransactionSegWit', reaches: '/ecosystem/packages/jellyfish-transaction#ctransactionsegwit', kind: 'class' },
  { query: 'TransactionSigner', reaches: '/ecosystem/packages/jellyfish-transaction-signature#transactionsigner', kind: 'constant' },
  { query: 'calculateFeeP2WPKH', reaches: '/ecosystem/packages/jellyfish-transaction-builder#calculatefeep2wpkh', kind: 'function' },
  { query: 'SIGHASH', reaches: '/ecosystem/packages/jellyfish-transaction#sighash', kind: 'enum' },
  { query: 'OP_DEFI_TX_POOL_SWAP', reaches: '/ecosystem/custom-transactions/dex#poolswap', kind: 'DfTx' },
  { query: 'dftx:pool swap', reaches: '/ecosystem/custom-transactions/dex#poolswap', kind: 'DfTx' },
  { query: 'pkg:jellyfish-address fromAddress', reaches: '/ecosystem/packages/jellyfish-address#fromaddress', kind: 'function' },
  { query: 'pkg:wallet-mnemonic fromWords', reaches: '/ecosystem/packages/jellyfish-wallet-mnemonic#mnemonichdnodeprovider-fromwords', kind: 'method' },
];

/**
 * Queries with words no page holds (a made-up word here): the plugin's full-text query needs every word (or every word
 * but one, from three words on) and found nothing for these; the box answers with the sections holding the others.
 */
const PARTIAL_QUERIES: readonly { query: string; reaches: string }[] = [
  { query: 'rpcallowip qwertyuiop', reaches: '/node/running-a-node#rpcbind-rpcallowip' },
  { query: 'numeric precision qwertyuiop zxcvbnmlk', reaches: '/node/design#precision' },
];

const RESULT = '[role="listbox"] [role="option"]';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function typeQuery(page: Page, query: string): Promise<void> {
  const input = page.locator('input.navbar__search-input');
  await input.fill('');
  await input.pressSequentially(query, { delay: 15 });
  await page.locator(RESULT).first().waitFor({ timeout: 30_000 });
  // The box answers each keystroke in turn; on a busy machine the list of a shorter prefix can still be showing.
  // Wait until the list stays the same for a quarter of a second: then it answers the whole query.
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.locator('[role="listbox"]').first().innerText();
        const settled = now !== '' && now === last;
        last = now;
        return settled;
      },
      { interval: 250, timeout: 30_000 },
    )
    .toBe(true);
}

describe('search', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext(DESKTOP);
  });
  afterAll(async () => {
    await context.close();
  });

  it('loads its indexes (full text and symbols) only when the reader first uses it', async () => {
    const page = await context.newPage();
    const indexRequests: string[] = [];
    // The symbol index is a script chunk of its own (src/overrides/symbol-search).
    const symbolChunk = path.relative(buildDir(), symbolChunkOf(buildDir()) ?? '').replace(/\\/g, '/');
    expect(symbolChunk).toMatch(/^assets\/js\//);
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/search-index') || pathname === `/${symbolChunk}`) indexRequests.push(pathname);
    });
    await page.goto(siteUrl('/ecosystem/'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);
    await page.locator('input.navbar__search-input').focus();
    await expect.poll(() => indexRequests.length, { timeout: 15_000 }).toBe(2);
    await page.close();
  });

  for (const { query, reaches } of QUERIES) {
    it(`"${query}" leads first to ${reaches}`, async () => {
      const page = await openPage(context, '/ecosystem/');
      await page.keyboard.press('Control+k');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input'))).toBe(true);
      await typeQuery(page, query);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/ecosystem/', { timeout: 15_000, waitUntil: 'commit' });
      expect(pathAndHash(new URL(page.url()))).toBe(reaches);
      const id = new URL(siteUrl(reaches)).hash.slice(1);
      // A package opens at the top of its page, which its title heads.
      await page.locator(id === '' ? 'article h1' : `[id="${id}"]`).waitFor({ state: 'visible' });
      await page.close();
    });
  }

  for (const { query, reaches } of PARTIAL_QUERIES) {
    it(`"${query}", with words no page holds, still leads first to ${reaches}`, async () => {
      const page = await openPage(context, '/ecosystem/');
      await page.keyboard.press('Control+k');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input'))).toBe(true);
      await typeQuery(page, query);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/ecosystem/', { timeout: 15_000, waitUntil: 'commit' });
      expect(pathAndHash(new URL(page.url()))).toBe(reaches);
      await page.close();
    });
  }

  for (const { query, reaches, kind } of SYMBOL_QUERIES) {
    it(`"${query}" leads first to ${reaches}${kind ? ` (${kind})` : ''}`, async () => {
      const page = await openPage(context, '/ecosystem/');
      await page.keyboard.press('Control+k');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input'))).toBe(true);
      await typeQuery(page, query);
      if (kind) await expect.poll(() => page.locator(RESULT).first().locator('.search-result-kind').textContent(), { timeout: 15_000 }).toBe(kind);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/ecosystem/', { timeout: 15_000, waitUntil: 'commit' });
      expect(pathAndHash(new URL(page.url()))).toBe(reaches);
      const id = new URL(siteUrl(reaches)).hash.slice(1);
      // A package opens at the top of its page, which its title heads.
      await page.locator(id === '' ? 'article h1' : `[id="${id}"]`).waitFor({ state: 'visible' });
      await page.close();
    });
  }

  // Pasted, as a reader copies it from a log: the message with the values the node or server filled in.
  const PASTED_ERRORS: readonly { pasted: string; shows: string; reaches: string }[] = [
    {
      pasted:
        "RpcApiError: 'Test CloseVaultTx execution failed:\nVault <351d74ca2d56636a628535a4f2d83b5733938d1038ee559e92980bb536627838> has loans', code: -32600, method: closevault",
      shows: 'Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> has loans',
      reaches: '/node/jellyfish/api/vault#closevault',
    },
    {
      pasted: "RpcApiError: 'Vault <351d74ca2d56636a628535a4f2d83b5733938d1038ee559e92980bb536627838> not found', code: -20, method: getvault",
      shows: 'Vault <{vaultId}> not found',
      reaches: '/node/jellyfish/api/vault#getvault',
    },
    { pasted: '404 - NotFound (/v0/mainnet/tokens/9999): Unable to find token', shows: 'Unable to find token', reaches: '/ocean/tokens#get' },
  ];
  for (const { pasted, shows, reaches } of PASTED_ERRORS) {
    it(`takes the pasted error ${JSON.stringify(pasted.slice(0, 40))}… to ${reaches}`, async () => {
      const page = await openPage(context, '/ecosystem/');
      await page.keyboard.press('Control+k');
      const input = page.locator('input.navbar__search-input');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input'))).toBe(true);
      await input.fill(pasted);
      const first = page.locator(RESULT).first();
      await expect.poll(() => first.locator('.search-result-kind').textContent(), { timeout: 30_000 }).toBe('error message');
      // The message whole, however long, and its page and section once each.
      const shown = await first.innerText();
      expect(shown).toContain(shows);
      const [section = ''] = shown
        .split('\n')
        .filter((line) => line.includes(' › '))
        .map((line) => line.split(' › ').at(-1) ?? '');
      expect(section).not.toBe('');
      expect(shown.split(` › ${section}`).length - 1, shown).toBe(1);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/ecosystem/', { timeout: 15_000, waitUntil: 'commit' });
      expect(pathAndHash(new URL(page.url()))).toBe(reaches);
      await page.close();
    });
  }

  it('shows what it understands, the filters included, while the focused box is empty, and names it as its description', async () => {
    const page = await openPage(context, '/node/');
    const help = page.locator('#search-help');
    await expect(help.isVisible()).resolves.toBe(false);
    await page.keyboard.press('Control+k');
    await expect.poll(() => help.isVisible()).toBe(true);
    await expect(help.textContent()).resolves.toMatch(/rpc:.*ocean:.*type:.*dftx:.*error:.*pkg:/);
    await expect(page.locator('input.navbar__search-input').getAttribute('aria-describedby')).resolves.toBe('search-help');
    await typeQuery(page, 'getblock');
    await expect.poll(() => help.isVisible()).toBe(false);
    await page.close();
  });

  it('titles a full-text hit by its section, not by a fragment of a code block', async () => {
    const page = await openPage(context, '/ecosystem/');
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'numeric precision');
    const titles = await page.locator(`${RESULT} [class*="hitTitle"]`).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/[{}"]|curl|await /);
    await page.close();
  });

  it('opens with "/" and with Ctrl+K off a Mac, walks results with the arrow keys, and closes with Escape', async () => {
    const page = await openPage(context, '/node/');
    const input = page.locator('input.navbar__search-input');
    const focused = (): Promise<boolean> => input.evaluate((el) => el === document.activeElement);
    await expect(page.locator('.navbar kbd').allTextContents()).resolves.toEqual(['ctrl', 'K']);
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await expect.poll(focused).toBe(true);

    // Results appear only once the index has loaded, so nothing can take focus back after this point.
    await typeQuery(page, 'getblock');
    const selected = page.locator(`${RESULT}[aria-selected="true"]`);
    const first = await selected.textContent();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selected.textContent()).not.toBe(first);
    // Matched words are highlighted in the results.
    await expect(page.locator(`${RESULT} mark`).first().textContent()).resolves.toMatch(/getblock/i);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(RESULT).first().isVisible()).toBe(false);
    await expect.poll(focused).toBe(false);
    // Cmd+K is the Mac shortcut; elsewhere it is left to the browser and the system.
    await page.keyboard.press('Meta+k');
    expect(await focused()).toBe(false);
    await page.keyboard.press('Control+k');
    await expect.poll(focused).toBe(true);
    await page.close();
  });

  it('opens with Cmd+K on a Mac, and says so in its hint', async () => {
    const mac = await browser.newContext({
      ...DESKTOP,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const page = await openPage(mac, '/node/');
    const input = page.locator('input.navbar__search-input');
    await expect(page.locator('.navbar kbd').allTextContents()).resolves.toEqual(['⌘', 'K']);
    await page.locator('main h1').click();
    await page.keyboard.press('Meta+k');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await typeQuery(page, 'getblockcount');
    await expect(page.locator(RESULT).first().textContent()).resolves.toMatch(/getblockcount/i);
    // The result opens in the same app, and the words are marked there (mark.js arrives in a chunk of its own).
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/node/jellyfish/api/blockchain');
    const marks = page.locator('article mark[data-markjs]');
    await expect.poll(() => marks.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await marks.first().textContent())?.toLowerCase()).toBe('getblockcount');
    await mac.close();
  });

  it('has a results page whose URL holds the query, for sharing', async () => {
    const page = await openPage(context, '/search?q=listPoolPairs');
    const results = page.locator('article h2 a');
    await results.first().waitFor({ timeout: 30_000 });
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "listPoolPairs"');
    await expect(page.locator('input[type="search"]').inputValue()).resolves.toBe('listPoolPairs');
    const href = await results.first().getAttribute('href');
    expect(href && pathAndHash(new URL(href, siteUrl('/')))).toBe('/node/jellyfish/api/poolpair#listpoolpairs');
    await page.close();
  });

  it('marks the searched words on the page a result opens, and clears them when the query is gone', async () => {
    const page = await openPage(context, '/node/jellyfish/api/blockchain?_highlight=getblockcount');
    const marks = page.locator('article mark[data-markjs]');
    await expect.poll(() => marks.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await marks.first().textContent())?.toLowerCase()).toBe('getblockcount');
    // The same page without the parameter (the sidebar's link to it): the marks are removed from the article in place.
    await page.locator('.menu a[href="/node/jellyfish/api/blockchain"]').first().click();
    await page.waitForURL((url) => url.pathname === '/node/jellyfish/api/blockchain' && url.search === '');
    await expect.poll(() => marks.count()).toBe(0);
    await expect(page.locator('article h2#getblockcount').count()).resolves.toBe(1);
    await page.close();
  });
});

describe('search at phone width, in dark mode', () => {
  it('finds a method and opens its section', async () => {
    const context = await browser.newContext({ ...PHONE, colorScheme: 'dark' });
    const page = await openPage(context, '/ecosystem/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // On a phone the search box collapses to an icon next to the menu button.
    const input = page.locator('input.navbar__search-input');
    if (!(await input.isVisible())) await page.locator('.navbar__search, [class*="searchBarContainer"]').first().click();
    await input.click();
    await typeQuery(page, 'getBlockCount');
    await page.locator(RESULT).first().click();
    await page.waitForURL((url) => pathAndHash(url) === '/node/jellyfish/api/blockchain#getblockcount', { timeout: 15_000, waitUntil: 'commit' });
    await context.close();
  });
});
