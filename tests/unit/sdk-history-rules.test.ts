// What the SDK packages' history files (generator/history/sdk) say of everything a release dropped, checked over every
// entry of the 17 files: the rules of generator/emit/sdk-history-rules.ts leave the committed files as they are (a
// member a base still gives is inherited, not removed; a successor is a same-signature rename in the dropping release,
// an export that moved to another package, or one a deprecation names), and the package pages list as no longer
// published no member or field that the pinned declaration has through its bases. A successor claimed from a
// `@deprecated` note is held against the notes of every version that had the item (generator/history/sdk-deprecations.json,
// which `npm run history -- sdk-deprecations --check` holds against the registry's declarations).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { attachSdkHistory, readSdkHistoryFile } from '../../generator/extract/history/attach';
import { sdkHistoryItems } from '../../generator/emit/history';
import { applySdkHistoryRules } from '../../generator/emit/sdk-history-rules';
import { readSdkDeprecations } from '../../generator/history/sdk-deprecations';
import { inheritedFields, inheritedMembers } from '../../generator/model/sdk-queries';
import { compareVersions, type HistoryEntry, type HistoryFile, type SdkDeprecationNotes } from '../../generator/model/history';
import { renderSdkPackage } from '../../generator/render/sdk-page';

const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });
const committed = new Map(SDK_PACKAGES.map((config) => [config.short, readSdkHistoryFile(config.short)]));
const notes = readSdkDeprecations();

/** Whether an entry's item is in `version`: from its first version to its last, outside its gaps. */
function hadIt(entry: HistoryEntry, version: string): boolean {
  if (compareVersions(entry.since, version) > 0 || (entry.last !== undefined && compareVersions(entry.last, version) < 0)) return false;
  return !(entry.gaps ?? []).some(([from, to]) => compareVersions(from, version) <= 0 && compareVersions(version, to) < 0);
}

/** Every removed entry of the files, as `short kind key` with its entry. */
function removed(files: ReadonlyMap<string, HistoryFile>): [string, string, string, HistoryEntry, HistoryFile][] {
  return [...files].flatMap(([short, file]) =>
    (['export', 'member', 'field'] as const).flatMap((kind) =>
      Object.entries(file.items[kind] ?? {}).flatMap(([key, entry]) =>
        entry.last === undefined ? [] : [[short, kind, key, entry, file] as [string, string, string, HistoryEntry, HistoryFile]],
      ),
    ),
  );
}

/**
 * What is wrong with each successor claimed from a `@deprecated` note: the quoted note is not one the committed notes
 * give the item (same text, first and last version carrying it), it does not name the successor as a word (and, for
 * another package's export, that package), or the successor is published neither in the release that dropped the
 * item nor in the newest one.
 */
function deprecationClaimProblems(files: ReadonlyMap<string, HistoryFile>, itemNotes: SdkDeprecationNotes): string[] {
  const problems: string[] = [];
  for (const [short, kind, key, entry, file] of removed(files)) {
    if (entry.replacedHow !== 'deprecation') continue;
    const where = `${short} ${kind} ${key} → ${entry.replacedBy ?? '?'}`;
    const quoted = entry.replacedNote;
    const note = itemNotes[short]?.[`${kind} ${key}`]?.notes.find((candidate) => candidate.text === quoted?.text);
    if (quoted === undefined || note === undefined || note.versions[0] !== quoted.from || note.versions.at(-1) !== quoted.to) {
      problems.push(`${where}: its note is not one the published versions carried`);
      continue;
    }
    const [otherPackage, otherKey] = (entry.replacedBy ?? '').includes(':') ? (entry.replacedBy ?? '').split(':') : [short, entry.replacedBy ?? ''];
    const own =
      kind === 'export' ? (otherKey ?? '') : (otherKey ?? '').slice((otherKey ?? '').search(kind === 'member' ? /#/ : /\./) + 1).replace(/^static\./, '');
    if (!new RegExp(`(?<![\\w$])${own.replace(/\$/g, '\\$')}(?![\\w$])`).test(note.text)) problems.push(`${where}: the note does not name ${own}`);
    if (otherPackage !== short && !note.text.includes(`@defichain/${otherPackage ?? ''}`))
      problems.push(`${where}: the note does not name @defichain/${otherPackage ?? ''}`);
    const dropped = file.versions[file.versions.indexOf(entry.last ?? '') + 1] ?? '';
    const successor = files.get(otherPackage ?? '')?.items[kind as 'export' | 'member' | 'field']?.[otherKey ?? ''];
    if (successor === undefined || !(successor.last === undefined || hadIt(successor, dropped)))
      problems.push(`${where}: not published in ${dropped} nor in the newest release`);
  }
  return problems;
}

function removedEntries(files: ReadonlyMap<string, HistoryFile>): string[] {
  const lines: string[] = [];
  for (const [short, file] of files)
    for (const [kind, items] of Object.entries(file.items))
      for (const [key, entry] of Object.entries(items ?? {}))
        if (entry.last !== undefined)
          lines.push(
            `${short} ${kind} ${key}: ${entry.inheritedFrom === undefined ? `in its place ${entry.replacedBy ?? 'none'} (${entry.replacedHow ?? '-'})` : `inherited from ${entry.inheritedFrom}`}` +
              (entry.replacedNote === undefined ? '' : `, note of ${entry.replacedNote.from} to ${entry.replacedNote.to}: ${entry.replacedNote.text}`),
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
      notes,
    );
    expect(removedEntries(copies)).toEqual(before);
  });

  it('has the @deprecated notes of every version that had each removed entry, and nothing else', () => {
    const expected = removed(committed).map(
      ([short, kind, key, entry, file]) => `${short} ${kind} ${key}: ${file.versions.filter((version) => hadIt(entry, version)).join(' ')}`,
    );
    const read = Object.entries(notes).flatMap(([short, items]) =>
      Object.entries(items).map(
        ([id, item]) => `${short} ${id}: ${item.read.join(' ')}${item.notFound === undefined ? '' : ` not found in ${item.notFound.join(' ')}`}`,
      ),
    );
    expect(read.sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(78);
  });

  it('claims a successor from a @deprecated note only where a note of a version that had the item names one published then or now', () => {
    expect(deprecationClaimProblems(committed, notes)).toEqual([]);
    const lines = removedEntries(committed);
    expect(lines).toContain(
      "testcontainers export MasterNodeKey: in its place jellyfish-network:MasterNodeKey (deprecation), note of 0.47.0 to 3.24.0: use `import { MasterNodeKey } from '@defichain/jellyfish-network'`",
    );
    expect(lines).toContain(
      'testcontainers member DeFiDContainer#getMintingInfo: in its place DeFiDContainer#getMiningInfo (deprecation), note of 0.18.0 to 0.18.0: Prefer using getMiningInfo.',
    );
    expect(lines.filter((line) => line.includes('(deprecation)'))).toHaveLength(2);
    // A wrong successor, a note no version carried, or a note without its successor's name is caught.
    const wrong = new Map([...committed].map(([short, file]) => [short, structuredClone(file)]));
    const testcontainers = wrong.get('testcontainers')?.items;
    const minting = testcontainers?.member?.['DeFiDContainer#getMintingInfo'];
    const masterNodeKey = testcontainers?.export?.MasterNodeKey;
    if (minting === undefined || masterNodeKey === undefined) throw new Error('testcontainers lost its entries');
    minting.replacedBy = 'DeFiDContainer#getBlockCount';
    masterNodeKey.replacedBy = 'jellyfish-network:RegTestFoundationKeys';
    expect(deprecationClaimProblems(wrong, notes)).toEqual([
      'testcontainers export MasterNodeKey → jellyfish-network:RegTestFoundationKeys: the note does not name RegTestFoundationKeys',
      'testcontainers member DeFiDContainer#getMintingInfo → DeFiDContainer#getBlockCount: the note does not name getBlockCount',
    ]);
    const reworded = structuredClone(notes);
    const note = reworded.testcontainers?.['member DeFiDContainer#getMintingInfo']?.notes[0];
    if (note !== undefined) note.text = 'Prefer using getBlockCount.';
    expect(deprecationClaimProblems(committed, reworded)).toEqual([
      'testcontainers member DeFiDContainer#getMintingInfo → DeFiDContainer#getMiningInfo: its note is not one the published versions carried',
    ]);
  });

  it('takes the successor a note of an earlier version names, when the last version has no note or one naming none', () => {
    const copies = new Map([...committed].map(([short, file]) => [short, structuredClone(file)]));
    const readVarUInt = copies.get('jellyfish-buffer')?.items.export?.readVarUInt;
    if (readVarUInt === undefined) throw new Error('jellyfish-buffer lost readVarUInt');
    // As if 0.44.0 had said "use readCompactSize" (and later versions nothing), the rename rule aside.
    const earlier = structuredClone(notes);
    const item = earlier['jellyfish-buffer']?.['export readVarUInt'];
    if (item === undefined) throw new Error('no notes of readVarUInt');
    item.notes = [
      { text: 'use readCompactSize instead', versions: ['0.44.0'] },
      { text: 'will be removed', versions: ['2.45.11'] },
    ];
    applySdkHistoryRules(
      [...copies].map(([short, file]) => ({
        short,
        file,
        latest: new Map(sdkHistoryItems(sdk, short).map((one) => [`${one.kind} ${one.key}`, one.signature])),
      })),
      earlier,
    );
    expect(readVarUInt).toMatchObject({
      replacedBy: 'readCompactSize',
      replacedHow: 'deprecation',
      replacedNote: { text: 'use readCompactSize instead', from: '0.44.0', to: '0.44.0' },
    });
    expect(deprecationClaimProblems(copies, earlier)).toEqual([]);
  });

  it('says what the packages show: moved to a base, a same-signature rename, an export another package took over', () => {
    const lines = removedEntries(committed);
    expect(lines).toContain('jellyfish-wallet field WalletHdNode.signTx: inherited from WalletEllipticPair');
    expect(lines).toContain('jellyfish-transaction field TokenBalance.amount: inherited from TokenBalanceUInt32');
    expect(lines).toContain('jellyfish-buffer export readVarUInt: in its place readCompactSize (renamed)');
    expect(lines).toContain('jellyfish-buffer member ComposableBuffer#static.varUIntArray: in its place ComposableBuffer#static.compactSizeArray (renamed)');
    expect(lines).toContain('jellyfish-transaction export TransactionSigner: in its place jellyfish-transaction-signature:TransactionSigner (moved)');
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
    const containers = reference.packages.find((candidate) => candidate.short === 'testcontainers');
    const page = containers === undefined ? '' : (renderSdkPackage(reference, containers, { externalLinks: {} })[0]?.mdx ?? '');
    expect(page).toContain(
      "**In its place** [`MasterNodeKey`](/ecosystem/packages/jellyfish-network#masternodekey): its `@deprecated` note of 0.47.0 to 3.24.0 named it: “use `import { MasterNodeKey } from '@defichain/jellyfish-network'`”.",
    );
    expect(page).toContain(
      '**In its place** [`DeFiDContainer.getMiningInfo`](#defidcontainer-getmininginfo): its `@deprecated` note of 0.18.0 named it: “Prefer using getMiningInfo.”\n',
    );
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
