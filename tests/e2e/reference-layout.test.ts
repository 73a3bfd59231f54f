// What the crawl's overflow check (tests/e2e/page-checks.ts, run on every route at 390 and 1280 px by
// tests/e2e/crawl.test.ts) finds on a wrong page: a table wider than its box, and an Ocean endpoint table that a phone
// cuts off behind its scrolling wrapper.
import { describe, expect, it } from 'vitest';
import { overflows } from './page-checks';
import { PHONE, browserSession, siteUrl } from './support';

const session = browserSession();

describe('the overflow check', () => {
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
