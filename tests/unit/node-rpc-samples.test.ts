// The samples of the node-only RPC pages, run as the page shows them through the SDK's JsonRpcClient against a
// stand-in node that answers every RPC of the pinned node with the value its help's result text draws (null where the
// text is not of a JSON shape), and -32601 for any other name: the request the client sends is the page's curl body,
// and `client.call` hands back the stand-in's answer. Also: the committed data is refused for another node.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseLossless } from 'lossless-json';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeRpcCatalog, RpcReference } from '../../generator/model/types';
import { KINDS, type SymbolIndex } from '../../contract/symbol-index';
import { exampleParams, readNodeRpcs, resultSample, sampleMisfits, shellWords } from '../../generator/extract/rpc/node-rpcs';
import { EXAMPLE_CLIENT_URL } from '../../generator/render/rpc-example';
import { readGeneratedPage } from '../support/page-text';
import { runSnippet } from '../support/run-snippet';
import { resultAnswer, rpcErrorAnswer, startStandInNode, type RecordedRequest, type StandInAnswer, type StandInNode } from '../support/stand-in-node';
import { curlBody } from '../support/rpc-page-examples';

const ROOT = path.resolve(__dirname, '../..');
const NODE_ONLY = path.join(ROOT, 'docs/node/jellyfish/api/node-only');
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const catalog = model.nodeRpcs as NodeRpcCatalog;

/** The stand-in's answer to any RPC of the pinned node: the value the help's result text draws. */
function helpResponder(rpcs: NodeRpcCatalog['rpcs']): (request: RecordedRequest) => StandInAnswer {
  return (request) => {
    const { method, id } = JSON.parse(request.body) as { method: string; id: unknown };
    const rpc = rpcs.find((candidate) => candidate.name === method);
    if (rpc === undefined) return rpcErrorAnswer(-32601, 'Method not found');
    return resultAnswer(rpc.sample?.result ?? 'null', id);
  };
}

interface PageSample {
  name: string;
  typescript: string;
  curl: string;
}

function pageSamples(): PageSample[] {
  const samples: PageSample[] = [];
  for (const file of fs.readdirSync(NODE_ONLY).filter((name) => name.endsWith('.mdx'))) {
    for (const section of readGeneratedPage(path.join(NODE_ONLY, file)).split(/\n(?=## )/)) {
      const name = /^## (\S+)/.exec(section)?.[1];
      if (name === undefined) continue;
      const typescript = /```ts title="node-only\.[^"]+"\n([\s\S]*?)\n```/.exec(section)?.[1];
      const curl = /```bash\n([\s\S]*?)\n```/.exec(section)?.[1];
      if (typescript === undefined || curl === undefined) throw new Error(`${file}: ${name} shows no sample`);
      samples.push({ name, typescript, curl });
    }
  }
  return samples;
}

function withoutId(body: string): unknown {
  const parsed = parseLossless(body) as Record<string, unknown>;
  delete parsed.id;
  return parsed;
}

/** Runs one sample; the ways the page and the run disagree. */
async function check(node: StandInNode, sample: PageSample): Promise<string[]> {
  const problems: string[] = [];
  const before = node.requests.length;
  const run = await runSnippet(sample.typescript, { [EXAMPLE_CLIENT_URL]: node.url });
  const sent = node.requests.slice(before);
  if (sent.length !== 1) return [`${sample.name}: the sample sent ${sent.length} requests`];
  const body = curlBody(sample.curl);
  if (body === null) return [`${sample.name}: the curl has no body`];
  if (!isDeepStrictEqual(withoutId(sent[0]?.body ?? ''), withoutId(body)))
    problems.push(`${sample.name}: the client sent ${sent[0]?.body} and the curl sends ${body}`);
  const expected = catalog.rpcs.find((rpc) => rpc.name === sample.name)?.sample?.result ?? 'null';
  if (!isDeepStrictEqual(run.values.result, JSON.parse(expected)))
    problems.push(`${sample.name}: client.call returned ${JSON.stringify(run.values.result)}, the stand-in answered ${expected}`);
  return problems;
}

describe('node-only RPC samples', () => {
  let node: StandInNode;
  const samples = pageSamples();
  beforeAll(async () => {
    node = await startStandInNode();
    node.respond(helpResponder(catalog.rpcs));
  });
  afterAll(async () => {
    await node.close();
  });

  it('every RPC the SDK does not type has a section with a sample', () => {
    const untyped = catalog.rpcs.filter((rpc) => !rpc.typed).map((rpc) => rpc.name);
    expect(samples.map((sample) => sample.name).sort()).toEqual(untyped.sort());
    expect(untyped).toHaveLength(119);
    expect(catalog.rpcs.filter((rpc) => rpc.typed)).toHaveLength(191);
  });

  it.each(samples.map((sample) => [sample.name, sample] as const))('%s', async (_name, sample) => {
    expect(await check(node, sample)).toEqual([]);
  });

  it('goes red on a curl that sends other params, and on an RPC the stand-in does not know', async () => {
    const sample = samples.find((candidate) => candidate.name === 'listvaulthistory') ?? samples[0];
    if (sample === undefined) throw new Error('no sample');
    const wrong = { ...sample, curl: sample.curl.replace('"params":[', '"params":["changed",') };
    expect((await check(node, wrong)).join('\n')).toMatch(/the client sent .* and the curl sends/);
    const unknown = { ...sample, typescript: sample.typescript.replace(`'${sample.name}'`, "'nosuchrpc'") };
    await expect(check(node, unknown)).rejects.toThrow(/404 - Not Found/);
  });
});

describe('the search index', () => {
  it('finds each RPC the SDK does not type at its node-only section', () => {
    const index = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/search-symbols.json'), 'utf8')) as SymbolIndex;
    const untyped = catalog.rpcs.filter((rpc) => !rpc.typed);
    const found = untyped.filter((rpc) =>
      index.entries.some(
        ([name, kind, page, anchor]) =>
          name === rpc.name && KINDS[kind] === 'method' && index.pages[page]?.[0] === `/node/jellyfish/api/node-only/${rpc.page}` && anchor === rpc.name,
      ),
    );
    expect(found.map((rpc) => rpc.name)).toEqual(untyped.map((rpc) => rpc.name));
  });
});

describe("the node's release pages", () => {
  it("name every RPC a release added, changed or removed under that release, on its major line's page", () => {
    const problems: string[] = [];
    let events = 0;
    const all = [
      ...catalog.rpcs.map((rpc) => ({ name: rpc.name, changes: [{ tag: rpc.added }, ...rpc.changes] })),
      ...catalog.others.map((other) => ({ name: other.name, changes: other.changes })),
    ];
    for (const { name, changes } of all) {
      for (const { tag } of changes) {
        events += 1;
        const file = path.join(ROOT, `docs/node/releases/defid-v${tag.slice(1).split('.')[0] ?? ''}.mdx`);
        const mdx = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        const start = mdx.indexOf(`\n## ${tag} {/* #defid-${tag.replace(/\./g, '-')} */}`);
        const section = start < 0 ? '' : mdx.slice(start + 1).split('\n## ')[0];
        if (!section?.includes(`\`${name}\``)) problems.push(`${name} at ${tag}`);
      }
    }
    expect(problems).toEqual([]);
    expect(events).toBeGreaterThan(324);
  });
});

describe('the committed node RPC data', () => {
  it('is refused for a node it does not describe, or when its history stops before the pinned node', () => {
    expect(() => readNodeRpcs('v4.1.0', new Set())).toThrow(/history.json pins v4.0.9, the reference pins v4.1.0|help-v4.1.0.json is missing/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-rpcs-'));
    const source = path.join(ROOT, 'generator/node-rpcs');
    const history = JSON.parse(fs.readFileSync(path.join(source, 'history.json'), 'utf8')) as { tags: string[] };
    fs.copyFileSync(path.join(source, 'help-v4.0.9.json'), path.join(dir, 'help-v4.0.9.json'));
    fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify({ ...history, tags: history.tags.filter((tag) => tag < 'v4') }));
    expect(() => readNodeRpcs('v4.0.9', new Set(), dir)).toThrow(/history.json ends at v3\.2\.8, before the pinned v4\.0\.9/);
    fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify(history));
    expect(readNodeRpcs('v4.0.9', new Set(), dir).rpcs).toHaveLength(310);
    fs.rmSync(dir, { recursive: true });
  });

  it('reads a sample from the help as the node client would', () => {
    expect(shellWords(`listvaulthistory 84b2 '{"maxBlockHeight":160}' "a \\"b\\"" 5`)).toEqual([
      'listvaulthistory',
      '84b2',
      '{"maxBlockHeight":160}',
      'a "b"',
      '5',
    ]);
    expect(exampleParams(`\nUnlock\n> defi-cli walletpassphrase "my pass phrase" 60\n`, 'walletpassphrase')).toEqual(['my pass phrase', 60]);
    // The example of the RPC itself, not the first of another RPC that its help shows before it.
    expect(exampleParams(`> defi-cli walletpassphrase "my pass phrase" 60\n> defi-cli walletlock \n`, 'walletlock')).toEqual([]);
    expect(sampleMisfits(['mytxid'], catalog.rpcs.find((rpc) => rpc.name === 'getmempoolentry')?.args ?? [])).toEqual([
      'txid is "mytxid", the help types it a hex string',
    ]);
    expect(resultSample('[                     (json array of string)\n  "hash"              (string) The transaction hash\n  ,...\n]\n')).toBe(
      '[\n  "hash"\n]',
    );
    expect(resultSample('count     (int) Count of account history\n')).toBeNull();
  });
});
