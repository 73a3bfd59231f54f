// get_rpc_method for the node's RPCs through the official client (in memory): a typed method's answer names the defid
// release that added its RPC, and each of the RPCs of defid 4.0.9 that no client method calls is answered from the
// node's help, with its section on the node-only pages, what it needs and a client.call sample.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReference } from '../../generator/model/types';
import { DEFAULT_SOURCES, DocsData } from '../../server/mcp/docs-data';
import { createDocsServer } from '../../server/mcp/mcp-server';

const reference = JSON.parse(fs.readFileSync(path.join(DEFAULT_SOURCES.generated, 'rpc-model.json'), 'utf8')) as RpcReference;
const untyped = (reference.nodeRpcs?.rpcs ?? []).filter((rpc) => !rpc.typed);

let client: Client;

beforeAll(async () => {
  const server = createDocsServer(new DocsData(DEFAULT_SOURCES));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'node-rpc-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
});

async function ask(name: string): Promise<{ isError: boolean; answer: Record<string, unknown> }> {
  const result = await client.callTool({ name: 'get_rpc_method', arguments: { name } });
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, answer: JSON.parse(content[0]?.text ?? '{}') as Record<string, unknown> };
}

describe('get_rpc_method and the node', () => {
  it('names the defid release that added a typed method’s RPC', async () => {
    expect((await ask('getBlock')).answer).toMatchObject({ method: 'blockchain.getBlock', nodeSince: 'defid v1.0.0', nodePinned: 'defid v4.0.9' });
    expect((await ask('transferdomain')).answer).toMatchObject({ method: 'account.transferDomain', nodeSince: 'defid v4.0.0' });
  });

  it('answers walletlock, which no method calls, from the node’s help', async () => {
    const { isError, answer } = await ask('walletlock');
    expect(isError).toBe(false);
    expect(answer).toMatchObject({
      method: 'walletlock',
      typed: false,
      call: "client.call('walletlock', [], 'number')",
      nodeSince: 'defid v1.0.0',
      url: expect.stringMatching(/\/node\/jellyfish\/api\/node-only\/wallet(-\d+)?#walletlock$/),
    });
    expect(answer.needs).toEqual([expect.objectContaining({ need: 'a loaded wallet', source: expect.stringContaining('src/wallet/rpcwallet.cpp#L') })]);
    // Its errors, as its section lists them: its own with the line that throws it, and the groups it shares.
    const errors = answer.errors as { own: { code: number; message: string; source: string }[]; groups: { id: string }[] };
    expect(errors.own).toEqual([
      expect.objectContaining({
        code: -15,
        message: 'Error: running with an unencrypted wallet, but walletlock was called.',
        source: expect.stringMatching(/src\/wallet\/rpcwallet\.cpp#L\d+$/),
      }),
    ]);
    expect(errors.groups.map((group) => group.id)).toEqual(expect.arrayContaining(['usage', 'wallet']));
  });

  it('says where getBalance and the help of getbalance differ, each side with its source line', async () => {
    const { answer } = await ask('getBalance');
    expect(answer.againstNode).toEqual([
      expect.objectContaining({ kind: 'fixed', position: 0, node: expect.objectContaining({ name: 'dummy' }), sdk: expect.objectContaining({ name: '"*"' }) }),
      expect.objectContaining({
        kind: 'node-argument',
        position: 3,
        node: expect.objectContaining({
          name: 'avoid_reuse',
          type: 'BOOL',
          source: expect.stringMatching(/ain\/blob\/v4\.0\.9\/src\/wallet\/rpcwallet\.cpp#L\d+$/),
        }),
      }),
      expect.objectContaining({ kind: 'node-argument', position: 4, node: expect.objectContaining({ name: 'with_tokens' }) }),
    ]);
    expect((await ask('getBlockCount')).answer.againstNode).toBeUndefined();
  });

  it('says what getcustomtx (typed) and spv_fundaddress (node only) need, as the node’s source settles it', async () => {
    const needs = async (name: string): Promise<string[]> => ((await ask(name)).answer.needs as { need: string }[]).map((need) => need.need);
    expect(await needs('getcustomtx')).toEqual([expect.stringContaining('-txindex')]);
    expect(await needs('spv_fundaddress')).toEqual(expect.arrayContaining(['a loaded wallet', 'the Bitcoin SPV module (-spv)']));
  });

  it(`answers each of the ${untyped.length} untyped RPCs with its section, arguments and sample`, async () => {
    expect(untyped).toHaveLength(119);
    const wrong: string[] = [];
    for (const rpc of untyped) {
      const { isError, answer } = await ask(rpc.name);
      if (isError || answer.typed !== false) wrong.push(`${rpc.name}: not answered as node only`);
      else if (typeof answer.url !== 'string' || !answer.url.includes('/node-only/')) wrong.push(`${rpc.name}: no section`);
      else if (((answer.arguments as unknown[] | undefined) ?? []).length !== rpc.args.length) wrong.push(`${rpc.name}: arguments`);
      else if (!String(answer.call).startsWith(`client.call('${rpc.name}'`)) wrong.push(`${rpc.name}: call`);
      else if (answer.errors === undefined || ((answer.errors as { own?: unknown[] }).own ?? []).length !== (rpc.errors?.errors.length ?? -1))
        wrong.push(`${rpc.name}: errors`);
    }
    expect(wrong).toEqual([]);
  });
});
