// A type's family on the package pages of the 17 packages: the fields an interface inherits, listed as a class's
// inherited members are; what implements or extends each class and interface, across packages; the type parameters of
// a generic class or type with their constraints and defaults.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { renderSdkPackage } from '../../generator/render/sdk-page';
import type { SdkSymbol } from '../../generator/model/sdk';
import type { TypeExpr } from '../../generator/model/types';

const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });
const pages = new Map(
  sdk.packages.map((pkg) => [
    pkg.short,
    renderSdkPackage(sdk, pkg, { externalLinks: {} })
      .map((page) => page.mdx)
      .join('\n'),
  ]),
);

/** The section of a symbol on its package's pages: from its heading to the next heading of level 2. */
function sectionOf(symbol: SdkSymbol): string {
  const mdx = pages.get(symbol.package) ?? '';
  const start = mdx.search(new RegExp(`^#{2,3} ${symbol.name.replace(/[.$]/g, '\\$&')} \\{/\\* #`, 'm'));
  if (start < 0) throw new Error(`no section for ${symbol.id}`);
  const next = mdx.slice(start + 3).search(/\n## /);
  return next < 0 ? mdx.slice(start) : mdx.slice(start, start + 3 + next);
}

function declaredId(type: TypeExpr): string | null {
  return type.kind === 'reference' && type.target.kind === 'declared' ? type.target.id : null;
}

describe('a type and its family on the package pages', () => {
  it('lists the members an interface inherits: WalletHdNode has six, through WalletEllipticPair and EllipticPair', () => {
    const section = sectionOf(sdk.symbols['jellyfish-wallet.WalletHdNode'] as SdkSymbol);
    const inherited = /\*\*Inherited\*\* (.*)/.exec(section)?.[1] ?? '';
    expect([...inherited.matchAll(/`(\w+)\(\)`/g)].map((found) => found[1])).toEqual([
      'signTx',
      'publicKey',
      'publicKeyUncompressed',
      'privateKey',
      'sign',
      'verify',
    ]);
  });

  it('names, on each class and interface, every class that implements it and every type that extends it, in any package', () => {
    const expected: { base: string; line: 'Implemented by' | 'Extended by'; subtype: SdkSymbol }[] = [];
    for (const symbol of Object.values(sdk.symbols)) {
      if (symbol.kind === 'class') {
        for (const type of symbol.implements) expected.push({ base: declaredId(type) ?? '', line: 'Implemented by', subtype: symbol });
        if (symbol.extends !== null) expected.push({ base: declaredId(symbol.extends) ?? '', line: 'Extended by', subtype: symbol });
      } else if (symbol.kind === 'type' && symbol.declaration.kind === 'interface') {
        for (const type of symbol.declaration.extends) expected.push({ base: declaredId(type) ?? '', line: 'Extended by', subtype: symbol });
      }
    }
    const inModel = expected.filter((entry) => sdk.symbols[entry.base] !== undefined);
    expect(inModel.length).toBeGreaterThan(100);
    const missing = inModel.filter(({ base, line, subtype }) => {
      const found = new RegExp(`\\*\\*${line}\\*\\* (.*)`).exec(sectionOf(sdk.symbols[base] as SdkSymbol))?.[1] ?? '';
      return !found.includes(`\`${subtype.name}\``);
    });
    expect(missing.map(({ base, line, subtype }) => `${base}: ${line} ${subtype.id}`)).toEqual([]);
  });

  it('lists the type parameters of a generic class with their constraints: JellyfishWallet<Account, HdNode>', () => {
    const section = sectionOf(sdk.symbols['jellyfish-wallet.JellyfishWallet'] as SdkSymbol);
    expect(section).toContain('**Type parameters**');
    expect(section).toMatch(/- `Account` · extends \[`WalletAccount`\]\(#walletaccount\)/);
    expect(section).toMatch(/- `HdNode` · extends \[`WalletHdNode`\]\(#wallethdnode\)/);
  });
});
