// The release history (generator/history, `npm run history`): how it is built from versions' items, that the committed
// file ends at the pinned packages (so a bump means rerunning the script), that a held sample recomputed from small
// fixture packages of old versions (tests/fixtures/history) agrees with it, and how it joins the models.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHistory, itemsDigest, oceanHistoryItems, rpcHistoryItems, type HistoryItem } from '../../generator/emit/history';
import {
  attachOceanHistory,
  attachRpcHistory,
  attachSdkHistory,
  readHistoryFile,
  readSdkHistoryFile,
  type HistoryPackage,
} from '../../generator/extract/history/attach';
import { extractOceanReference } from '../../generator/extract/ocean/reference';
import { readClientDefaults } from '../../generator/extract/ocean/compiled';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import { compareVersions, type HistoryEntry, type HistoryFile, type HistoryKind } from '../../generator/model/history';
import { HISTORY_READERS, readSdkVersion, readVersions } from '../../generator/history/read-versions';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { CUTS, SDK_CUTS, fixtureDir, sdkFixtureModules } from '../support/cut-history-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const PINNED: Record<HistoryPackage, string> = {
  '@defichain/jellyfish-api-core': path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core'),
  '@defichain/whale-api-client': path.join(ROOT, 'node_modules/@defichain/whale-api-client'),
};

const item = (kind: HistoryKind, key: string, signature: string, extra: Partial<HistoryItem> = {}): HistoryItem => ({
  kind,
  key,
  signature,
  deprecated: false,
  ...extra,
});

describe('buildHistory', () => {
  const readings = [
    {
      version: '1.0.0',
      items: [
        item('method', 'a.old', 'old(): void', { category: 'a', member: 'old', calls: ['oldrpc'] }),
        item('type', 'x.T', 'interface T', { name: 'T' }),
        item('field', 'x.T.f', 'f: string'),
      ],
    },
    { version: '1.1.0', error: 'cannot read' },
    {
      version: '1.2.0',
      items: [
        item('method', 'a.old', 'old(n: number): void', { category: 'a', member: 'old', calls: ['oldrpc'], deprecated: true }),
        item('type', 'y.T', 'interface T', { name: 'T' }),
        item('field', 'y.T.f', 'f: string'),
        item('field', 'y.T.g', 'g: number'),
      ],
    },
    {
      version: '2.0.0',
      items: [
        item('method', 'a.newOld', 'newOld(n: number): void', { category: 'a', member: 'newOld', calls: ['newrpc'] }),
        item('type', 'y.T', 'interface T', { name: 'T' }),
        item('field', 'y.T.f', 'f: string'),
      ],
    },
    {
      version: '2.1.0',
      items: [
        item('method', 'a.newOld', 'newOld(n: number): void', { category: 'a', member: 'newOld', calls: ['newrpc'] }),
        item('type', 'y.T', 'interface T', { name: 'T' }),
        item('field', 'y.T.f', 'f: string'),
        item('field', 'y.T.g', 'g: bigint'),
      ],
    },
  ];
  const history = buildHistory('p', readings);

  it('dates each item by the first version that has it, its changes, deprecation and last version; unreadable versions are listed and skipped', () => {
    expect(history.versions).toEqual(['1.0.0', '1.2.0', '2.0.0', '2.1.0']);
    expect(history.unreadable).toEqual([{ version: '1.1.0', reason: 'cannot read' }]);
    expect(history.items.method?.['a.old']).toEqual({
      since: '1.0.0',
      changed: [{ version: '1.2.0', before: 'old(): void', after: 'old(n: number): void' }],
      deprecated: '1.2.0',
      last: '1.2.0',
      replacedBy: 'a.newOld',
      replacedHow: 'renamed',
      signature: 'old(n: number): void',
    });
    expect(history.items.method?.['a.newOld']).toEqual({ since: '2.0.0' });
    expect(history.latest).toEqual({ version: '2.1.0', items: 4, digest: itemsDigest(readings[4]?.items ?? []) });
  });

  it('follows a type that moved to another module, with its fields, and records gaps', () => {
    expect(history.items.type?.['y.T']).toEqual({ since: '1.0.0', changed: [{ version: '1.2.0', before: 'module x', after: 'module y' }] });
    expect(history.items.type?.['x.T']).toBeUndefined();
    expect(history.items.field?.['y.T.f']).toEqual({ since: '1.0.0' });
    expect(history.items.field?.['y.T.g']).toEqual({
      since: '1.2.0',
      gaps: [['2.0.0', '2.1.0']],
      changed: [{ version: '2.1.0', before: 'g: number', after: 'g: bigint' }],
    });
  });

  it('finds a replacement by the deprecation text, by the same name in another category, and by the node RPC', () => {
    const replaced = (gone: HistoryItem, alive: HistoryItem[]): HistoryEntry | undefined =>
      buildHistory('p', [
        { version: '1.0.0', items: [gone] },
        { version: '1.1.0', items: alive },
      ]).items.method?.[gone.key];
    const old = (extra: Partial<HistoryItem>): HistoryItem =>
      item('method', 'a.get', 'get(): void', { category: 'a', member: 'get', calls: ['getthing'], ...extra });
    const other = (category: string, member: string, calls: string[]): HistoryItem =>
      item('method', `${category}.${member}`, `${member}(): void`, { category, member, calls });
    expect(replaced(old({ deprecation: 'use b.fetch instead' }), [other('b', 'fetch', ['x']), other('c', 'fetch', ['y'])])).toMatchObject({
      replacedBy: 'b.fetch',
      replacedHow: 'deprecation',
    });
    expect(replaced(old({}), [other('b', 'get', ['x'])])).toMatchObject({ replacedBy: 'b.get', replacedHow: 'moved' });
    expect(replaced(old({}), [other('b', 'fetch', ['getthing'])])).toMatchObject({ replacedBy: 'b.fetch', replacedHow: 'rpc' });
    expect(replaced(old({}), [other('b', 'fetch', ['x'])])).not.toHaveProperty('replacedBy');
  });
});

describe('buildHistory of an SDK package: what a removed export, member or field last was, and what replaces it', () => {
  const exp = (name: string, signature: string, extra: Partial<HistoryItem> = {}): HistoryItem =>
    item('export', name, signature, { name, category: '', member: name, ...extra });
  const member = (owner: string, name: string, signature: string, extra: Partial<HistoryItem> = {}): HistoryItem =>
    item('member', `${owner}#${name}`, signature, { category: owner, member: name, ...extra });
  const field = (owner: string, name: string, signature: string): HistoryItem =>
    item('field', `${owner}.${name}`, signature, { category: owner, member: name });
  const history = buildHistory('@defichain/p', [
    {
      version: '0.12.0',
      items: [
        exp('generateMnemonic', 'function generateMnemonic(length?: 12 | 24): string[]'),
        exp('validateMnemonic', 'function validateMnemonic(words: string[]): boolean'),
        exp('CCreateMasterNode', 'class CCreateMasterNode extends ComposableBuffer<CreateMasterNode>'),
        exp('Provider', 'class Provider'),
        member('Provider', 'static.fromSeed', 'static fromSeed(seed: Buffer): Provider'),
        member('Provider', 'derive', 'derive(path: string): Node', { deprecated: true, deprecation: 'use {@link Provider.deriveNode} instead' }),
        member('Provider', 'deriveNode', 'deriveNode(path: string): Node'),
        exp('Options', 'interface Options'),
        field('Options', 'seed', 'seed: Buffer'),
      ],
    },
    {
      version: '0.14.0',
      items: [
        exp('generateMnemonic', 'function generateMnemonic(length?: 12 | 24 | 15): string[]'),
        exp('CCreateMasterNode', 'class CCreateMasterNode extends ComposableBuffer<CreateMasterNode>'),
        exp('validateMnemonicSentence', 'function validateMnemonicSentence(words: string[]): boolean'),
        exp('validateMnemonicWord', 'function validateMnemonicWord(word: string): boolean'),
        exp('Provider', 'class Provider'),
        member('Provider', 'static.fromSeed', 'static fromSeed(seed: Buffer): Provider'),
        member('Provider', 'deriveNode', 'deriveNode(path: string): Node'),
        exp('Options', 'interface Options'),
        field('Options', 'seed', 'seed: Buffer'),
      ],
    },
    {
      version: '0.39.0',
      items: [
        exp('generateMnemonicWords', 'function generateMnemonicWords(length?: 12 | 24): string[]'),
        exp('entropyAsMnemonic', 'function entropyAsMnemonic(entropy: Buffer): string[]'),
        exp('CCreateMasternode', 'class CCreateMasternode extends ComposableBuffer<CreateMasternode>'),
        exp('validateMnemonicSentence', 'function validateMnemonicSentence(words: string[]): boolean'),
        exp('validateMnemonicWord', 'function validateMnemonicWord(word: string): boolean'),
        exp('Provider', 'class Provider'),
        member('Provider', 'static.fromData', 'static fromData(data: Data): Provider'),
        member('Provider', 'deriveNode', 'deriveNode(path: string): Node'),
        exp('Options', 'interface Options'),
        field('Options', 'privKey', 'privKey: Buffer'),
      ],
    },
  ]);

  it('keeps the signature the last version had, with the versions', () => {
    expect(history.items.export?.generateMnemonic).toMatchObject({
      since: '0.12.0',
      last: '0.14.0',
      signature: 'function generateMnemonic(length?: 12 | 24 | 15): string[]',
    });
    expect(history.items.member?.['Provider#static.fromSeed']).toEqual({
      since: '0.12.0',
      last: '0.14.0',
      signature: 'static fromSeed(seed: Buffer): Provider',
    });
    expect(history.items.field?.['Options.seed']).toEqual({ since: '0.12.0', last: '0.14.0', signature: 'seed: Buffer' });
    expect(history.items.export?.generateMnemonicWords).toEqual({ since: '0.39.0' });
  });

  it('names a replacement only where the packages show one: renamed in the release that dropped it, respelled, or named by @deprecated', () => {
    expect(history.items.export?.generateMnemonic).toMatchObject({ replacedBy: 'generateMnemonicWords', replacedHow: 'renamed' });
    expect(history.items.export?.CCreateMasterNode).toMatchObject({ replacedBy: 'CCreateMasternode', replacedHow: 'respelled' });
    expect(history.items.member?.['Provider#derive']).toMatchObject({ last: '0.12.0', replacedBy: 'Provider#deriveNode', replacedHow: 'deprecation' });
    // Two names added with every word of it, with as many words: no replacement is claimed.
    expect(history.items.export?.validateMnemonic).toEqual({
      since: '0.12.0',
      last: '0.12.0',
      signature: 'function validateMnemonic(words: string[]): boolean',
    });
  });
});

/** The committed file's items alive in its newest version, by kind. */
function aliveKeys(file: HistoryFile): string[] {
  return Object.entries(file.items).flatMap(([kind, entries]) =>
    Object.entries(entries).flatMap(([key, entry]) => (entry.last === undefined ? [`${kind} ${key}`] : [])),
  );
}

describe('the committed history ends at the pinned packages', () => {
  for (const packageName of Object.keys(PINNED) as HistoryPackage[]) {
    it(`${packageName}: the newest version, its items and their digest are the installed package's (else run \`npm run history\`)`, () => {
      const file = readHistoryFile(packageName);
      const items = HISTORY_READERS[packageName](PINNED[packageName]);
      const installed = (JSON.parse(fs.readFileSync(path.join(PINNED[packageName], 'package.json'), 'utf8')) as { version: string }).version;
      expect(file.latest.version, `the history ends at ${file.latest.version}, the installed package is ${installed}: run npm run history`).toBe(installed);
      expect(items.map((one) => `${one.kind} ${one.key}`).sort(), 'items of the installed package against those alive in the history').toEqual(
        aliveKeys(file).sort(),
      );
      expect(file.latest.items).toBe(items.length);
      expect(file.latest.digest, 'a signature or deprecation of the installed package differs from the history: run npm run history').toBe(itemsDigest(items));
      expect(file.unreadable).toEqual([]);
    });
  }
});

// The SDK's other packages, read together from the project's node_modules as `npm run generate` reads them.
const NODE_MODULES = fs.realpathSync(path.join(ROOT, 'node_modules'));
const SDK_SHORTS = SDK_PACKAGES.map((config) => config.short);
let pinnedSdk: Map<string, HistoryItem[]> | undefined;
const pinnedSdkItems = (short: string): HistoryItem[] => (pinnedSdk ??= readSdkVersion(NODE_MODULES, SDK_SHORTS)).get(short) ?? [];

describe("the committed history of the SDK's other packages ends at the pinned packages", () => {
  for (const short of SDK_SHORTS) {
    it(`@defichain/${short}: the newest version, its exports, members and fields and their digest are the installed package's (else run \`npm run history -- sdk\`)`, () => {
      const file = readSdkHistoryFile(short);
      const items = pinnedSdkItems(short);
      const installed = (JSON.parse(fs.readFileSync(path.join(NODE_MODULES, '@defichain', short, 'package.json'), 'utf8')) as { version: string }).version;
      expect(file.latest.version, `the history ends at ${file.latest.version}, the installed package is ${installed}: run npm run history -- sdk`).toBe(
        installed,
      );
      expect(items.filter((one) => one.kind === 'export').length, 'every export of the package is an item').toBeGreaterThan(0);
      expect(items.map((one) => `${one.kind} ${one.key}`).sort(), 'items of the installed package against those alive in the history').toEqual(
        aliveKeys(file).sort(),
      );
      expect(file.latest.digest, 'a signature or deprecation of the installed package differs from the history: run npm run history -- sdk').toBe(
        itemsDigest(items),
      );
      expect(file.unreadable).toEqual([]);
    }, 60_000);
  }
});

/** Whether the entry says the item exists in a version. */
function aliveAt(entry: HistoryEntry, version: string): boolean {
  if (compareVersions(version, entry.since) < 0) return false;
  if (entry.last !== undefined && compareVersions(version, entry.last) > 0) return false;
  return !(entry.gaps ?? []).some(([from, to]) => compareVersions(version, from) >= 0 && compareVersions(version, to) < 0);
}

/** The signature the entry gives for a version, where a later change says it (`before` of the first change after it). */
function signatureAt(entry: HistoryEntry, version: string): string | undefined {
  return entry.changed?.find((change) => compareVersions(change.version, version) > 0)?.before;
}

/** A handful of symbols per package, recomputed from the fixture versions and the pinned one. */
const SAMPLE: Record<HistoryPackage, string[]> = {
  '@defichain/jellyfish-api-core': [
    'method governance.createCfp',
    'method governance.createGovCfp',
    'method governance.listGovProposalVotes',
    'method governance.listGovProposals',
    'method token.mintTokens',
    'method token.burnTokens',
    'method token.createToken',
    'parameter governance.listGovProposalVotes(cycle)',
    'parameter governance.listGovProposalVotes(options)',
    'parameter token.burnTokens(from)',
    'type governance.VoteResult',
    'type governance.ListGovProposalVotesOptions',
    'field governance.ListVotesResult.vote',
    'field governance.ProposalInfo.votesNo',
    'field token.TokenInfo.isLoanToken',
  ],
  '@defichain/whale-api-client': [
    'endpoint consortium.getAssetBreakdown',
    'endpoint fee.estimate',
    'endpoint governance.listGovProposals',
    'parameter fee.estimate(confirmationTarget)',
    'type consortium.MemberInfo',
    'field governance.ProposalVotesResult.valid',
  ],
};

describe('a held sample recomputed from old versions agrees with the committed history', () => {
  for (const packageName of Object.keys(SAMPLE) as HistoryPackage[]) {
    const cut = CUTS.find((candidate) => packageName.endsWith(`/${candidate.package}`));
    it(`${packageName}: ${SAMPLE[packageName].length} symbols in ${cut?.versions.join(', ')} (tests/fixtures/history) and the pinned version`, () => {
      if (cut === undefined) throw new Error(`no fixture cut for ${packageName}`);
      const file = readHistoryFile(packageName);
      const dirs = new Map([
        ...cut.versions.map((version) => [version, { dir: fixtureDir(cut.package, version) }] as const),
        [file.latest.version, { dir: PINNED[packageName] }],
      ]);
      const readings = readVersions(packageName, dirs);
      for (const reading of readings) expect('items' in reading, `${reading.version} could not be read`).toBe(true);
      for (const symbol of SAMPLE[packageName]) {
        const [kind, key] = symbol.split(' ') as [HistoryKind, string];
        const entry = file.items[kind]?.[key];
        expect(entry, `${symbol} is in the history`).toBeDefined();
        if (entry === undefined) continue;
        const seen: string[] = [];
        for (const reading of readings) {
          if (!('items' in reading)) continue;
          const found = reading.items.find((one) => one.kind === kind && one.key === key);
          expect(found !== undefined, `${symbol} in ${reading.version}: present in the package, alive in the history`).toBe(aliveAt(entry, reading.version));
          if (found === undefined) continue;
          seen.push(reading.version);
          const said = signatureAt(entry, reading.version);
          if (said !== undefined) expect(found.signature, `${symbol} in ${reading.version}: its signature`).toBe(said);
          else if (entry.changed !== undefined)
            expect(found.signature, `${symbol} in ${reading.version}: its latest signature`).toBe(entry.changed.at(-1)?.after);
          expect(found.deprecated, `${symbol} in ${reading.version}: deprecated`).toBe(
            entry.deprecated !== undefined && compareVersions(reading.version, entry.deprecated) >= 0,
          );
        }
        // The version just before `since` is held: the sample pins `since` exactly.
        const before = file.versions[file.versions.indexOf(entry.since) - 1];
        if (before !== undefined && dirs.has(before)) expect(seen[0], `${symbol}: first held version that has it`).toBe(entry.since);
      }
      // Replacements found the same way from the held versions alone.
      const recomputed = buildHistory(packageName, readings);
      for (const [key, entry] of Object.entries(recomputed.items.method ?? {})) {
        if (entry.replacedBy !== undefined) expect(file.items.method?.[key]?.replacedBy, `${key} replaced by`).toBe(entry.replacedBy);
      }
    }, 60_000);
  }

  it('pins some entries exactly: held versions next to each other in the registry', () => {
    const file = readHistoryFile('@defichain/jellyfish-api-core');
    expect(file.items.method?.['governance.createGovCfp']?.since).toBe('3.5.2');
    expect(file.versions.indexOf('3.5.2') - file.versions.indexOf('2.70.0')).toBe(1);
    expect(file.items.method?.['governance.createCfp']).toMatchObject({ last: '2.70.0', replacedBy: 'governance.createGovCfp' });
  });
});

/** SDK symbols recomputed from the held versions (tests/fixtures/history/sdk-*) and the pinned packages. */
const SDK_SAMPLE: Record<string, string[]> = {
  'jellyfish-network': [
    'export BlockSubsidy',
    'member BlockSubsidy#getBlockSubsidy',
    'export getBlockRewardDistribution',
    'field CoinbaseSubsidyOptions.eunosHeight',
    'export isSkippedTxId',
    'export MainNet',
    'field Network.name',
    'field Network.ports',
  ],
  'jellyfish-crypto': ['export Eth', 'export KECCAK256', 'member Eth#fromPubKeyUncompressed', 'field EllipticPair.publicKeyUncompressed', 'export Elliptic'],
  'jellyfish-address': ['export Eth', 'member Eth#fromAddress', 'member Eth#fromScript', 'export P2WPKH', 'member P2WPKH#static.to'],
};

describe("a held sample of the SDK's other packages recomputed from old versions agrees with the committed history", () => {
  for (const cut of SDK_CUTS) {
    it(`@defichain/${cut.package}: ${SDK_SAMPLE[cut.package]?.length ?? 0} symbols in ${cut.versions.join(', ')} and the pinned version`, () => {
      const file = readSdkHistoryFile(cut.package);
      const readings = [
        ...cut.versions.map((version) => ({ version, items: readSdkVersion(sdkFixtureModules(version), [cut.package]).get(cut.package) ?? [] })),
        { version: file.latest.version, items: pinnedSdkItems(cut.package) },
      ];
      for (const reading of readings) expect(reading.items.length, `${cut.package}@${reading.version} has items`).toBeGreaterThan(0);
      for (const symbol of SDK_SAMPLE[cut.package] ?? []) {
        const [kind, key] = symbol.split(' ') as [HistoryKind, string];
        const entry = file.items[kind]?.[key];
        expect(entry, `${symbol} is in the history`).toBeDefined();
        if (entry === undefined) continue;
        const seen: string[] = [];
        for (const reading of readings) {
          const found = reading.items.find((one) => one.kind === kind && one.key === key);
          expect(found !== undefined, `${symbol} in ${reading.version}: present in the package, alive in the history`).toBe(aliveAt(entry, reading.version));
          if (found === undefined) continue;
          seen.push(reading.version);
          const said = signatureAt(entry, reading.version);
          if (said !== undefined) expect(found.signature, `${symbol} in ${reading.version}: its signature`).toBe(said);
          else if (entry.changed !== undefined)
            expect(found.signature, `${symbol} in ${reading.version}: its latest signature`).toBe(entry.changed.at(-1)?.after);
        }
        // The held versions are neighbours in the registry: where the one before `since` is held, `since` is pinned.
        const before = file.versions[file.versions.indexOf(entry.since) - 1];
        if (before !== undefined && cut.versions.includes(before)) expect(seen[0], `${symbol}: first held version that has it`).toBe(entry.since);
      }
    }, 60_000);
  }

  it('pins the first versions the sample holds exactly', () => {
    expect(readSdkHistoryFile('jellyfish-network').items.export?.BlockSubsidy?.since).toBe('2.18.3');
    expect(readSdkHistoryFile('jellyfish-crypto').items.export?.KECCAK256?.since).toBe('3.34.0');
    expect(readSdkHistoryFile('jellyfish-address').items.member?.['Eth#fromScript']?.since).toBe('4.0.0');
    expect(readSdkHistoryFile('jellyfish-address').items.export?.Eth?.changed?.map((change) => change.version)).toEqual(['4.0.0']);
  });
});

describe('joined to the models', () => {
  const rpc = extractRpcReference({ packageDir: PINNED['@defichain/jellyfish-api-core'], repositoryFolder: 'packages/jellyfish-api-core' });
  const rpcFile = readHistoryFile('@defichain/jellyfish-api-core');
  attachRpcHistory(rpc, rpcFile);

  it('gives methods, parameters, types and fields the versions a reader needs, and nothing where they are as old as the first covered release', () => {
    const governance = rpc.categories.find((category) => category.name === 'governance');
    const method = (name: string) => governance?.methods.find((candidate) => candidate.name === name);
    expect(method('createGovCfp')?.history).toEqual({ since: '3.5.2', changed: [], deprecated: null });
    expect(method('listGovProposalVotes')?.history?.changed.map((change) => change.version)).toEqual(['3.16.0', '3.29.1']);
    const blockchain = rpc.categories.find((category) => category.name === 'blockchain');
    expect(blockchain?.methods.find((candidate) => candidate.name === 'getBlockchainInfo')?.history).toBeUndefined();
    const vote = rpc.types['governance.ListVotesResult'];
    expect(vote?.kind === 'interface' ? vote.fields.find((field) => field.name === 'vote')?.history?.changed : undefined).toEqual([
      { version: '3.23.2', before: 'vote: string', after: 'vote: VoteResult' },
    ]);
    expect(rpc.history?.first).toBe('0.0.12');
  });

  it('lists the methods of the last two major lines that are gone, with their replacement', () => {
    expect(
      rpc.history?.removed.map((removed) => `${removed.key} -> ${removed.replacedBy ? `${removed.replacedBy.category}.${removed.replacedBy.name}` : '-'}`),
    ).toEqual([
      'governance.createCfp -> governance.createGovCfp',
      'governance.createVoc -> governance.createGovVoc',
      'governance.getProposal -> governance.getGovProposal',
      'governance.listProposals -> governance.listGovProposals',
      'governance.listVotes -> governance.listGovProposalVotes',
      'governance.vote -> governance.voteGov',
    ]);
  });

  it('refuses a history that does not end at the installed version', () => {
    const ocean = extractOceanReference({ packageDir: PINNED['@defichain/whale-api-client'], repositoryFolder: 'packages/whale-api-client' });
    const stale: HistoryFile = { ...readHistoryFile('@defichain/whale-api-client'), latest: { version: '4.0.0', items: 0, digest: '' } };
    expect(() => attachOceanHistory(ocean, stale)).toThrow(/ends at 4\.0\.0, the installed package is 4\.0\.7; run `npm run history`/);
    expect(oceanHistoryItems(ocean).length).toBeGreaterThan(0);
    expect(rpcHistoryItems(rpc).length).toBe(rpcFile.latest.items);
  });

  it("dates the SDK packages' exports and members, and refuses a history that does not end at the installed version", () => {
    const sdk = extractSdkReference({ nodeModules: NODE_MODULES, packages: SDK_PACKAGES });
    attachSdkHistory(sdk);
    expect(sdk.symbols['jellyfish-network.BlockSubsidy']?.history).toEqual({ since: '2.18.3', changed: [], deprecated: null });
    // In the package's first release (0.0.24) and never changed: nothing to say.
    expect(sdk.symbols['jellyfish-network.MainNet']?.history).toBeUndefined();
    const eth = sdk.symbols['jellyfish-address.Eth'];
    expect(eth?.kind === 'constant' ? eth.members.find((member) => member.name === 'fromScript')?.history?.since : undefined).toBe('4.0.0');
    // What each package dropped, with its owner and replacement, and its releases' notes: a member or field that went
    // with its export is said by the export; an object constant's own change is said by its members.
    const mnemonic = sdk.packages.find((pkg) => pkg.short === 'jellyfish-wallet-mnemonic')?.history;
    expect(mnemonic?.removed.find((item) => item.key === 'generateMnemonic')).toMatchObject({
      kind: 'export',
      since: '0.12.0',
      last: '0.26.0',
      removedIn: '0.39.0',
      replacedBy: { key: 'generateMnemonicWords', how: 'renamed' },
    });
    expect(mnemonic?.removed.find((item) => item.key === 'MnemonicHdNodeProvider#static.fromSeed')).toMatchObject({
      owner: 'MnemonicHdNodeProvider',
      name: 'static.fromSeed',
      ownerAlive: true,
      replacedBy: null,
    });
    const transaction = sdk.packages.find((pkg) => pkg.short === 'jellyfish-transaction')?.history;
    const dropped = transaction?.releases.find((note) => note.version === '0.39.0')?.removed.map((item) => item.key) ?? [];
    expect(dropped).toContain('CCreateMasterNode');
    expect(dropped).not.toContain('CCreateMasterNode#composers');
    expect(transaction?.removed.find((item) => item.key === 'CCreateMasterNode#composers')).toMatchObject({ owner: 'CCreateMasterNode', ownerAlive: false });
    expect(transaction?.releases.find((note) => note.version === '0.39.0')?.changed.map((item) => item.key)).not.toContain('OP_CODES');
    const stale = (short: string): HistoryFile => ({ ...readSdkHistoryFile(short), latest: { version: '4.0.0', items: 0, digest: '' } });
    expect(() => attachSdkHistory(sdk, stale)).toThrow(/history ends at 4\.0\.0, the installed package is 4\.0\.7; run `npm run history -- sdk`/);
  }, 60_000);
});

describe('the Ocean extractor reads older clients', () => {
  const request = `class WhaleApiClient { requestAsString(method, path, body) { const { url: urlString, version, network, timeout } = this.options; const url = \`\${urlString}/\${version}/\${network}/\${path}\`; } }`;
  it('defaults in one object (whale-api-client 0.5 to 4.0.0), with the version from a module of its own (0.8 to 0.33)', () => {
    const code = `const version_1 = __importDefault(require("./version"));\nconst DEFAULT_OPTIONS = { url: 'https://ocean.defichain.com', timeout: 60000, version: version_1.default, network: 'mainnet' };\n${request}`;
    expect(readClientDefaults(code, (specifier) => (specifier === './version' ? "exports.default = 'v0.9';" : undefined))).toEqual({
      url: 'https://ocean.defichain.com',
      version: 'v0.9',
      network: 'mainnet',
      timeout: 60000,
      urlLayout: ['url', 'version', 'network', 'path'],
    });
  });
  it('an exported DefaultOptions (0.2 to 0.3); without the version it says what it could not read', () => {
    const code = `exports.DefaultOptions = { url: 'https://ocean.defichain.com', timeout: 60000, version: 'v1', network: 'mainnet' };\n${request}`;
    expect(readClientDefaults(code).version).toBe('v1');
    expect(() => readClientDefaults(code.replace("version: 'v1'", 'version: v.default'))).toThrow(/could not read the client defaults/);
  });
});
