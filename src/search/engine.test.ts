// The symbol index (generator/emit/search-index.ts) and its ranking (src/overrides/symbol-search): built from a small
// model of our own and from the real one npm run generate writes, then asked what a developer types.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SymbolIndexBuilder, buildSymbolIndex, guideSections, wordSplitter, type GuideContent } from '../../generator/emit/search-index';
import type { OceanReference, RpcReference } from '../../generator/model/types';
import { rpcMethodHref } from '../../generator/model/routes';
import type { SdkReference } from '../../generator/model/sdk';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import type { HistoryFile } from '../../generator/model/history';
import { SymbolEngine, compareVersionKeys, errorWords, parseQuery, withinOneEdit } from './engine';
import { camelWords, type SymbolIndex } from '../../contract/symbol-index';
import { markWords, mergeResults, symbolResult, type PluginResult } from './results';
import { replacements } from '../overrides/symbol-search';
import { RpcApiError } from '@defichain/jellyfish-api-core';
import { WhaleApiException } from '@defichain/whale-api-client';

const ROOT = path.resolve(__dirname, '../..');
const GENERATED = path.join(ROOT, 'generated');

function firstOf(engine: SymbolEngine, query: string): string {
  const hit = engine.search(query, 8)[0];
  return hit ? `${hit.url}${hit.hash}` : '(nothing)';
}

describe('words of names', () => {
  it('splits camelCase, acronyms and paths', () => {
    expect(camelWords('getSubgraphSwaps')).toEqual(['get', 'subgraph', 'swaps']);
    expect(camelWords('ICXOrderBook')).toEqual(['icx', 'order', 'book']);
    expect(camelWords('poolpairs/paths/best')).toEqual(['poolpairs', 'paths', 'best']);
  });

  it('splits a lower-case node name on the words of the camelCase names, fewest words first', () => {
    const split = wordSplitter(['get', 'sub', 'subgraph', 'graph', 'swaps', 'list', 'pool', 'pairs']);
    expect(split('getsubgraphswaps')).toEqual(['get', 'subgraph', 'swaps']);
    expect(split('listpoolpairs')).toEqual(['list', 'pool', 'pairs']);
    expect(split('getquux')).toEqual([]);
  });

  it('counts one edit: a letter changed, added, dropped, or two neighbours swapped', () => {
    expect(withinOneEdit('listpoolpairs', 'listpoolpars')).toBe(true);
    expect(withinOneEdit('listpoolpairs', 'listpoolpairss')).toBe(true);
    expect(withinOneEdit('listpoolpairs', 'listpoolpiars')).toBe(true);
    expect(withinOneEdit('listpoolpairs', 'listpoolpaxrs')).toBe(true);
    expect(withinOneEdit('listpoolpairs', 'listpolpars')).toBe(false);
    expect(withinOneEdit('vault', 'valts')).toBe(false);
  });
});

describe('guide sections', () => {
  it('reads heading ids as Docusaurus writes them, custom ids included, and no heading inside a code block', () => {
    const page = [
      '---',
      'title: Testing',
      '---',
      '',
      '# Testing',
      '',
      '## Set up',
      '',
      '```bash',
      '# not a heading',
      '```',
      '',
      'Run `npm i @defichain/testcontainers`.',
      '',
      '## Set up',
      '',
      '## Genesis keys {/* #keys */}',
      '',
      'Call `container.waitForReady()` first.',
    ].join('\n');
    const { title, sections } = guideSections(page);
    expect(title).toBe('Testing');
    expect(sections.map((section) => section.anchor)).toEqual(['', 'set-up', 'set-up-1', 'keys']);
    expect(sections[1]?.code).toEqual([
      { text: '# not a heading', inline: false },
      { text: 'npm i @defichain/testcontainers', inline: true },
    ]);
    expect(sections[3]?.code).toEqual([{ text: 'container.waitForReady()', inline: true }]);
  });
});

/** A model of our own: two RPC categories, one Ocean category, one guide. */
function smallIndex(): SymbolIndex {
  const doc = { text: '', deprecated: null, see: [] };
  const method = (name: string, rpc: string, parameters: string[] = []) => ({
    name,
    signatures: [
      {
        typeParameters: [],
        parameters: parameters.map((parameter) => ({
          name: parameter,
          type: { kind: 'intrinsic' as const, name: 'string' },
          optional: false,
          rest: false,
          defaultValue: null,
          description: '',
          fieldDocs: [],
        })),
        returns: { kind: 'intrinsic' as const, name: 'number' },
        returnsDescription: '',
        doc,
        source: null,
      },
    ],
    rpc: { names: [rpc], computed: false, arguments: null },
    examples: [],
    exampleNotes: [],
  });
  const pkg = { name: 'x', version: '1', repositoryUrl: '', tag: '' };
  const rpc: RpcReference = {
    package: pkg,
    categories: [
      {
        name: 'blockchain',
        className: 'Blockchain',
        module: 'blockchain',
        doc,
        methods: [method('getBlockCount', 'getblockcount'), method('getBlockHash', 'getblockhash', ['height'])],
        typeIds: ['blockchain.BlockHeader'],
        source: { path: '', line: null },
      },
      {
        name: 'poolpair',
        className: 'PoolPair',
        module: 'poolpair',
        doc,
        methods: [method('listPoolPairs', 'listpoolpairs'), method('getSubgraphSwaps', 'getsubgraphswaps')],
        typeIds: [],
        source: { path: '', line: null },
      },
    ],
    types: {
      'blockchain.BlockHeader': {
        id: 'blockchain.BlockHeader',
        name: 'BlockHeader',
        module: 'blockchain',
        doc,
        typeParameters: [],
        source: null,
        kind: 'interface',
        extends: [],
        indexSignatures: [],
        fields: [{ name: 'merkleroot', optional: false, readonly: false, type: { kind: 'intrinsic', name: 'string' }, doc }],
      },
    },
    namespaceExports: {},
    modulePaths: {},
    warnings: [],
  };
  const ocean = {
    package: pkg,
    defaults: { url: '', version: 'v0', network: 'mainnet', timeout: 0, urlLayout: [] },
    categories: [
      {
        name: 'poolpairs',
        className: 'PoolPairs',
        module: 'poolpairs',
        doc,
        typeIds: [],
        source: { path: '', line: null },
        endpoints: [
          {
            name: 'getBestPath',
            httpMethod: 'GET',
            path: 'poolpairs/paths/best/from/{fromTokenId}/to/{toTokenId}',
            response: 'item',
            clientMethod: 'requestData',
            parameters: [],
            body: null,
            dataType: { kind: 'intrinsic', name: 'string' },
            signature: method('getBestPath', '').signatures[0],
            pathNotes: [],
          },
        ],
      },
    ],
    types: {},
    namespaceExports: {},
    modulePaths: {},
    warnings: [],
  } as unknown as OceanReference;
  const guide: GuideContent = {
    route: '/testing/testcontainers',
    title: 'Testcontainers',
    sections: [
      { anchor: '', title: '', code: [] },
      { anchor: 'lifecycle', title: 'Lifecycle', code: [{ text: 'await container.waitForWalletCoinbaseMaturity()', inline: false }] },
      {
        anchor: 'a-minting-masternode',
        title: 'A minting masternode',
        code: [
          { text: 'waitForWalletCoinbaseMaturity(timeout?)', inline: true },
          { text: 'MasterNodeRegTestContainer', inline: true },
        ],
      },
      { anchor: 'genesis-keys', title: 'Genesis keys', code: [] },
    ],
  };
  return buildSymbolIndex(rpc, ocean, smallSdk(), [guide]);
}

/** Two SDK packages of our own: an address class with a static and an instance method, and a DfTx composer. */
function smallSdk(): SdkReference {
  const doc = { text: '', deprecated: null, see: [], examples: [] };
  const base = { declaredName: '', namespace: null, page: '', doc, source: null, exported: true, deepImport: null };
  const method = (owner: string, name: string, isStatic: boolean) => ({
    id: `${owner}#${isStatic ? 'static.' : ''}${name}`,
    name,
    kind: 'method' as const,
    static: isStatic,
    access: 'public' as const,
    abstract: false,
    readonly: false,
    optional: false,
    signatures: [],
    type: null,
    value: null,
    doc,
    source: null,
  });
  const pkg = (short: string, exports: string[]) => ({
    name: `@defichain/${short}`,
    short,
    version: '4.0.7',
    area: 'ecosystem' as const,
    summary: '',
    entry: 'dist/index.d.ts',
    repositoryFolder: `packages/${short}`,
    exports,
    internal: [],
    pages: [],
  });
  const classOf = (id: string, name: string, module: string, members: ReturnType<typeof method>[], dftx: { code: number; name: string } | null) => ({
    ...base,
    id,
    name,
    declaredName: name,
    package: id.split('.')[0] ?? '',
    module,
    kind: 'class' as const,
    abstract: false,
    typeParameters: [],
    extends: null,
    implements: [],
    members,
    dftx,
    opcode: null,
  });
  return {
    version: '4.0.7',
    repositoryUrl: 'https://github.com/BirthdayResearch/jellyfishsdk',
    tag: 'v4.0.7',
    packages: [pkg('jellyfish-address', ['jellyfish-address.P2WPKH']), pkg('jellyfish-transaction', ['jellyfish-transaction.CPoolSwap'])],
    symbols: {
      'jellyfish-address.P2WPKH': classOf(
        'jellyfish-address.P2WPKH',
        'P2WPKH',
        'p2wpkh',
        [method('jellyfish-address.P2WPKH', 'to', true), method('jellyfish-address.P2WPKH', 'getScript', false)],
        null,
      ),
      'jellyfish-transaction.CPoolSwap': classOf('jellyfish-transaction.CPoolSwap', 'CPoolSwap', 'dftx_pool', [], { code: 0x73, name: 'OP_DEFI_TX_POOL_SWAP' }),
    },
    warnings: [],
  };
}

describe('ranking on a small model', () => {
  const engine = new SymbolEngine(smallIndex());

  it('finds a method by its camelCase name, its node name, and the words inside either', () => {
    expect(firstOf(engine, 'getBlockCount')).toBe('/node/jellyfish/api/blockchain#getblockcount');
    expect(firstOf(engine, 'getblockcount')).toBe('/node/jellyfish/api/blockchain#getblockcount');
    expect(firstOf(engine, 'subgraph swaps')).toBe('/node/jellyfish/api/poolpair#getsubgraphswaps');
    expect(firstOf(engine, 'get block count')).toBe('/node/jellyfish/api/blockchain#getblockcount');
  });

  it('puts an exact name before a prefix, and a prefix before words', () => {
    const hits = engine.search('getBlock', 8).map((hit) => hit.name);
    expect(hits.slice(0, 2).sort()).toEqual(['getBlockCount', 'getBlockHash']);
    expect(engine.search('getBlockHash', 8)[0]?.score).toBeGreaterThan(engine.search('getBlockHas', 8)[0]?.score ?? 0);
  });

  it('forgives one wrong letter in a word of five or more, not in a shorter one', () => {
    expect(firstOf(engine, 'listpoolpars')).toBe('/node/jellyfish/api/poolpair#listpoolpairs');
    expect(firstOf(engine, 'subgrahp swaps')).toBe('/node/jellyfish/api/poolpair#getsubgraphswaps');
    expect(engine.search('hieght', 8)[0]?.name).toBe('height');
    expect(engine.search('gte', 8)).toEqual([]);
  });

  it('finds an endpoint by a fragment of its path, a type, a field and a parameter, each saying its kind', () => {
    expect(engine.search('paths/best', 8)[0]).toMatchObject({ kind: 'endpoint', url: '/ocean/poolpairs', hash: '#getbestpath' });
    expect(engine.search('BlockHeader', 8)[0]).toMatchObject({ kind: 'type', hash: '#blockheader' });
    expect(engine.search('merkleroot', 8)[0]).toMatchObject({ kind: 'field', hash: '#blockheader', section: 'BlockHeader' });
    expect(engine.search('height', 8)[0]).toMatchObject({ kind: 'parameter', hash: '#getblockhash', section: 'getBlockHash' });
  });

  it('sends a guide identifier to the section that documents it, not one that only uses it', () => {
    expect(engine.search('waitForWalletCoinbaseMaturity', 8)[0]).toMatchObject({
      kind: 'member',
      url: '/testing/testcontainers',
      hash: '#a-minting-masternode',
    });
    expect(engine.search('genesis keys', 8)[0]).toMatchObject({ kind: 'section', hash: '#genesis-keys' });
  });

  it('keeps one kind behind a filter', () => {
    expect(parseQuery('rpc: pool')).toEqual({ kinds: ['method'], since: null, pkg: null, text: 'pool' });
    expect(parseQuery('foo: pool')).toEqual({ kinds: null, since: null, pkg: null, text: 'foo: pool' });
    expect(engine.search('rpc:get', 8).every((hit) => hit.kind === 'method')).toBe(true);
    expect(engine.search('rpc:get', 8)).toHaveLength(3);
    expect(engine.search('ocean:best', 8).map((hit) => hit.name)).toEqual(['getBestPath']);
    expect(engine.search('type:block', 8).map((hit) => hit.name)).toEqual(['BlockHeader']);
  });
});

describe('error messages in the index', () => {
  function errorIndex(): SymbolIndex {
    const builder = new SymbolIndexBuilder();
    const loan = builder.page('/node/jellyfish/api/loan', 'Node RPC: Loan', 'jellyfish-api-core');
    const vault = builder.page('/node/jellyfish/api/vault', 'Node RPC: Vault', 'jellyfish-api-core');
    builder.add('closeVault', 'method', vault, 'closevault', 'closeVault', { alt: ['closevault'], strength: 12 });
    builder.add('getVault', 'method', vault, 'getvault', 'getVault', { alt: ['getvault'], strength: 12 });
    builder.add('Vault', 'type', vault, 'vault', 'Vault', { strength: 10 });
    builder.add('Vault <{vaultId}> not found', 'error', vault, 'closevault', 'closeVault', { words: ['closevault'] });
    builder.add('Vault <{vaultId}> not found', 'error', vault, 'getvault', 'getVault', { words: ['getvault'] });
    builder.add('Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> has loans', 'error', vault, 'closevault', 'closeVault', { words: ['closevault'] });
    builder.add('Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> not found', 'error', vault, 'closevault', 'closeVault', { words: ['closevault'] });
    builder.add('Cannot find existing loan scheme with id {id}', 'error', loan, 'destroyloanscheme', 'destroyLoanScheme', { words: ['destroyloanscheme'] });
    return builder.build();
  }
  const engine = new SymbolEngine(errorIndex());
  const at = (query: string): string[] => engine.search(query, 8).map((hit) => `${hit.kind} ${hit.name} ${hit.url}${hit.hash}`);

  it('finds a message pasted as the client throws it, values filled in, at the section of the RPC it names', () => {
    const pasted = (message: string, method: string): string => new RpcApiError({ code: -32600, message, method }).message;
    expect(at(pasted('Vault <0ab3e5d9> not found', 'getvault'))[0]).toBe('error Vault <{vaultId}> not found /node/jellyfish/api/vault#getvault');
    expect(at(pasted('Vault <0ab3e5d9> not found', 'closevault'))[0]).toBe('error Vault <{vaultId}> not found /node/jellyfish/api/vault#closevault');
    // The message with the most words the query holds: the trial run's, not its last line's alone.
    expect(at(pasted('Test CloseVaultTx execution failed:\nVault <0ab3e5d9> has loans', 'closevault'))[0]).toBe(
      'error Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> has loans /node/jellyfish/api/vault#closevault',
    );
    expect(at('Cannot find existing loan scheme with id conservative')[0]).toBe(
      'error Cannot find existing loan scheme with id {id} /node/jellyfish/api/loan#destroyloanscheme',
    );
  });

  it('finds messages by two or more of their words, the last perhaps half typed, below the names they also match', () => {
    expect(at('has loa')).toEqual(['error Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> has loans /node/jellyfish/api/vault#closevault']);
    expect(at('close vault')[0]).toBe('method closeVault /node/jellyfish/api/vault#closevault');
    expect(at('loan scheme')).toEqual(['error Cannot find existing loan scheme with id {id} /node/jellyfish/api/loan#destroyloanscheme']);
    // The last line of a trial run's refusal, copied alone with its value in.
    expect(at('Vault <0ab3e5d9> has loans')).toEqual([
      'error Test CloseVaultTx execution failed: ⏎ Vault <{vaultId}> has loans /node/jellyfish/api/vault#closevault',
    ]);
  });

  it("marks the message's words the pasted query holds, and nothing inside a placeholder", () => {
    expect(markWords('Vault <{vaultId}> not found', ['rpcapierror:', "'vault", '<0ab3e5d9>', 'not', "found',"])).toBe(
      '<mark>Vault</mark> &#60;{vaultId}&#62; <mark>not</mark> <mark>found</mark>',
    );
  });

  it('leaves messages out of a one-word query unless error: asks for them, and keeps them alone behind it', () => {
    expect(at('vault').some((hit) => hit.startsWith('error '))).toBe(false);
    expect(at('error:vault').length).toBeGreaterThan(0);
    expect(at('error:vault').every((hit) => hit.startsWith('error '))).toBe(true);
    expect(at('rpc:vault not found').some((hit) => hit.startsWith('error '))).toBe(false);
    // A placeholder's name is not a word of the message: {vaultId} does not make it about ids.
    expect(at('error:id').map((hit) => hit.split(' ').slice(1, 3).join(' '))).toEqual(['Cannot find']);
  });
});

describe('the SDK package pages in the index', () => {
  const engine = new SymbolEngine(smallIndex());

  it('finds an export by name, a member by Class.member, and a DfTx composer by its transaction name, each saying its kind', () => {
    expect(engine.search('P2WPKH', 8)[0]).toMatchObject({ kind: 'class', url: '/ecosystem/packages/jellyfish-address', hash: '#p2wpkh' });
    expect(engine.search('P2WPKH.to', 8)[0]).toMatchObject({ kind: 'member', hash: '#p2wpkh-to', section: 'P2WPKH.to' });
    expect(engine.search('getScript', 8)[0]).toMatchObject({ kind: 'member', hash: '#p2wpkh-getscript', section: 'getScript' });
    expect(engine.search('OP_DEFI_TX_POOL_SWAP', 8)[0]).toMatchObject({ kind: 'dftx', url: '/ecosystem/packages/jellyfish-transaction', hash: '#cpoolswap' });
  });

  it('keeps one package behind pkg:, by its name with or without jellyfish- and the scope, or the start of it', () => {
    expect(parseQuery('pkg:jellyfish-address to')).toEqual({ kinds: null, since: null, pkg: 'jellyfish-address', text: 'to' });
    expect(parseQuery('pkg:@defichain/jellyfish-transaction dftx: pool')).toEqual({ kinds: ['dftx'], since: null, pkg: 'jellyfish-transaction', text: 'pool' });
    expect(engine.search('pkg:address to', 8).map((hit) => `${hit.url}${hit.hash}`)).toEqual(['/ecosystem/packages/jellyfish-address#p2wpkh-to']);
    expect(engine.search('pkg:jellyfish-transaction P2WPKH', 8)).toEqual([]);
    expect(engine.search('pkg:jellyfish-tra swap', 8)[0]).toMatchObject({ name: 'CPoolSwap' });
    expect(engine.search('dftx:pool swap', 8).map((hit) => hit.name)).toEqual(['CPoolSwap']);
  });

  it('lists the exports of a package for pkg: alone, and nothing for a package it does not know', () => {
    expect(engine.search('pkg:jellyfish-address', 8).map((hit) => hit.name)).toEqual(['@defichain/jellyfish-address', 'P2WPKH']);
    expect(engine.search('pkg:no-such-package', 8)).toEqual([]);
    expect(engine.search('pkg:no-such-package P2WPKH', 8)).toEqual([]);
  });
});

describe('results in the search box', () => {
  const engine = new SymbolEngine(smallIndex());
  const text = (u: string, h: string): PluginResult => ({ document: { i: 1, t: 'a fragment', u, h }, type: 4, metadata: {}, tokens: [] });

  it('writes a hit as a heading result under its page, with its kind', () => {
    const [hit] = engine.search('getBlockCount', 1);
    if (!hit) throw new Error('no hit');
    expect(symbolResult(hit, 0, ['getblockcount'])).toMatchObject({
      document: { i: -1, t: 'getBlockCount', u: '/node/jellyfish/api/blockchain', h: '#getblockcount' },
      type: 1,
      symbol: { label: 'method' },
    });
  });

  it('puts strong symbol hits first, then full-text results of other sections, then weak hits, without repeats', () => {
    const hits = engine.search('getBlockCount', 2).map((hit, id) => symbolResult(hit, id, []));
    const [strong, weak] = [hits.slice(0, 1), hits.slice(1)];
    const merged = mergeResults(strong, [text('/node/jellyfish/api/blockchain', '#getblockcount'), text('/node/usage', '#x')], weak, 8);
    expect(merged.map((result) => `${result.document.u}${result.document.h ?? ''}`)).toEqual([
      '/node/jellyfish/api/blockchain#getblockcount',
      '/node/usage#x',
      ...weak.map((result) => `${result.document.u}${result.document.h ?? ''}`),
    ]);
  });

  it("catches the plugin's imports in its bar and results page", () => {
    for (const { request, within } of replacements()) {
      const files = fs.readdirSync(within, { recursive: true, encoding: 'utf8' }).filter((file) => /\.jsx?$/.test(file));
      const caught = files.filter((file) =>
        [...fs.readFileSync(path.join(within, file), 'utf8').matchAll(/from "([^"]+)"/g)].some((match) => request.test(match[1] ?? '')),
      );
      expect(caught.length, String(request)).toBeGreaterThan(0);
    }
  });
});

describe.runIf(fs.existsSync(path.join(GENERATED, 'search-symbols.json')))('the generated index', () => {
  const index = JSON.parse(fs.readFileSync(path.join(GENERATED, 'search-symbols.json'), 'utf8')) as SymbolIndex;
  const rpc = JSON.parse(fs.readFileSync(path.join(GENERATED, 'rpc-model.json'), 'utf8')) as RpcReference;
  const ocean = JSON.parse(fs.readFileSync(path.join(GENERATED, 'ocean-model.json'), 'utf8')) as OceanReference;
  const engine = new SymbolEngine(index);

  it('sends every RPC method, by either name, to its own section (or, shared, the one the node name is of)', () => {
    const wrong: string[] = [];
    for (const category of rpc.categories) {
      for (const method of category.methods) {
        const section = rpcMethodHref(rpc, category.name, method.name);
        const others = rpc.categories.filter((other) => other !== category && other.methods.some((each) => each.name === method.name));
        // Shared: the one the node RPC is named after, and not deprecated.
        if (
          others.length > 0 &&
          (!method.rpc.names.includes(method.name.toLowerCase()) || method.signatures.every((signature) => signature.doc.deprecated !== null))
        )
          continue;
        for (const query of [method.name, method.name.toLowerCase()])
          if (firstOf(engine, query) !== section) wrong.push(`${query} -> ${firstOf(engine, query)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sends every Ocean endpoint, by ocean:category.method, to its section', () => {
    const wrong: string[] = [];
    for (const category of ocean.categories) {
      for (const endpoint of category.endpoints) {
        const query = `ocean:${category.name}.${endpoint.name}`;
        if (firstOf(engine, query) !== `/ocean/${category.name}#${endpoint.name.toLowerCase()}`) wrong.push(`${query} -> ${firstOf(engine, query)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('ranks what a developer types: the section named by the words before a class using them, a method before a parameter, a documenting section before a using one', () => {
    const expected: [string, string][] = [
      ['subgraph swaps', '/legacy/dex#getsubgraphswaps'],
      ['subgrahp swaps', '/legacy/dex#getsubgraphswaps'],
      ['block count', '/node/jellyfish/api/blockchain#getblockcount'],
      ['best path', '/ocean/poolpairs#getbestpath'],
      ['paths/best', '/ocean/poolpairs#getbestpath'],
      ['sendtoaddress', '/node/jellyfish/api/wallet#sendtoaddress'],
      ['getVault', '/node/jellyfish/api/vault#getvault'],
      ['fromTokenId', '/ocean/poolpairs#getbestpath'],
      ['waitForWalletCoinbaseMaturity', '/testing/packages/testcontainers/regtest#masternoderegtestcontainer-waitforwalletcoinbasematurity'],
      ['jellyfish-api-jsonrpc', '/ecosystem/packages/jellyfish-api-jsonrpc'],
      ['CTransactionSegWit', '/ecosystem/packages/jellyfish-transaction#ctransactionsegwit'],
      ['pkg:jellyfish-wallet-mnemonic fromWords', '/ecosystem/packages/jellyfish-wallet-mnemonic#mnemonichdnodeprovider-fromwords'],
      ['OP_DEFI_TX_COMPOSITE_SWAP', '/ecosystem/custom-transactions/dex#compositeswap'],
      ['type:vault', '/node/jellyfish/api/vault#vault'],
      // A name a recent release dropped opens the section of the method that replaces it (generator/history).
      ['governance.listVotes', '/node/jellyfish/api/governance#listgovproposalvotes'],
    ];
    expect(expected.map(([query]) => [query, firstOf(engine, query)])).toEqual(expected);
  });

  it('finds the method that replaced a dropped name beside the transaction type of that name', () => {
    // createCfp: the RPC method 3.x dropped for createGovCfp, and the custom transaction CreateCfp (with its builder call)
    // that still exist: the replacement among the first three.
    const hits = engine.search('createCfp', 8).map((hit) => `${hit.url}${hit.hash}`);
    expect(hits.slice(0, 3)).toEqual(
      expect.arrayContaining(['/node/jellyfish/api/governance#creategovcfp', '/ecosystem/custom-transactions/masternodes#createcfp']),
    );
  });

  it('dates the symbols of the references: since:4.0 finds what 4.0.7 added', () => {
    expect(engine.search('since:4.0 transfer domain', 8).map((hit) => `${hit.name} ${hit.since ?? ''}`)).toContain('TransferDomainOptionalInfo 4.0.7');
    expect(engine.search('since:3.5 ocean:', 8).length).toBeGreaterThan(0);
    expect(engine.search('since:3.5 ocean:', 8).every((hit) => hit.kind === 'endpoint' && compareVersionKeys(hit.since ?? '0', '3.5') >= 0)).toBe(true);
  });

  it("dates the SDK packages' exports too (generator/history/sdk): since: with pkg: lists what a release added to a package", () => {
    const listed = (query: string): string[] => engine.search(query, 8).map((hit) => `${hit.name} ${hit.since ?? ''} ${hit.url}${hit.hash}`);
    expect(listed('since:3.34 pkg:jellyfish-crypto')).toEqual([
      'Eth 3.34.0 /ecosystem/packages/jellyfish-crypto#eth',
      'KECCAK256 3.34.0 /ecosystem/packages/jellyfish-crypto#keccak256',
    ]);
    expect(listed('since:2.18 BlockSubsidy')[0]).toBe('BlockSubsidy 2.18.3 /ecosystem/packages/jellyfish-network#blocksubsidy');
    // MainNet is in jellyfish-network's first release (0.0.24): no version, so since: leaves it out.
    expect(listed('since:0.1 pkg:jellyfish-network MainNet').some((hit) => hit.startsWith('MainNet '))).toBe(false);
    expect(listed('pkg:jellyfish-network MainNet')[0]).toBe('MainNet  /ecosystem/packages/jellyfish-network#mainnet');
  });

  it('finds what an SDK package no longer publishes by its old name, said to be removed, at its entry on the package page', () => {
    const STILL_INHERITED = ['testcontainers DeFiDContainer#exec', 'testcontainers DeFiDContainer#getPort'];
    const first = engine.search('generateMnemonic', 8)[0];
    expect(first).toMatchObject({
      name: 'generateMnemonic',
      kind: 'removed',
      url: '/ecosystem/packages/jellyfish-wallet-mnemonic',
      hash: '#removed-generatemnemonic',
    });
    expect(firstOf(engine, 'ComposableBuffer.varUInt')).toBe('/ecosystem/packages/jellyfish-buffer#removed-composablebuffer-static-varuint');
    // Every removed export and every member dropped from a class that stayed, by its name, among the first hits.
    const missing: string[] = [];
    let checked = 0;
    const sdkDir = path.join(ROOT, 'generator/history/sdk');
    for (const name of fs.readdirSync(sdkDir).filter((file) => file.endsWith('.json'))) {
      const file = JSON.parse(fs.readFileSync(path.join(sdkDir, name), 'utf8')) as HistoryFile;
      const short = name.replace(/\.json$/, '');
      for (const kind of ['export', 'member'] as const) {
        for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
          // Still published: taken from a base (the history's rule), or, for the two DeFiDContainer members, from
          // their base DockerContainer, which no history of the 17 packages covers; the package page lists them as members.
          if (entry.last === undefined || 'inheritedFrom' in entry || STILL_INHERITED.includes(`${short} ${key}`)) continue;
          const query = kind === 'export' ? key : key.replace('#static.', '.').replace('#', '.');
          checked += 1;
          const hits = engine.search(`pkg:${short} ${query}`, 8);
          if (!hits.some((hit) => hit.kind === 'removed' && hit.url.endsWith(`/${short}`) && hit.hash.startsWith('#removed-')))
            missing.push(`${short} ${query}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBe(47);
  });

  it('sends every custom transaction type, by its class and its OP_DEFI_TX name, to its section on its family page', () => {
    const model = JSON.parse(fs.readFileSync(path.join(GENERATED, 'custom-tx-model.json'), 'utf8')) as CustomTxReference;
    expect(model.types).toHaveLength(53);
    const wrong: string[] = [];
    for (const type of model.types) {
      const section = `/ecosystem/custom-transactions/${type.family}#${type.className.replace(/^C/, '').toLowerCase()}`;
      for (const query of [type.className, type.opName]) {
        const hits = engine.search(query, 8).map((hit) => `${hit.url}${hit.hash}`);
        if (!hits.includes(section)) wrong.push(`${query} -> ${hits.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(engine.search('OP_DEFI_TX_POOL_SWAP', 1)[0]).toMatchObject({ kind: 'dftx', section: 's · PoolSwap' });
    // A class name leads to its class on the package page first, its wire layout close behind; a transaction's
    // OP_DEFI_TX name leads to its layout.
    expect(firstOf(engine, 'CScriptBalances')).toBe('/ecosystem/packages/jellyfish-transaction/dftx#cscriptbalances');
    expect(engine.search('CScriptBalances', 8).map((hit) => `${hit.url}${hit.hash}`)).toContain('/ecosystem/custom-transactions/#structure-scriptbalances');
  });

  it('finds every error message, pasted as the client throws it with its values filled in, at a section that lists it', () => {
    // A value as the node or server writes one in: an id in quotes.
    const fill = (message: string): string => message.replace(/\{[^}]*\}/g, '"7f3a9c01"');
    /** Sections listing each message, by its words (messages of the same words, `{name}: Invalid amount` and `Invalid amount`, are one to a search). */
    const wordsOf = (message: string): string => [...errorWords(message)].sort().join(' ');
    const listed = new Map<string, Set<string>>();
    const list = (message: string, section: string): void => {
      const key = wordsOf(message);
      listed.set(key, (listed.get(key) ?? new Set()).add(section));
    };
    const cases: { message: string; pasted: string; section: string; rpcName?: string }[] = [];
    /** Sections of the methods calling each node RPC. */
    const ofRpc = new Map<string, Set<string>>();
    for (const category of rpc.categories)
      for (const method of category.methods)
        for (const error of method.errors?.errors ?? []) {
          const section = rpcMethodHref(rpc, category.name, method.name);
          list(error.message, section);
          const rpcName = method.rpc.names[0] ?? '';
          ofRpc.set(rpcName, (ofRpc.get(rpcName) ?? new Set()).add(section));
          cases.push({
            message: error.message,
            section,
            rpcName,
            pasted: new RpcApiError({ code: error.code ?? -1, message: fill(error.message), method: rpcName }).message,
          });
        }
    for (const category of ocean.categories)
      for (const endpoint of category.endpoints)
        for (const error of endpoint.errors?.errors ?? []) {
          if (error.message === null) continue;
          const section = `/ocean/${category.name}#${endpoint.name.toLowerCase()}`;
          list(error.message, section);
          const url = `/v0/regtest/${fill(endpoint.path)}`;
          cases.push({
            message: error.message,
            section,
            pasted: new WhaleApiException({ code: error.status, type: error.type as never, at: 1732579200000, message: fill(error.message), url }).message,
          });
        }
    for (const group of rpc.errors?.groups ?? [])
      for (const error of group.errors) {
        list(error.message, `/node/errors#${group.id}`);
        // As the client throws it for a call of another category: the message alone decides.
        cases.push({
          message: error.message,
          section: `/node/errors#${group.id}`,
          pasted: new RpcApiError({ code: error.code ?? -1, message: fill(error.message), method: 'getblockcount' }).message,
        });
      }
    // Messages of fewer than two words of their own (`{reason}`, `Error: {message}`) are not found by pasting.
    const findable = cases.filter(({ message }) => errorWords(message).size >= 2);
    expect(findable.length).toBeGreaterThan(1000);
    const wrong: string[] = [];
    for (const { message, pasted, section, rpcName } of findable) {
      const first = engine.search(pasted, 8)[0];
      // Of the sections listing the message, one of a method calling the RPC the error names, when the client names one.
      const all = [...(listed.get(wordsOf(message)) ?? [])];
      const sections = new Set(rpcName === undefined ? all : all.filter((each) => ofRpc.get(rpcName)?.has(each)));
      if (first?.kind !== 'error' || !sections.has(`${first.url}${first.hash}`))
        wrong.push(`${section}: ${JSON.stringify(pasted)} -> ${first ? `${first.kind} ${first.url}${first.hash}` : '(nothing)'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a query within a few milliseconds', () => {
    const queries = ['getBlockCount', 'subgraph swaps', 'paths/best', 'listpoolpars', 'vault', 'block count', 'rpc:pool', 'address', 'vault not found'];
    for (const query of queries) engine.search(query, 8);
    const started = performance.now();
    for (let round = 0; round < 10; round += 1) for (const query of queries) engine.search(query, 8);
    expect((performance.now() - started) / (10 * queries.length)).toBeLessThan(5);
  });
});

describe('since: the version a symbol first appeared in (generator/history)', () => {
  const builder = new SymbolIndexBuilder();
  const page = builder.page('/node/jellyfish/api/governance', 'Node RPC: Governance');
  builder.add('getGovProposal', 'method', page, 'getgovproposal', 'getGovProposal', { since: '3.5.2' });
  builder.add('listGovProposals', 'method', page, 'listgovproposals', 'listGovProposals', { since: '3.5.2' });
  builder.add('VoteResult', 'type', page, 'voteresult', 'VoteResult', { since: '3.23.2' });
  builder.add('valid', 'field', page, 'listvotesresult', 'ListVotesResult', { since: '3.29.1' });
  builder.add('ProposalInfo', 'type', page, 'proposalinfo', 'ProposalInfo', { since: '0.39.0' });
  builder.add('getBlockCount', 'method', page, 'x', 'getBlockCount');
  const index = builder.build();
  const engine = new SymbolEngine(index);

  it('numbers the versions once, oldest first, and leaves symbols of the first covered release without one', () => {
    expect(index.versions).toEqual(['0.39.0', '3.5.2', '3.23.2', '3.29.1']);
    expect(index.entries.find((entry) => entry[0] === 'VoteResult')?.[8]).toBe(2);
    expect(index.entries.find((entry) => entry[0] === 'getBlockCount')).toHaveLength(8);
  });

  it('reads since:x before or after a kind filter, a major, minor or full version', () => {
    expect(parseQuery('since:3.0 gov')).toEqual({ kinds: null, since: '3.0', pkg: null, text: 'gov' });
    expect(parseQuery('rpc: since:3.16.0 list')).toEqual({ kinds: ['method'], since: '3.16.0', pkg: null, text: 'list' });
    expect(parseQuery('since: 3 type:')).toEqual({ kinds: ['type', 'enum'], since: '3', pkg: null, text: '' });
    expect(parseQuery('since:x gov')).toEqual({ kinds: null, since: null, pkg: null, text: 'since:x gov' });
  });

  it('keeps the symbols that version or a later one added; alone, lists them newest first', () => {
    expect(engine.search('since:3.0 proposal', 8).map((hit) => hit.name)).toEqual(['getGovProposal', 'listGovProposals']);
    expect(engine.search('since:3.23 vote', 8).map((hit) => `${hit.name} ${hit.since ?? ''}`)).toEqual(['VoteResult 3.23.2']);
    expect(engine.search('since:0 proposal', 8).map((hit) => hit.name)).toContain('ProposalInfo');
    expect(engine.search('since:3.29', 8).map((hit) => hit.name)).toEqual([]);
    expect(engine.search('since:3.0', 8).map((hit) => hit.name)).toEqual(['VoteResult', 'getGovProposal', 'listGovProposals']);
    expect(engine.search('type: since:3.0', 8).map((hit) => hit.name)).toEqual(['VoteResult']);
  });

  it('says the version in the result under a since: filter', () => {
    const [hit] = engine.search('since:3.0 VoteResult', 1);
    if (!hit) throw new Error('no hit');
    expect(symbolResult(hit, 0, [], true).symbol).toEqual({ kind: 'type', label: 'type, since 3.23.2' });
    expect(symbolResult(hit, 0, []).symbol).toEqual({ kind: 'type', label: 'type' });
  });
});

describe('the builder', () => {
  it('writes each symbol of a page and heading once, and a section title only when it differs from the name', () => {
    const builder = new SymbolIndexBuilder();
    const page = builder.page('/a', 'A');
    expect(builder.page('/a', 'A')).toBe(page);
    builder.add('x', 'type', page, 'x', 'x');
    builder.add('x', 'type', page, 'x', 'x');
    builder.add('y', 'field', page, 'x', 'x', { alt: ['Y', 'o.y'] });
    expect(builder.build().entries).toEqual([
      ['x', 2, 0, 'x', '', '', '', 0],
      ['y', 4, 0, 'x', 'x', 'o.y', '', 0],
    ]);
  });
});
