// The custom transaction pages (generated/custom-tx-model.json, from `npm run generate`): every type of the codec has
// its section, counted here from the package's own code; each example's bytes are the SDK composer's and read back to
// the same bytes; the transaction each page shows is the one the builder sample of that call signs; and the RPC
// reference's examples of decodecustomtx and getcustomtx say what these pages say the node prints.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'lossless-json';
import { SmartBuffer } from 'smart-buffer';
import { describe, expect, it } from 'vitest';
import { CDfTx, type DfTx, type OP_DEFI_TX } from '@defichain/jellyfish-transaction';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import { nodeJson, nodeResults } from '../../generator/extract/sdk/node-view';
import { txidOf } from '../../generator/extract/sdk/dftx-examples';
import { readBuilderOutputs } from '../support/builder-samples';
import { decodeTransaction } from '../support/signing';

const ROOT = path.resolve(__dirname, '../..');
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/custom-tx-model.json'), 'utf8')) as CustomTxReference;
const DFTX_JS = path.join(ROOT, 'node_modules/@defichain/jellyfish-transaction/dist/script/dftx/dftx.js');

interface RpcExampleFile {
  examples: { arguments: unknown[]; result: unknown }[];
}
function rpcExample(file: string): RpcExampleFile {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/examples/rpc', file), 'utf8')) as RpcExampleFile;
}

/** The node's JSON text of a value read losslessly (numbers as the file writes them), two-space indented. */
function asNodeText(text: string): string {
  const value = parse(text) as unknown;
  const write = (item: unknown, indent: string): string => {
    const inner = `${indent}  `;
    if (item !== null && typeof item === 'object' && 'isLosslessNumber' in item) return String((item as unknown as { value: string }).value);
    if (Array.isArray(item)) return item.length === 0 ? '[]' : `[\n${item.map((each) => inner + write(each, inner)).join(',\n')}\n${indent}]`;
    if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      return entries.length === 0
        ? '{}'
        : `{\n${entries.map(([key, each]) => `${inner}${JSON.stringify(key)}: ${write(each, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(item);
  };
  return write(value, '');
}

/** What these pages say decodecustomtx prints for a transaction's hex: the SDK decodes it, node-view writes the results. */
function decodeCustomTx(hex: string): string {
  const tx = decodeTransaction(hex);
  const stack = tx.vout[0]?.script.stack ?? [];
  const message = stack[1]?.type === 'OP_DEFI_TX' ? (stack[1] as OP_DEFI_TX).tx : undefined;
  if (message === undefined) throw new Error('no DeFi message in output 0');
  const type = model.types.find((candidate) => candidate.opName === message.name);
  const txid = txidOf(tx);
  const results = nodeResults(message.name, message.data, { txid, vout: tx.vout, height: 2147483647, votingPeriod: 130000 });
  const decode = type?.node.decode;
  return nodeJson(
    decode === undefined || decode.valid
      ? { txid, type: type?.ain?.rpcName ?? '', valid: true, results }
      : { txid, type: type?.ain?.rpcName ?? '', valid: false, error: decode.error },
  );
}

describe('custom transaction pages', () => {
  it('have a section for each of the 53 types the codec dispatches on, counted from its code', () => {
    const cases = [...fs.readFileSync(DFTX_JS, 'utf8').matchAll(/case dftx_\w+\.(C\w+)\.OP_CODE:/g)].map((match) => match[1]);
    expect(cases).toHaveLength(53);
    expect(model.types.map((type) => type.className)).toEqual(cases);
    expect(new Set(model.types.map((type) => type.family))).toEqual(new Set(model.families.map((family) => family.name)));
  });

  it.each(model.types.map((type) => [type.opName, type] as const))('%s: the example reads back and writes the same bytes, field by field', (_name, type) => {
    const envelope = `44665478${type.opCode.toString(16).padStart(2, '0')}${type.example.payloadHex}`;
    const read = new CDfTx(SmartBuffer.fromBuffer(Buffer.from(envelope, 'hex'))).toObject() as DfTx<unknown>;
    expect([read.type, read.name]).toEqual([type.opCode, type.opName]);
    expect(new CDfTx(read).toHex()).toBe(envelope);
    expect(type.example.spans.map((span) => span.hex).join('')).toBe(type.example.payloadHex);
    let offset = 0;
    for (const span of type.example.spans) {
      expect(span.offset).toBe(offset);
      offset += span.hex.length / 2;
    }
    expect(type.example.scriptHex.endsWith(envelope)).toBe(true);
    // The transaction shown decodes to the same message and id, and decodecustomtx says what the page says.
    const tx = decodeTransaction(type.example.txHex);
    expect(txidOf(tx)).toBe(type.example.txid);
    expect(decodeCustomTx(type.example.txHex)).toBe(type.example.decoded);
  });

  it('show the very transaction the builder sample of the same call signs', () => {
    const outputs = readBuilderOutputs();
    let compared = 0;
    for (const type of model.types) {
      const call = type.builderCalls[0];
      if (call === undefined) continue;
      expect(outputs[`${call.group}.${call.method}`]?.hex, type.opName).toBe(type.example.txHex);
      compared += 1;
    }
    expect(compared).toBe(model.types.filter((type) => type.builderCalls.length > 0).length);
  });

  it('agree with the RPC reference’s decodecustomtx example', () => {
    const example = rpcExample('token/decodeCustomTx.json').examples[0];
    const hex = example?.arguments[0];
    if (typeof hex !== 'string') throw new Error('the decodeCustomTx example has no hex');
    const text = fs.readFileSync(path.join(ROOT, 'generator/examples/rpc/token/decodeCustomTx.json'), 'utf8');
    const result = JSON.stringify((parse(text) as { examples: { result: unknown }[] }).examples[0]?.result, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && 'isLosslessNumber' in value ? (value as unknown as { value: string }).value : value,
    );
    expect(decodeCustomTx(hex)).toBe(asNodeText(result));
  });

  it('agree with the RPC reference’s getcustomtx example: the same type name and the same results for its message', () => {
    const result = rpcExample('token/getCustomTx.json').examples[0]?.result as { type: string; results: Record<string, unknown> };
    const type = model.types.find((candidate) => candidate.ain?.rpcName === result.type);
    expect(type?.opName).toBe('OP_DEFI_TX_ACCOUNT_TO_ACCOUNT');
    const shown = JSON.parse(type?.example.decoded ?? '{}') as { results: Record<string, unknown> };
    expect(Object.keys(result.results)).toEqual(Object.keys(shown.results));
    for (const amounts of Object.values(result.results.to as Record<string, string>)) expect(amounts).toMatch(/^\d+\.\d{8}@\d+$/);
  });

  it('goes red when the decodecustomtx example says another amount than its transaction holds', () => {
    const example = rpcExample('token/decodeCustomTx.json').examples[0];
    const hex = String(example?.arguments[0]);
    const wrong = asNodeText(JSON.stringify(example?.result).replace('5.00000000@0', '5.10000000@0'));
    expect(decodeCustomTx(hex)).not.toBe(wrong);
  });
});
