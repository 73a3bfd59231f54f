// The methods of api-core 4.0.7 against the node's help at v4.0.9 (generator/node-rpcs/sdk-vs-node.json, written by
// scripts/derive-sdk-vs-node.ts): its counts, four of its claims read again from the package's own files (the
// compiled call and the declarations in node_modules) and the committed help, and each claim on its method's section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachSdkVsNode } from '../../generator/extract/rpc/sdk-vs-node';
import type { RpcReference, SdkNodeDifference } from '../../generator/model/types';
import { readGeneratedPage } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');
const API_CORE = path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core/dist/category');
const API_PAGES = path.join(ROOT, 'docs/node/jellyfish/api');
const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/sdk-vs-node.json'), 'utf8')) as {
  node: { tag: string };
  package: { version: string };
  compared: { methods: number; arguments: number; results: number };
  counts: Record<string, number>;
  methods: { method: string; rpc: string; differences: SdkNodeDifference[] }[];
};
const help = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/help-v4.0.9.json'), 'utf8')) as {
  rpcs: { name: string; args: { name: string; type: string }[]; results: { text: string }[] }[];
};

const MAPPINGS = new Set(['fixed', 'options-object', 'argument-shape']);
const differencesOf = (method: string): SdkNodeDifference[] => data.methods.find((entry) => entry.method === method)?.differences ?? [];
const helpOf = (rpc: string): (typeof help.rpcs)[number] => {
  const found = help.rpcs.find((entry) => entry.name === rpc);
  if (found === undefined) throw new Error(`no help for ${rpc}`);
  return found;
};
/** The params a compiled method sends: the array literal of its `this.client.call('rpc', [...]`. */
const sentParams = (file: string, rpc: string): string[] => {
  const text = fs.readFileSync(path.join(API_CORE, file), 'utf8');
  const match = new RegExp(`this\\.client\\.call\\('${rpc}', \\[([^\\]]*)\\]`).exec(text);
  if (match === null) throw new Error(`${file}: no call of ${rpc}`);
  return (match[1] ?? '').split(',').filter((part) => part.trim() !== '');
};

/** The section of a method on its category's page, as a reader reads it. */
function sectionText(method: string): string {
  const [category = '', name = ''] = method.split('.');
  const page = readGeneratedPage(path.join(API_PAGES, `${category}.mdx`));
  const start = page.indexOf(`## ${name} {/*`);
  if (start < 0) throw new Error(`${method}: no section`);
  const end = page.indexOf('\n## ', start + 3);
  return page.slice(start, end < 0 ? undefined : end);
}

/** What a section lacks of its method's claims: the paragraph, and each node name it must name in it. */
function lacks(method: string, section: string): string[] {
  const differences = differencesOf(method);
  if (differences.length === 0) return section.includes("Against the node's help") ? [`${method}: a paragraph without data`] : [];
  const paragraph = new RegExp(`Against the node's help \\(defid ${data.node.tag}\\)[^\\n]*`).exec(section)?.[0];
  if (paragraph === undefined) return [`${method}: no paragraph`];
  const problems: string[] = [];
  for (const difference of differences) {
    const names = 'nodeArgs' in difference ? difference.nodeArgs.map((arg) => arg.name) : 'node' in difference ? [difference.node.name] : [difference.sdk.name];
    for (const name of names) if (!paragraph.includes(`\`${name}\``)) problems.push(`${method}: ${difference.kind} ${name} not said`);
  }
  return problems;
}

describe('api-core 4.0.7 against the help of defid v4.0.9', () => {
  it('compares 185 methods on their params and 23 on their result: 31 differences (5 read by hand) and 12 mappings', () => {
    expect(data.node.tag).toBe('v4.0.9');
    expect(data.package.version).toBe('4.0.7');
    expect(data.compared).toEqual({ methods: 185, arguments: 353, results: 23 });
    const all = data.methods.flatMap((entry) => entry.differences);
    expect(all.filter((difference) => !MAPPINGS.has(difference.kind))).toHaveLength(31);
    expect(all.filter((difference) => MAPPINGS.has(difference.kind))).toHaveLength(12);
    expect(all.filter((difference) => difference.by === 'hand')).toHaveLength(5);
    expect(data.counts).toEqual({
      'node-argument': 6,
      'result-field': 4,
      'result-field-type': 2,
      'result-field-optional': 18,
      'option-ignored': 1,
      fixed: 5,
      'options-object': 3,
      'argument-shape': 4,
    });
  });

  it('says getbalance takes avoid_reuse and with_tokens, which getBalance never sends (wallet.js, the help)', () => {
    expect(sentParams('wallet.js', 'getbalance')).toHaveLength(3);
    expect(helpOf('getbalance').args.map((arg) => arg.name)).toEqual(['dummy', 'minconf', 'include_watchonly', 'avoid_reuse', 'with_tokens']);
    expect(differencesOf('wallet.getBalance').filter((difference) => difference.kind === 'node-argument')).toEqual([
      expect.objectContaining({ position: 3, node: expect.objectContaining({ name: 'avoid_reuse', type: 'BOOL' }) }),
      expect.objectContaining({ position: 4, node: expect.objectContaining({ name: 'with_tokens', type: 'BOOL' }) }),
    ]);
  });

  it('says getwalletinfo takes with_tokens, which getWalletInfo never sends', () => {
    expect(sentParams('wallet.js', 'getwalletinfo')).toEqual([]);
    expect(helpOf('getwalletinfo').args.map((arg) => `${arg.name} ${arg.type}`)).toEqual(['with_tokens BOOL']);
    expect(differencesOf('wallet.getWalletInfo').filter((difference) => difference.kind.includes('argument'))).toEqual([
      expect.objectContaining({ kind: 'node-argument', position: 0 }),
    ]);
  });

  it('says the help returns pruneheight that BlockchainInfo lacks, and difficulty as numeric where MiningInfo has a string', () => {
    const blockchain = fs.readFileSync(path.join(API_CORE, 'blockchain.d.ts'), 'utf8');
    const info = /export interface BlockchainInfo \{[\s\S]*?\n\}/.exec(blockchain)?.[0] ?? '';
    expect(info).toContain('chain:');
    expect(info).not.toContain('pruneheight');
    expect(helpOf('getblockchaininfo').results[0]?.text).toMatch(/"pruneheight": xxxxxx, +\(numeric\)/);
    expect(
      differencesOf('blockchain.getBlockchainInfo')
        .filter((difference) => difference.by === undefined)
        .map((difference) => ('node' in difference ? difference.node.name : '')),
    ).toEqual(['pruneheight', 'automatic_pruning', 'prune_target_size']);
    const mining = fs.readFileSync(path.join(API_CORE, 'mining.d.ts'), 'utf8');
    expect(/export interface MiningInfo \{[\s\S]*?\n\}/.exec(mining)?.[0]).toMatch(/difficulty: string;/);
    expect(helpOf('getmininginfo').results[0]?.text).toMatch(/"difficulty": \S+\s+\(numeric\)/);
    expect(differencesOf('mining.getMiningInfo')).toEqual([
      expect.objectContaining({ kind: 'result-field-type', node: expect.objectContaining({ name: 'difficulty', type: 'numeric' }) }),
    ]);
  });

  it('tells listgovproposals’ options object as a mapping, not as arguments the method lacks', () => {
    const kinds = differencesOf('governance.listGovProposals').map((difference) => difference.kind);
    expect(kinds).toEqual(['options-object']);
  });

  it('each claim is on its method’s section, and a section without data has no such paragraph', () => {
    const problems = data.methods.flatMap((entry) => lacks(entry.method, sectionText(entry.method)));
    expect(problems).toEqual([]);
    expect(lacks('blockchain.getBlockCount', sectionText('blockchain.getBlockCount'))).toEqual([]);
    expect(sectionText('wallet.getBalance')).toContain('The node also takes `avoid_reuse` (BOOL, default true) as its fourth argument');
  });

  it('is refused by generate when it compares another node release, another package version or a method not there', () => {
    const file = path.join(ROOT, 'generator/node-rpcs/sdk-vs-node.json');
    const model = (): RpcReference => JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
    expect(attachSdkVsNode(model(), file)).toBe(43);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-vs-node-'));
    const changed = (edit: (copy: typeof data) => void): string => {
      const copy = JSON.parse(JSON.stringify(data)) as typeof data;
      edit(copy);
      const target = path.join(dir, 'sdk-vs-node.json');
      fs.writeFileSync(target, JSON.stringify(copy));
      return target;
    };
    expect(() =>
      attachSdkVsNode(
        model(),
        changed((copy) => (copy.node.tag = 'v4.1.0')),
      ),
    ).toThrow(/compares the help of defid v4.1.0, the reference pins v4.0.9/);
    expect(() =>
      attachSdkVsNode(
        model(),
        changed((copy) => (copy.package.version = '4.0.6')),
      ),
    ).toThrow(/compares @defichain\/jellyfish-api-core 4.0.6/);
    expect(() =>
      attachSdkVsNode(
        model(),
        changed((copy) => ((copy.methods[0] as { method: string }).method = 'wallet.noSuchMethod')),
      ),
    ).toThrow(/no method wallet.noSuchMethod/);
    fs.rmSync(dir, { recursive: true });
  });

  it('goes red on a section without its paragraph or with a name left out', () => {
    const section = sectionText('wallet.getBalance');
    expect(lacks('wallet.getBalance', section.replace(/Against the node's help[^\n]*/, ''))).toEqual(['wallet.getBalance: no paragraph']);
    expect(lacks('wallet.getBalance', section.replace(/(Against[^\n]*)`with_tokens`/, '$1with_tokens'))).toEqual([
      'wallet.getBalance: node-argument with_tokens not said',
    ]);
  });
});
