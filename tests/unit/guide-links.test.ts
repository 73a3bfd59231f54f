// Links both ways between the package reference and the pages that use it: each guide and recipe page links the
// section of every export its code imports, and each such section names the page back ("Used in"); the package
// overview leads to the wallet guide; the errors page says what to install; every builder sample says which of its
// inputs are simulated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachGuideUses, extractSdkReference } from '../../generator/extract/sdk';
import { GUIDE_PAGES, importedNames } from '../../generator/extract/sdk/guides';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { sdkAnchorCache, sdkHref } from '../../generator/model/routes';
import { renderSdkPackage } from '../../generator/render/sdk-page';
import type { SdkMemberExample } from '../../generator/model/sdk';

const ROOT = path.resolve(__dirname, '../..');
const sdk = extractSdkReference({ nodeModules: path.join(ROOT, 'node_modules'), packages: SDK_PACKAGES });
attachGuideUses(sdk, path.join(ROOT, 'docs'));
const anchors = sdkAnchorCache(sdk);
const read = (file: string): string => fs.readFileSync(path.join(ROOT, 'docs', file), 'utf8');

describe('the package reference and the guides, both ways', () => {
  it('links, from each guide and recipe page, the section of every export its code imports', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const page of GUIDE_PAGES) {
      const text = read(page.file);
      for (const id of importedNames(text)) {
        const href = sdk.symbols[id] === undefined ? undefined : sdkHref(sdk, id, anchors);
        if (href === undefined) continue;
        checked += 1;
        if (!text.includes(`](${href})`)) missing.push(`${page.file}: ${id} (${href})`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('names, in the section of each of those exports, every page that uses it', () => {
    const pages = new Map(
      sdk.packages.map((pkg) => [
        pkg.short,
        renderSdkPackage(sdk, pkg, { externalLinks: {} })
          .map((page) => page.mdx)
          .join('\n'),
      ]),
    );
    const missing: string[] = [];
    for (const page of GUIDE_PAGES) {
      for (const id of importedNames(read(page.file))) {
        const symbol = sdk.symbols[id];
        if (symbol === undefined) continue;
        const mdx = pages.get(symbol.package) ?? '';
        const anchor = sdkHref(sdk, id, anchors)?.split('#')[1] ?? '';
        const start = mdx.indexOf(` {/* #${anchor} */}`);
        const end = mdx.slice(start + 3).search(/\n## /);
        const section = end < 0 ? mdx.slice(start) : mdx.slice(start, start + 3 + end);
        const usedIn = /\*\*Used in\*\* (.*)/.exec(section)?.[1] ?? '';
        if (!usedIn.includes(`](${page.route})`)) missing.push(`${id}: ${page.route}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leads from the package overview to the wallet guide, and gives the errors page an install line for what it imports', () => {
    expect(read('ecosystem/package-reference.mdx')).toContain('](/ecosystem/wallets)');
    const errors = read('node/errors.mdx');
    const install = /```bash npm2yarn\nnpm install ([^\n]*)\n```/.exec(errors)?.[1]?.split(' ') ?? [];
    const imported = [...new Set([...errors.matchAll(/from '(@defichain\/[\w-]+)'/g)].map((found) => found[1]))];
    expect(imported.length).toBeGreaterThan(2);
    expect(imported.filter((name) => name !== undefined && !install.includes(name))).toEqual([]);
    expect(install).toContain('defichain');
  });
});

const BUILDER_EXAMPLES = path.join(ROOT, 'generated/builder-examples.json');

describe.runIf(fs.existsSync(BUILDER_EXAMPLES))('the builder samples', () => {
  it("say that the input UTXO and the fee rate are the stand-in Ocean's, each with the UTXO it spent", () => {
    const examples = Object.entries(JSON.parse(fs.readFileSync(BUILDER_EXAMPLES, 'utf8')) as Record<string, SdkMemberExample>);
    expect(examples.length).toBeGreaterThan(50);
    const silent = examples.filter(([, example]) => !(example.notes?.[0] ?? '').startsWith('Simulated inputs:')).map(([key]) => key);
    expect(silent).toEqual([]);
    expect(examples.find(([key]) => key === 'masternode.create')?.[1].notes?.[0]).toContain('20010.00000755 DFI');
  });
});
