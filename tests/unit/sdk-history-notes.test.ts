// The history notes of the package pages as a person reads them: each change a short list of what it added, removed
// or retyped, the line under a heading bounded in length (OP_CODES: 17 changes of a 7,000-character declaration), and
// the changes of fields and constructors said where they are (a field row, the constructor), over the 17 packages.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { attachSdkHistory } from '../../generator/extract/history/attach';
import { renderSdkPackage } from '../../generator/render/sdk-page';

const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });
attachSdkHistory(sdk);
const pages = new Map(
  sdk.packages.map((pkg) => [
    pkg.short,
    renderSdkPackage(sdk, pkg, { externalLinks: {} })
      .map((page) => page.mdx)
      .join('\n'),
  ]),
);
const all = [...pages.values()].join('\n');

/** The longest line under a heading, and the longest change a field's row tells, in characters of MDX. */
const MAX_LINE = 1500;
const MAX_ROW_FACT = 600;

function section(short: string, name: string): string {
  const mdx = pages.get(short) ?? '';
  const start = mdx.search(new RegExp(`^## ${name} \\{/\\* #`, 'm'));
  if (start < 0) throw new Error(`no section ${name}`);
  const next = mdx.slice(start + 3).search(/\n## /);
  return next < 0 ? mdx.slice(start) : mdx.slice(start, start + 3 + next);
}

describe('history notes on the package pages', () => {
  it('keeps every line under a heading and every change in a row short', () => {
    const lines = [...all.matchAll(/<p className="since">.*?<\/p>/g)].map((found) => found[0]);
    expect(lines.length).toBeGreaterThan(300);
    const long = lines.filter((line) => line.length > MAX_LINE).map((line) => `${line.length}: ${line.slice(0, 120)}`);
    expect(long).toEqual([]);
    const facts = [...all.matchAll(/changed in [^\n]*/g)].map((found) => found[0]).filter((fact) => !fact.includes('</p>'));
    expect(facts.filter((fact) => fact.length > MAX_ROW_FACT)).toEqual([]);
  });

  it("tells OP_CODES' changes as the members each release added, the newest three", () => {
    const line = /<p className="since">.*?<\/p>/.exec(section('jellyfish-transaction', 'OP_CODES'))?.[0] ?? '';
    // 22,435 characters before, with every change's text from its first difference to its last.
    expect(line.length).toBeLessThan(800);
    expect(line).toContain('{"; 3.33.0: added "}<code>{"OP_DEFI_TX_EVM_TX"}</code>{", "}<code>{"OP_SHA3"}</code>');
    expect(line).toContain('{"; 4.0.0: added "}<code>{"OP_PUSHDATA_HEX_BE: (hex: string) => OP_PUSHDATA"}</code>{" (and 14 earlier changes)"}');
  });

  it("says when a field came (CreateProposal.nAmount, 3.11.0) in its row, and a constructor's change under it", () => {
    expect(section('jellyfish-transaction', 'CreateProposal')).toMatch(/`nAmount` · [^\n]*since 3\.11\.0/);
    const builder = section('jellyfish-transaction-builder', 'P2WPKHTxnBuilder');
    expect(builder).toContain('**Constructor**\n\n<p className="since">{"Changed in 0.44.0: added "}<code>{"network: Network"}</code></p>');
  });
});
