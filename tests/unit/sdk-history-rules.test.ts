// What the SDK packages' history files (generator/history/sdk) say of everything a release dropped, checked over every
// entry of the 17 files: the rules of generator/emit/sdk-history-rules.ts leave the committed files as they are (a
// member a base still gives is inherited, not removed; a successor is a same-signature rename in the dropping release,
// an export that moved to another package, or one a deprecation names), and the package pages list as no longer
// published no member or field that the pinned declaration has through its bases.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { attachSdkHistory, readSdkHistoryFile } from '../../generator/extract/history/attach';
import { sdkHistoryItems } from '../../generator/emit/history';
import { applySdkHistoryRules } from '../../generator/emit/sdk-history-rules';
import { inheritedFields, inheritedMembers } from '../../generator/model/sdk-queries';
import type { HistoryFile } from '../../generator/model/history';
import { renderSdkPackage } from '../../generator/render/sdk-page';

const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });
const committed = new Map(SDK_PACKAGES.map((config) => [config.short, readSdkHistoryFile(config.short)]));

function removedEntries(files: ReadonlyMap<string, HistoryFile>): string[] {
  const lines: string[] = [];
  for (const [short, file] of files)
    for (const [kind, items] of Object.entries(file.items))
      for (const [key, entry] of Object.entries(items ?? {}))
        if (entry.last !== undefined)
          lines.push(
            `${short} ${kind} ${key}: ${entry.inheritedFrom === undefined ? `in its place ${entry.replacedBy ?? 'none'} (${entry.replacedHow ?? '-'})` : `inherited from ${entry.inheritedFrom}`}`,
          );
  return lines;
}

describe('removed and renamed in the history of the 17 packages', () => {
  it('holds the rules for every entry a release dropped: applying them changes nothing in the committed files', () => {
    const copies = new Map([...committed].map(([short, file]) => [short, structuredClone(file)]));
    const before = removedEntries(copies);
    expect(before.length).toBeGreaterThan(70);
    applySdkHistoryRules(
      [...copies].map(([short, file]) => ({
        short,
        file,
        latest: new Map(sdkHistoryItems(sdk, short).map((item) => [`${item.kind} ${item.key}`, item.signature])),
      })),
    );
    expect(removedEntries(copies)).toEqual(before);
  });

  it('says what the packages show: moved to a base, a same-signature rename, an export another package took over', () => {
    const lines = removedEntries(committed);
    expect(lines).toContain('jellyfish-wallet field WalletHdNode.signTx: inherited from WalletEllipticPair');
    expect(lines).toContain('jellyfish-transaction field TokenBalance.amount: inherited from TokenBalanceUInt32');
    expect(lines).toContain('jellyfish-buffer export readVarUInt: in its place readCompactSize (renamed)');
    expect(lines).toContain('jellyfish-buffer member ComposableBuffer#static.varUIntArray: in its place ComposableBuffer#static.compactSizeArray (renamed)');
    expect(lines).toContain('jellyfish-transaction export TransactionSigner: in its place jellyfish-transaction-signature:TransactionSigner (moved)');
    expect(lines).toContain('testcontainers member DeFiDContainer#getMintingInfo: in its place DeFiDContainer#getMiningInfo (deprecation)');
    // Two names with the old signature were added in 2.49.0 (compactSize and varInt): neither is claimed.
    expect(lines).toContain('jellyfish-buffer member ComposableBuffer#static.varUInt: in its place none (-)');
  });

  it("links a successor: another package's section, or the entry of one a later release dropped in turn", () => {
    const reference = structuredClone(sdk);
    attachSdkHistory(reference);
    const pkg = reference.packages.find((candidate) => candidate.short === 'jellyfish-transaction');
    const mdx = pkg === undefined ? '' : (renderSdkPackage(reference, pkg, { externalLinks: {} })[0]?.mdx ?? '');
    expect(mdx).toContain('**In its place** [`LoanScheme`](#removed-loanscheme): added in 0.44.0');
    expect(mdx).toContain('**In its place** [`TransactionSigner`](/ecosystem/packages/jellyfish-transaction-signature#transactionsigner): published by');
  });

  it('lists as no longer published no member or field that the pinned class or interface has through its bases', () => {
    const reference = structuredClone(sdk);
    attachSdkHistory(reference);
    const stillThere: string[] = [];
    for (const pkg of reference.packages) {
      for (const item of pkg.history?.removed ?? []) {
        if (item.kind === 'export' || !item.ownerAlive) continue;
        const owner = Object.values(reference.symbols).find((symbol) => symbol.package === pkg.short && symbol.exported && symbol.name === item.owner);
        const names =
          owner?.kind === 'class'
            ? [...owner.members, ...inheritedMembers(reference, owner).flatMap((from) => ('from' in from ? [...from.members, ...from.statics] : []))].map(
                (member) => `${member.static ? 'static.' : ''}${member.name}`,
              )
            : owner?.kind === 'type'
              ? [
                  ...(owner.declaration.kind === 'interface' ? owner.declaration.fields : []),
                  ...inheritedFields(reference, owner.declaration).flatMap((from) => ('from' in from ? from.fields : [])),
                ].map((field) => field.name)
              : [];
        if (names.includes(item.name)) stillThere.push(`${pkg.short} ${item.key}`);
      }
    }
    expect(stillThere).toEqual([]);
  });
});
