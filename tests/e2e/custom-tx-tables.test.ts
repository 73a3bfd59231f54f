// The byte tables of the custom transaction pages (generator/render/custom-tx-page.ts, the .dftx-table rules of
// src/css/custom.css): at a desk's width and a phone's, every identifier in them (field names, helper names, values,
// type names) is laid out on one line, never broken inside a word, and on a phone the byte tables stack their rows
// rather than scroll sideways; each family page explains its encodings once and
// the rows only name them; and the overview's envelope table names the OP_PUSHDATA1 byte and the length after it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserSession, openPage } from './support';

const session = browserSession();

const FAMILY_PAGES = ['/ecosystem/custom-transactions/accounts', '/ecosystem/custom-transactions/dex', '/ecosystem/custom-transactions/loans'];

/** Code spans of the byte tables that an identifier fills and that lie on more than one line, as `text (n lines)`. */
function brokenIdentifiers(page: Page): Promise<{ checked: number; broken: string[] }> {
  return page.evaluate(() => {
    const hexColumns = '.dftx-spans td:nth-child(2) code, .dftx-fields td:nth-child(5) code';
    const hex = new Set(Array.from(document.querySelectorAll(hexColumns)));
    // On a phone only the stacked byte tables keep identifiers whole; the others break them to fit the screen.
    const tables = window.innerWidth <= 576 ? '.dftx-fields td code, .dftx-spans td code' : '.dftx-table td code';
    const codes = Array.from(document.querySelectorAll(tables)).filter((code) => !hex.has(code) && !code.closest('.dftx-rules td:not(:first-child)'));
    const broken: string[] = [];
    for (const code of codes) {
      // An inline element broken over lines has one box per line.
      const lines = new Set(Array.from(code.getClientRects()).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(`${code.textContent ?? ''} (${lines.size} lines)`);
    }
    return { checked: codes.length, broken };
  });
}

/** Deletes the .dftx-table rules from the page's stylesheets, as if the pages had none. */
function dropTableRules(page: Page): Promise<number> {
  return page.evaluate(() => {
    let removed = 0;
    for (const sheet of Array.from(document.styleSheets)) {
      const rules = sheet.cssRules;
      for (let index = rules.length - 1; index >= 0; index -= 1) {
        const rule = rules[index];
        if (rule instanceof CSSStyleRule && rule.selectorText.includes('.dftx-')) {
          sheet.deleteRule(index);
          removed += 1;
        }
      }
    }
    return removed;
  });
}

describe('custom transaction byte tables', () => {
  for (const [label, options] of [
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    it(`keep every identifier on one line at ${label}`, async () => {
      const context = await session.context(options);
      for (const route of FAMILY_PAGES) {
        const page = await openPage(context, route);
        const { checked, broken } = await brokenIdentifiers(page);
        expect(checked, route).toBeGreaterThan(50);
        expect(broken, route).toEqual([]);
        if (options === PHONE) {
          // On a phone the byte tables stack their rows: none needs a sideways scroll.
          const wide = await page.evaluate(
            () =>
              Array.from(document.querySelectorAll('.dftx-fields .table-scroll, .dftx-spans .table-scroll')).filter(
                (box) => box.scrollWidth > box.clientWidth + 1,
              ).length,
          );
          expect(wide, route).toBe(0);
        }
        await page.close();
      }
    });
  }

  it('goes red without the table rules: identifiers break inside words at 1280 px', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/ecosystem/custom-transactions/accounts');
    expect(await dropTableRules(page)).toBeGreaterThan(0);
    expect((await brokenIdentifiers(page)).broken.length).toBeGreaterThan(0);
  });

  it('explain each encoding once per page; the field rows name the helper only', async () => {
    const context = await session.context(DESKTOP);
    for (const route of FAMILY_PAGES) {
      const page = await openPage(context, route);
      const facts = await page.evaluate(() => {
        const encodings = document.querySelectorAll('h2#encodings');
        const cells = Array.from(document.querySelectorAll('.dftx-fields td:nth-child(4)')).map((cell) => cell.textContent ?? '');
        const helperRows = Array.from(document.querySelectorAll('h2#encodings ~ .dftx-rules td:first-child')).length;
        return { encodings: encodings.length, longest: Math.max(...cells.map((text) => text.length)), cells: cells.length, helperRows };
      });
      expect(facts.encodings, route).toBe(1);
      expect(facts.cells, route).toBeGreaterThan(10);
      expect(facts.helperRows, route).toBeGreaterThan(3);
      // A helper's description runs to 60 characters or more; a row names the helper, or a structure, or a custom composer in a few words.
      expect(facts.longest, route).toBeLessThan(90);
      await page.close();
    }
  });

  it("show the push's OP_PUSHDATA1 byte and its length on the overview", async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/ecosystem/custom-transactions');
    const firstColumn = await page.evaluate(() => {
      const envelope = document.querySelector('h2#envelope ~ .table-scroll table');
      return Array.from(envelope?.querySelectorAll('tbody td:first-child') ?? []).map((cell) => cell.textContent ?? '');
    });
    expect(firstColumn?.slice(0, 4)).toEqual(['6a', '4c', '4d', '44665478']);
  });
});
