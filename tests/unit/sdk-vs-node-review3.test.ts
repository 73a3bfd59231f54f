// The project's data against a third reading of DeFiCh/ain v4.0.9 and @defichain/* 4.0.7 by someone who did not see
// it (tests/fixtures/node-rpc-review/review3.json): part B, how 16 api-core methods differ from their RPC's help, against
// generator/node-rpcs/sdk-vs-node.json; part C, 8 facts of the testcontainers history, against
// generator/history/sdk/testcontainers.json and sdk-deprecations.json. Where the readings differed the source settled it:
// `settled.B` and `settled.C` say what each side holds and why.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SdkNodeDifference } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface Row {
  method: string;
  rpc: string;
  notSent: string[];
  fixed: string[];
  missingResultFields: string[];
  typedDifferently: string[];
  optionsObject: boolean;
}
interface Settled {
  method?: string;
  fact?: string;
  why: string;
}
interface HistoryItem {
  since: string;
  last?: string;
  deprecated?: string;
  gaps?: unknown[];
  replacedBy?: string;
  replacedNote?: { text: string; from: string; to: string };
}

const review = read<{
  B: Row[];
  C: Record<string, unknown> & {
    registryVersionsSeen: string[];
    MasterNodeKey: { exportedIn: string[]; lastWith: string; firstWithout: string; deprecatedIn: string[]; deprecatedNote: string; successor: string };
    getMintingInfo: {
      class: string;
      presentIn: string[];
      lastWith: string;
      firstWithout: string;
      deprecatedIn: string[];
      deprecatedNote: string;
      successor: string;
    };
    GenesisKeys_aside: string;
  };
  settled: { B: Settled[]; C: Settled[] };
}>('tests/fixtures/node-rpc-review/review3.json');
const data = read<{ methods: { method: string; rpc: string; differences: SdkNodeDifference[] }[] }>('generator/node-rpcs/sdk-vs-node.json');
const history = read<{ versions: string[]; items: Record<string, Record<string, HistoryItem>> }>('generator/history/sdk/testcontainers.json');
const network = read<{ items: Record<string, Record<string, HistoryItem>> }>('generator/history/sdk/jellyfish-network.json');
const deprecations = read<Record<string, Record<string, { read: string[]; notes: { text: string; versions: string[] }[] }>>>(
  'generator/history/sdk-deprecations.json',
).testcontainers;

/** A B row in the data's terms: the names of each of its five fields. */
interface Reading {
  notSent: string[];
  fixed: string[];
  missingResultFields: string[];
  typedDifferently: string[];
  optionsObject: boolean;
}

/**
 * The reader's row as names: a notSent entry's first word (`inputs (SDK field is named utxos; ...)`), a result path with
 * `*` for the data's `<name>`, and the field names a typedDifferently sentence opens a clause with (`scanning: node ...`,
 * `hdseedid optional in node ...; keypoolsize_hd_internal/unlocked_until conditionally present ...`).
 */
function readerNames(row: Row): Reading {
  const sorted = (names: string[]): string[] => [...new Set(names)].sort();
  return {
    notSent: sorted(row.notSent.map((entry) => entry.split(' ')[0] ?? '')),
    fixed: sorted(row.fixed),
    missingResultFields: sorted(row.missingResultFields.map((entry) => (entry.split(' ')[0] ?? '').replace('.*.', '.<name>.'))),
    typedDifferently: sorted(
      row.typedDifferently.flatMap((entry) => [...entry.matchAll(/(?:^|; |\/)([a-z][a-z_]*)(?=[:\s/])/g)].map((match) => match[1] ?? '')),
    ),
    optionsObject: row.optionsObject,
  };
}

/** The data's differences of a method in the reader's five fields, and the kinds that fall in none. */
function dataNames(differences: readonly SdkNodeDifference[]): Reading & { other: string[] } {
  const names = (kinds: string[]): string[] =>
    [
      ...new Set(differences.filter((difference) => kinds.includes(difference.kind)).map((difference) => ('node' in difference ? difference.node.name : ''))),
    ].sort();
  const counted = ['node-argument', 'option-ignored', 'fixed', 'result-field', 'result-field-type', 'result-field-optional', 'argument-type', 'options-object'];
  return {
    notSent: names(['node-argument', 'option-ignored']),
    fixed: differences
      .filter((difference) => difference.kind === 'fixed')
      .map((difference) => (difference.kind === 'fixed' ? `${difference.node.name}=${difference.sdk.name}` : ''))
      .sort(),
    missingResultFields: names(['result-field']),
    typedDifferently: names(['result-field-type', 'result-field-optional', 'argument-type']),
    optionsObject: differences.some((difference) => difference.kind === 'options-object'),
    other: differences
      .filter((difference) => !counted.includes(difference.kind))
      .map((difference) => `${difference.kind} ${'node' in difference ? difference.node.name : ''}`),
  };
}

/** The method a B row names, without the reader's note on its category (`masternode.listGovs (not governance.*)`). */
const methodOf = (row: Row): string => row.method.split(' ')[0] ?? '';
const settledB = (method: string): Settled | undefined => review.settled.B.find((entry) => entry.method === method);

describe('review3 part B: 16 api-core methods against their RPC’s help', () => {
  it('has 16 rows, each a method of the data that calls the row’s RPC', () => {
    expect(review.B).toHaveLength(16);
    for (const row of review.B) expect(data.methods.find((entry) => entry.method === methodOf(row))?.rpc, row.method).toBe(row.rpc);
  });

  it.each(review.B.map((row) => [methodOf(row), row] as const))('%s: the data holds what the reader found', (method, row) => {
    const differences = data.methods.find((entry) => entry.method === method)?.differences ?? [];
    const { other, ...held } = dataNames(differences);
    expect(held).toEqual(readerNames(row));
    // What the data tells that the reader's fields do not take (a mapping of a shape the handler accepts) is settled.
    if (other.length > 0) {
      expect(other.every((kind) => kind.startsWith('argument-shape '))).toBe(true);
      expect(settledB(method)?.why).toMatch(/src\/[\w/.-]+:\d+/);
    }
  });

  it('settles each of the reader’s notes the data does not hold, and each fact it lacked, at the source', () => {
    expect(review.settled.B.map((entry) => entry.method)).toEqual([
      'rawtx.createRawTransaction',
      'vault.estimateCollateral',
      'vault.estimateVault',
      'wallet.sendMany',
      'token.mintTokens, blockchain.getBlockchainInfo, wallet.getWalletInfo',
    ]);
    for (const entry of review.settled.B) expect(entry.why).toMatch(/src\/[\w/.-]+:\d+/);
  });
});

describe('review3 part C: 8 facts of the testcontainers history', () => {
  const exported = (key: string): HistoryItem => {
    const [kind = '', name = ''] = key.split(' ');
    const item = history.items[kind]?.[name];
    if (item === undefined) throw new Error(`no ${key} in the testcontainers history`);
    return item;
  };
  /** The versions of the history from an item's first to its last (or the newest). */
  const span = (item: HistoryItem): string[] =>
    history.versions.slice(history.versions.indexOf(item.since), item.last === undefined ? undefined : history.versions.indexOf(item.last) + 1);
  const after = (version: string): string | undefined => history.versions[history.versions.indexOf(version) + 1];
  const plain = (versions: string[]): string[] => versions.map((version) => version.split(' ')[0] ?? '');

  it('1. the versions: the reader’s stable ones are the 27 the history read; the pre-releases it does not read are settled', () => {
    const stable = review.C.registryVersionsSeen.filter((version) => /^\d+\.\d+\.\d+$/.test(version));
    expect([...stable].sort()).toEqual([...history.versions].sort());
    expect(review.C.registryVersionsSeen.length - stable.length).toBe(4);
    expect(review.settled.C.find((entry) => entry.fact === 'registryVersionsSeen')?.why).toContain('stable versions only');
  });

  it('2–4. MasterNodeKey: published 0.0.14 to 3.24.0, deprecated from 0.47.0 with the note naming jellyfish-network’s', () => {
    const { MasterNodeKey: fact } = review.C;
    const item = exported('export MasterNodeKey');
    expect(span(item)).toEqual(plain(fact.exportedIn));
    expect(deprecations?.['export MasterNodeKey']?.read).toEqual(plain(fact.exportedIn));
    expect([item.last, after(item.last ?? '')]).toEqual([fact.lastWith, fact.firstWithout]);
    expect(item.gaps).toBeUndefined();
    expect(item.deprecated).toBe(fact.deprecatedIn[0]);
    expect(deprecations?.['export MasterNodeKey']?.notes.map((note) => note.versions)).toEqual([fact.deprecatedIn]);
    expect(fact.deprecatedNote).toContain(item.replacedNote?.text ?? '-');
    expect([item.replacedNote?.from, item.replacedNote?.to]).toEqual([fact.deprecatedIn[0], fact.deprecatedIn.at(-1)]);
    expect(item.replacedBy).toBe('jellyfish-network:MasterNodeKey');
    expect(fact.successor).toBe('MasterNodeKey from @defichain/jellyfish-network');
  });

  it('5–7. DeFiDContainer#getMintingInfo: published 0.0.14 to 0.18.0, deprecated in 0.18.0 for getMiningInfo', () => {
    const { getMintingInfo: fact } = review.C;
    const item = exported(`member ${fact.class}#getMintingInfo`);
    expect(span(item)).toEqual(plain(fact.presentIn));
    expect(deprecations?.[`member ${fact.class}#getMintingInfo`]?.read).toEqual(plain(fact.presentIn));
    expect([item.last, after(item.last ?? '')]).toEqual([fact.lastWith, fact.firstWithout]);
    expect(item.deprecated).toBe(fact.deprecatedIn[0]);
    expect(deprecations?.[`member ${fact.class}#getMintingInfo`]?.notes).toEqual([{ text: 'Prefer using getMiningInfo.', versions: fact.deprecatedIn }]);
    expect(fact.deprecatedNote).toContain(item.replacedNote?.text ?? '-');
    expect(item.replacedBy).toBe(`${fact.class}#getMiningInfo`);
    expect(fact.successor).toBe(`getMiningInfo (${fact.class})`);
  });

  it('8. GenesisKeys: deprecated from 0.47.0 and still published, its note naming RegTestFoundationKeys (jellyfish-network, from 2.7.2)', () => {
    const item = exported('export GenesisKeys');
    expect(review.C.GenesisKeys_aside).toMatch(/0\.47\.0 says @deprecated use RegTestGenesisKeys; 2\.7\.2\+ says RegTestFoundationKeys \(still in 4\.0\.7\)/);
    expect(item.deprecated).toBe('0.47.0');
    expect(item.last).toBeUndefined();
    const declared = fs.readFileSync(path.join(ROOT, 'node_modules/@defichain/testcontainers/dist/index.d.ts'), 'utf8');
    expect(declared).toMatch(
      /@deprecated use `import \{ RegTestFoundationKeys \} from '@defichain\/jellyfish-network'`\s*\*\/\s*export declare const GenesisKeys/,
    );
    expect(network.items.export?.RegTestFoundationKeys?.since).toBe('2.7.2');
    expect(network.items.export?.RegTestGenesisKeys).toMatchObject({ since: '0.46.2', deprecated: '2.7.2' });
  });
});
