// Four facts of api-core 4.0.7 against defid v4.0.9 beyond the help's arguments: minttokens ignores the `utxos` key of
// mintTokens' options, getblockchaininfo's softforks carry a bip9 object, getwalletinfo's scanning may be false, and
// result fields the node may leave out that the declarations require (the help's `(type, optional)`, and two the
// handler adds on a condition). Each is held in the data (generator/node-rpcs/sdk-vs-node.json, from the script and
// generator/node-rpcs/sdk-vs-node-by-hand.json), read again from the package's declarations and the committed help, on
// its method's section, and in get_rpc_method's `againstNode`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SdkNodeDifference } from '../../generator/model/types';
import { DEFAULT_SOURCES, DocsData } from '../../server/mcp/docs-data';
import { createDocsServer } from '../../server/mcp/mcp-server';
import { readGeneratedPage } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');
const API_CORE = path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core/dist/category');
const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/sdk-vs-node.json'), 'utf8')) as {
  methods: { method: string; rpc: string; differences: SdkNodeDifference[] }[];
};
const hand = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/sdk-vs-node-by-hand.json'), 'utf8')) as {
  differences: { method: string; kind: string; read: string[] }[];
};
const help = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/help-v4.0.9.json'), 'utf8')) as {
  rpcs: { name: string; args: { name: string; type: string }[]; results: { text: string }[] }[];
};

const differencesOf = (method: string): SdkNodeDifference[] => data.methods.find((entry) => entry.method === method)?.differences ?? [];
const helpText = (rpc: string): string => help.rpcs.find((entry) => entry.name === rpc)?.results[0]?.text ?? '';
/** An interface of the package's declarations (dist/category/<file>.d.ts), as its text. */
const declared = (file: string, name: string): string =>
  new RegExp(`export interface ${name} \\{[\\s\\S]*?\\n\\}`).exec(fs.readFileSync(path.join(API_CORE, file), 'utf8'))?.[0] ?? '';

/** The paragraph "Against the node's help" of a method's section on its category's page. */
function paragraph(method: string): string {
  const [category = '', name = ''] = method.split('.');
  const page = readGeneratedPage(path.join(ROOT, 'docs/node/jellyfish/api', `${category}.mdx`));
  const start = page.indexOf(`## ${name} {/*`);
  const end = page.indexOf('\n## ', start + 3);
  const section = start < 0 ? '' : page.slice(start, end < 0 ? undefined : end);
  return /Against the node's help \(defid v4\.0\.9\)[^\n]*/.exec(section)?.[0] ?? '';
}

let client: Client;

beforeAll(async () => {
  const server = createDocsServer(new DocsData(DEFAULT_SOURCES));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'sdk-vs-node-hand-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
});

async function againstNode(name: string): Promise<Record<string, unknown>[]> {
  const result = await client.callTool({ name: 'get_rpc_method', arguments: { name } });
  const content = result.content as { type: string; text: string }[];
  return (JSON.parse(content[0]?.text ?? '{}') as { againstNode?: Record<string, unknown>[] }).againstNode ?? [];
}

describe('api-core 4.0.7 against defid v4.0.9: what the help alone does not say', () => {
  it('mintTokens puts its UTXOs under utxos, where minttokens reads inputs: the node ignores them', async () => {
    // The package: the options go to the node as they are, with a `utxos` key and no `inputs`.
    expect(fs.readFileSync(path.join(API_CORE, 'token.js'), 'utf8')).toContain("this.client.call('minttokens', [options], 'number')");
    const options = declared('token.d.ts', 'MintTokensOptions');
    expect(options).toMatch(/utxos\?: UTXO\[\];/);
    expect(options).not.toContain('inputs');
    expect(help.rpcs.find((entry) => entry.name === 'minttokens')?.args.map((arg) => arg.name)).toEqual(['amounts', 'inputs', 'to']);
    expect(differencesOf('token.mintTokens')).toContainEqual(
      expect.objectContaining({
        kind: 'option-ignored',
        position: 0,
        by: 'hand',
        node: expect.objectContaining({ name: 'inputs', type: 'ARR', source: 'src/dfi/rpc_tokens.cpp:773' }),
        sdk: expect.objectContaining({ name: 'options.utxos', source: 'packages/jellyfish-api-core/src/category/token.ts:215' }),
      }),
    );
    expect(paragraph('token.mintTokens')).toContain(
      'The node reads `inputs` (ARR, optional) from the object this method sends as its first param, where the method puts `options.utxos`: the node ignores that key.',
    );
    expect(await againstNode('mintTokens')).toContainEqual(
      expect.objectContaining({ kind: 'option-ignored', by: 'hand', note: expect.stringContaining('src/dfi/rpc_tokens.cpp:769-779') }),
    );
  });

  it('getBlockchainInfo: a bip9 softfork carries a bip9 object that BlockchainInfo does not declare', async () => {
    expect(helpText('getblockchaininfo')).toMatch(/"bip9": \{ +\(object\) status of bip9 softforks/);
    const info = declared('blockchain.d.ts', 'BlockchainInfo');
    expect(info).toContain('softforks:');
    expect(info).not.toContain('bip9:');
    expect(differencesOf('blockchain.getBlockchainInfo')).toContainEqual(
      expect.objectContaining({
        kind: 'result-field',
        by: 'hand',
        node: expect.objectContaining({ name: 'softforks.<name>.bip9', source: 'src/rpc/blockchain.cpp:1474' }),
      }),
    );
    expect(paragraph('blockchain.getBlockchainInfo')).toMatch(
      /`prune_target_size` \(numeric\) and `softforks.<name>.bip9` \(object\), which `BlockchainInfo` does not declare/,
    );
    expect(paragraph('blockchain.getBlockchainInfo')).toContain('which on regtest is testdummy (src/chainparams.cpp:1101)');
    expect(await againstNode('getBlockchainInfo')).toContainEqual(
      expect.objectContaining({
        kind: 'result-field',
        node: expect.objectContaining({ name: 'softforks.<name>.bip9', source: expect.stringMatching(/blockchain\.cpp#L1474$/) }),
      }),
    );
  });

  it('getWalletInfo: scanning is false when no rescan runs, where WalletInfo declares only the object', async () => {
    expect(helpText('getwalletinfo')).toMatch(/"scanning": +\(json object\) current scanning details, or false if no scan is in progress/);
    const scanning = /scanning: \{[^}]*\}/.exec(declared('wallet.d.ts', 'WalletInfo'))?.[0] ?? '';
    expect(scanning).toMatch(/duration: number;\s+progress: number;/);
    expect(declared('wallet.d.ts', 'WalletInfo')).not.toMatch(/scanning: [^\n]*(false|boolean)/);
    expect(differencesOf('wallet.getWalletInfo')).toContainEqual(
      expect.objectContaining({
        kind: 'result-field-type',
        by: 'hand',
        node: expect.objectContaining({ name: 'scanning', type: 'json object or false', source: 'src/wallet/rpcwallet.cpp:2472' }),
      }),
    );
    expect(paragraph('wallet.getWalletInfo')).toContain("The node's help returns `scanning` as (json object or false); `WalletInfo.scanning` is declared");
    expect(paragraph('wallet.getWalletInfo')).toContain('(src/wallet/rpcwallet.cpp:2525)');
    expect(await againstNode('getWalletInfo')).toContainEqual(
      expect.objectContaining({ kind: 'result-field-type', node: expect.objectContaining({ name: 'scanning' }) }),
    );
  });

  it('the fields the node may leave out that the declarations require: 16 from the help’s (type, optional), 2 from the handler', async () => {
    const optional = data.methods.flatMap((entry) =>
      entry.differences.filter((difference) => difference.kind === 'result-field-optional').map((difference) => ({ entry, difference })),
    );
    const derived = optional.filter(({ difference }) => difference.by === undefined);
    expect(derived.map(({ entry, difference }) => `${entry.method} ${difference.node.name}`)).toEqual([
      'wallet.getWalletInfo hdseedid',
      'wallet.validateAddress witness_version',
      'wallet.validateAddress witness_program',
      ...[
        'desc',
        'witness_version',
        'witness_program',
        'script',
        'hex',
        'sigsrequired',
        'pubkey',
        'embedded',
        'iscompressed',
        'timestamp',
        'hdkeypath',
        'hdseedid',
        'hdmasterfingerprint',
      ].map((name) => `wallet.getAddressInfo ${name}`),
    ]);
    // Each read again: the help prints the field `(type, optional)` and the declaration has it without `?`.
    for (const { entry, difference } of derived) {
      expect(helpText(entry.rpc)).toMatch(new RegExp(`"${difference.node.name}" ?:[^\\n]*\\(\\w+, optional\\)`));
      const [type = '', field = ''] = difference.sdk.name.split('.');
      expect(declared('wallet.d.ts', type)).toMatch(new RegExp(`\\n    ${field}: `));
    }
    expect(optional.filter(({ difference }) => difference.by === 'hand').map(({ difference }) => difference.node.source)).toEqual([
      'src/wallet/rpcwallet.cpp:2507',
      'src/wallet/rpcwallet.cpp:2510',
    ]);
    expect(paragraph('wallet.getWalletInfo')).toContain(
      'The node may leave out `hdseedid`, `keypoolsize_hd_internal` and `unlocked_until`, which `WalletInfo` declares as always there.',
    );
    expect(paragraph('wallet.getAddressInfo')).toContain('`hdmasterfingerprint`, which `AddressInfo` declares as always there.');
    expect((await againstNode('getAddressInfo')).filter((difference) => difference.kind === 'result-field-optional')).toHaveLength(13);
  });

  it('each entry read by hand cites what it read, and the script reproduces the committed data from both files', () => {
    expect(hand.differences.map((entry) => `${entry.method} ${entry.kind}`)).toEqual([
      'token.mintTokens option-ignored',
      'blockchain.getBlockchainInfo result-field',
      'wallet.getWalletInfo result-field-type',
      'wallet.getWalletInfo result-field-optional',
      'wallet.getWalletInfo result-field-optional',
    ]);
    for (const entry of hand.differences) expect(entry.read.some((place) => place.startsWith('src/'))).toBe(true);
    const output = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/.bin/tsx'), 'scripts/derive-sdk-vs-node.ts', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(output).toMatch(/18 methods differ/);
  });
});
