// The MCP server's decode_transaction tool through the official client (in memory): it answers what the inspector
// page's decoder reads (src/inspect/decode.ts) for a custom transaction example of the model, a script and hostile
// input, and refuses bad arguments as the protocol says.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectData } from '../../contract/inspect-data';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import { DEFAULT_SOURCES, DocsData } from '../../server/mcp/docs-data';
import { createDocsServer } from '../../server/mcp/mcp-server';
import { inspect } from '../../src/inspect/decode';

const model = JSON.parse(fs.readFileSync(path.join(DEFAULT_SOURCES.generated, 'custom-tx-model.json'), 'utf8')) as CustomTxReference;
const data = JSON.parse(fs.readFileSync(path.join(DEFAULT_SOURCES.generated, 'inspect-data.json'), 'utf8')) as InspectData;

let client: Client;

beforeAll(async () => {
  const server = createDocsServer(new DocsData(DEFAULT_SOURCES));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'decode-transaction-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
});

async function decode(args: Record<string, unknown>): Promise<{ isError: boolean; answer: Record<string, unknown> }> {
  const result = await client.callTool({ name: 'decode_transaction', arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, answer: JSON.parse(content[0]?.text ?? '{}') as Record<string, unknown> };
}

describe('decode_transaction', () => {
  it('is listed with its input schema', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'decode_transaction');
    expect(tool?.inputSchema.required).toEqual(['hex']);
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(['hex', 'network', 'as', 'height', 'inputValues']);
  });

  it('answers the pool swap example as the page’s decoder reads it, with the page links', async () => {
    const swap = model.types.find((type) => type.className === 'CPoolSwap');
    if (swap === undefined) throw new Error('no CPoolSwap');
    const { isError, answer } = await decode({ hex: swap.example.txHex, network: 'testnet', height: 900000 });
    expect(isError).toBe(false);
    const expected = inspect(swap.example.txHex, data, { network: 'testnet', height: 900000 });
    expect(answer.transaction).toStrictEqual(JSON.parse(JSON.stringify(expected.transaction)));
    expect(answer.bytes).toStrictEqual(expected.spans);
    expect(answer.checks).toStrictEqual(expected.checks);
    expect((answer.transaction as { txid: string }).txid).toBe(swap.example.txid);
    expect(answer.dftx).toMatchObject({ name: 'PoolSwap', className: 'CPoolSwap', url: 'https://jellyfishsdk.com/ecosystem/custom-transactions/dex#poolswap' });
    expect(answer.page).toBe('https://jellyfishsdk.com/ecosystem/inspect');
    // Addresses follow the network asked for.
    const outputs = (answer.transaction as { outputs: { script: { address?: string } }[] }).outputs;
    expect(outputs[1]?.script.address).toMatch(/^tf1q/);
  });

  it('answers hostile input with the byte offset, not a tool error', async () => {
    const { isError, answer } = await decode({ hex: '04000000ffffffffffffffffff', as: 'transaction' });
    expect(isError).toBe(false);
    expect(answer.error).toStrictEqual({ offset: 4, message: expect.stringMatching(/larger than any input|input count/) });
    expect((await decode({ hex: 'abc' })).answer.error).toMatchObject({ offset: 1 });
  });

  it('refuses bad arguments with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'decode_transaction', arguments: { hex: '' } })).rejects.toThrow(/Invalid arguments/);
    await expect(client.callTool({ name: 'decode_transaction', arguments: { hex: '00', network: 'moon' } })).rejects.toThrow(/Invalid arguments/);
  });
});
