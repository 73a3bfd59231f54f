// Every page fits a phone (390 px), and every reference page (Full Node RPC, Ocean, the SDK packages, the custom
// transaction pages) a desk (1280 px)
// too: the page does not scroll sideways, and no table or parameter list is wider than its box, nor a table's
// scrolling wrapper (src/theme/MDXComponents) narrower than the table it holds: either way a reader would have to
// scroll to see a column. Measured on the served HTML as a reader first gets it, the sections' server markup included.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawlRoutes } from './a11y-routes';
import { overflows } from './page-checks';
import { DESKTOP, PHONE, browserSession, buildDir, siteUrl } from './support';

const session = browserSession();

function referencePages(): string[] {
  const rpcDir = path.join(buildDir(), 'node/jellyfish/api');
  const rpc = fs
    .readdirSync(rpcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `/node/jellyfish/api/${entry.name}`);
  // The node-only pages (the RPCs the SDK does not type) are in a folder of their own beside the ApiClient pages.
  const nodeOnly = path.join(rpcDir, 'node-only');
  if (fs.existsSync(nodeOnly))
    for (const entry of fs.readdirSync(nodeOnly, { withFileTypes: true })) if (entry.isDirectory()) rpc.push(`/node/jellyfish/api/node-only/${entry.name}`);
  const oceanDir = path.resolve(__dirname, '../../docs/ocean/reference');
  const ocean = fs
    .readdirSync(oceanDir)
    .filter((file) => file.endsWith('.mdx') && !file.startsWith('_'))
    .map((file) => `/ocean/${file.slice(0, -4)}`);
  // The SDK package pages: every page below /ecosystem/packages/ and /testing/packages/ but the overview and the release
  // pages (/ecosystem/packages/releases/, lists of names: the 390 px pass over every route measures them).
  const sdk: string[] = [];
  const walk = (dir: string, route: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || (route === '/ecosystem/packages' && entry.name === 'releases')) continue;
      sdk.push(`${route}/${entry.name}`);
      walk(path.join(dir, entry.name), `${route}/${entry.name}`);
    }
  };
  walk(path.join(buildDir(), 'ecosystem/packages'), '/ecosystem/packages');
  walk(path.join(buildDir(), 'testing/packages'), '/testing/packages');
  // The custom transaction pages: the overview and one page per group of types, whose byte tables are the site's widest.
  const customTx = fs
    .readdirSync(path.join(buildDir(), 'ecosystem/custom-transactions'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `/ecosystem/custom-transactions/${entry.name}`);
  return [...rpc, ...ocean, ...sdk, '/ecosystem/custom-transactions', ...customTx].sort();
}

describe('reference pages fit the screen', () => {
  const pages = referencePages();

  it('covers the 33 RPC and Ocean pages, the node-only index and its 18 pages, the 46 SDK package pages and the 9 custom transaction pages', () => {
    expect(pages).toHaveLength(33 + 1 + 18 + 46 + 9);
  });

  // At 390 px every page of the site (guides and the custom transaction pages besides the references); at 1280 px the
  // references, whose tables are the widest.
  const everyPage = crawlRoutes(buildDir());
  for (const [label, options, routes] of [
    ['390 px', PHONE, everyPage],
    ['1280 px', DESKTOP, pages],
  ] as const) {
    it(`at ${label}, no page scrolls sideways and no table or list is cut off`, async () => {
      expect(routes.length).toBeGreaterThanOrEqual(pages.length);
      // Scripts off: the HTML as served, every section in its server markup, measured as it arrives.
      const context = await session.context({ ...options, javaScriptEnabled: false });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const route of routes) {
        await page.goto(siteUrl(route), { waitUntil: 'load' });
        for (const problem of await overflows(page)) problems.push(`${route}: ${problem}`);
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }

  it('goes red on a table wider than its box', async () => {
    const context = await session.context(PHONE);
    const page = await context.newPage();
    await page.goto(siteUrl('/node/jellyfish/api/account'), { waitUntil: 'load' });
    await page.evaluate(() => {
      const table = document.createElement('table');
      // A table as the docs' CSS lays one out (a scrolling block), holding a cell wider than any phone.
      table.innerHTML = '<tbody><tr><td><div style="width: 2000px">a column out of view</div></td></tr></tbody>';
      document.querySelector('article')?.append(table);
    });
    expect((await overflows(page)).join('\n')).toMatch(/table .*px of content in/);
  });

  it('goes red on an Ocean endpoint table that a phone cuts off behind its scrolling wrapper', async () => {
    const context = await session.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('/ocean/poolpairs'), { waitUntil: 'load' });
    expect(await overflows(page)).toEqual([]);
    // The summary table as it was before paths could break: each path on one line.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '.markdown td { overflow-wrap: normal !important; white-space: nowrap; }';
      document.head.append(style);
    });
    expect((await overflows(page)).join('\n')).toMatch(/div\.table-scroll .*px of content in 3\d\d px/);
  });
});
