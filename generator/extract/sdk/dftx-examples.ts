// Runs the SDK over the example payload of each custom transaction type (generator/examples/dftx/payloads.ts): its
// composer writes the bytes, field by field, so that each byte range is named after the field that wrote it; the
// codec reads them back and writes them again (the round trip must give the same bytes); the builder wraps the payload
// into a transaction signed by the test mnemonic's account 0 (in-process providers serving the same UTXO and fee rate
// as the builder samples' stand-in Ocean); and node-view.ts says what decodecustomtx prints for that transaction.
import BigNumber from 'bignumber.js';
import { SmartBuffer } from 'smart-buffer';
import { writeCompactSize } from '@defichain/jellyfish-buffer';
import * as jt from '@defichain/jellyfish-transaction';
import { MainNet } from '@defichain/jellyfish-network';
import { P2WPKHTransactionBuilder, type Prevout } from '@defichain/jellyfish-transaction-builder';
import { MnemonicHdNodeProvider } from '@defichain/jellyfish-wallet-mnemonic';
import { dSHA256 } from '@defichain/jellyfish-crypto';
import type { BuilderCall, ByteSpan, CodecStructure, CustomTxExample, ExampleJson, FieldEncoding } from '../../model/custom-tx';
import { FEE_RATE, MASTERNODE_UTXO, PAYLOADS, SIGNER, SIGNER_UTXO, script } from '../../examples/dftx/payloads';
import { nodeJson, nodeResults, scriptToString } from './node-view';

/** The site's test mnemonic (docs/ecosystem/wallets.mdx): BIP39's first test vector, public knowledge. */
export const TEST_WORDS = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'.split(' ');

type ComposableClass = new (data: unknown) => { composers: (data: unknown) => { toBuffer: (buffer: SmartBuffer) => void }[]; toHex: () => string };
const exported = jt as unknown as Record<string, unknown>;

function composable(className: string): ComposableClass | undefined {
  const found = exported[className];
  return typeof found === 'function' ? (found as ComposableClass) : undefined;
}

function isBigNumber(value: unknown): value is BigNumber {
  return BigNumber.isBigNumber(value);
}

function isScript(value: unknown): value is jt.Script {
  return typeof value === 'object' && value !== null && Array.isArray((value as { stack?: unknown }).stack) && Object.keys(value).length === 1;
}

/** A payload value as JSON for the pages: BigNumber as a string, a script as its hex and address, bytes as hex. */
export function toExampleJson(value: unknown): ExampleJson {
  if (isBigNumber(value)) return value.toFixed();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (isScript(value)) {
    const hex = jt.fromOPCodes(value.stack).toString('hex');
    const address = scriptToString(value);
    return address === '' ? { hex } : { hex, address };
  }
  if (Array.isArray(value)) return value.map(toExampleJson);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, ExampleJson> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toExampleJson(item);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** What a field's bytes stand for, in a few words. */
function meaning(encoding: FieldEncoding, value: unknown): string {
  if (encoding.kind === 'single' && encoding.structure === 'CScript' && isScript(value)) {
    const address = scriptToString(value);
    return value.stack.length === 0 ? 'empty script' : address === '' ? 'script' : address;
  }
  if (encoding.kind === 'helper') {
    if (encoding.helper === 'satoshiAsBigNumber' && isBigNumber(value)) return `${value.toFixed()} (${value.times(1e8).toFixed()} satoshis)`;
    if (encoding.helper === 'maxPriceAsBigNumber' && isBigNumber(value)) {
      const fraction = value.times(1e8).mod(1e8);
      return `${value.toFixed()}: integer ${value.minus(fraction.div(1e8)).toFixed()}, fraction ${fraction.toFixed()} (×10⁻⁸)`;
    }
    if (encoding.helper === 'compactSizeUtf8BE' || encoding.helper === 'compactSizeUtf8LE') return JSON.stringify(value);
    if (encoding.helper === 'compactSizeHex' || encoding.helper === 'compactSizeOptionalHex')
      return typeof value === 'string' && value !== '' ? `${value.length / 2} bytes` : 'none (length 0)';
  }
  if (encoding.kind === 'sized' && encoding.helper === 'hexBEBufferLE' && typeof value === 'string')
    return `${value.slice(0, 8)}…${value.slice(-8)}, bytes reversed`;
  if (isBigNumber(value)) return value.toFixed();
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  if (value instanceof Uint8Array) return value.length === 0 ? 'no data' : `${value.length} bytes`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(toExampleJson(value));
  return String(value);
}

/**
 * Writes `data` with the class's own composers into `buffer`, one field at a time, recording the bytes of each: a
 * nested structure the package exports is written field by field too (an array as its count, then each element).
 */
function composeSpans(
  structures: ReadonlyMap<string, CodecStructure>,
  className: string,
  data: Record<string, unknown>,
  buffer: SmartBuffer,
  path: string,
  spans: ByteSpan[],
): void {
  const structure = structures.get(className);
  const Class = composable(className);
  if (structure === undefined || Class === undefined) throw new Error(`dftx: ${className} is not an exported structure of the codec`);
  const composers = new Class(data).composers(data);
  if (composers.length !== structure.fields.length)
    throw new Error(`dftx: ${className} has ${composers.length} composers, its layout ${structure.fields.length} fields`);
  const record = (start: number, fieldPath: string, text: string): void => {
    const bytes = buffer.toBuffer().subarray(start);
    if (bytes.length > 0) spans.push({ offset: start, hex: bytes.toString('hex'), path: fieldPath, meaning: text });
  };
  structure.fields.forEach((field, index) => {
    const name = field.names.join(', ');
    const fieldPath = path === '' ? name : `${path}.${name}`;
    const value = field.names.length === 1 ? data[field.names[0] ?? ''] : field.names.map((each) => `${each} ${String(data[each])}`).join(', ');
    const encoding = field.encoding;
    const nested = encoding.kind === 'single' || encoding.kind === 'array' ? encoding.structure : null;
    const start = buffer.length;
    if (encoding.kind === 'single' && nested !== null && nested !== 'CScript' && composable(nested) !== undefined && structures.has(nested)) {
      composeSpans(structures, nested, value as Record<string, unknown>, buffer, fieldPath, spans);
    } else if (encoding.kind === 'array' && nested !== null && composable(nested) !== undefined && structures.has(nested) && Array.isArray(value)) {
      writeCompactSize(value.length, buffer);
      record(start, `${fieldPath} (count)`, String(value.length));
      value.forEach((element, position) => composeSpans(structures, nested, element as Record<string, unknown>, buffer, `${fieldPath}[${position}]`, spans));
    } else {
      composers[index]?.toBuffer(buffer);
      record(start, fieldPath, meaning(encoding, value));
    }
  });
}

/** The providers the builder needs, in-process: one UTXO of the signer's, a fixed fee rate, the signer's key. */
function inProcessBuilder(utxo: { txid: string; vout: number; value: string }): P2WPKHTransactionBuilder {
  const options = { bip32: { public: MainNet.bip32.publicPrefix, private: MainNet.bip32.privatePrefix }, wif: MainNet.wifPrefix };
  const node = MnemonicHdNodeProvider.fromWords(TEST_WORDS, options, true).derive('1129/0/0/0');
  const prevout: Prevout = { txid: utxo.txid, vout: utxo.vout, value: new BigNumber(utxo.value), script: script(SIGNER), tokenId: 0 };
  return new P2WPKHTransactionBuilder(
    { estimate: async () => Promise.resolve(new BigNumber(FEE_RATE)) },
    { all: async () => Promise.resolve([prevout]), collect: async () => Promise.resolve([prevout]) },
    { get: () => node },
    MainNet,
  );
}

/** The txid of a signed transaction: its bytes without the witness, double SHA-256, reversed. */
export function txidOf(tx: jt.TransactionSegWit): string {
  const plain = new jt.CTransaction({ version: tx.version, vin: tx.vin, vout: tx.vout, lockTime: tx.lockTime }).toHex();
  return Buffer.from(dSHA256(Buffer.from(plain, 'hex')))
    .reverse()
    .toString('hex');
}

type OpCodesFunction = (payload?: unknown) => jt.OP_DEFI_TX;

/** Builds and signs the transaction that carries the payload: through the builder call that composes it, or createDeFiTx. */
async function buildTransaction(opName: string, opCodesFunction: string, payload: unknown, call: BuilderCall | undefined): Promise<jt.TransactionSegWit> {
  const builder = inProcessBuilder(opName === 'OP_DEFI_TX_CREATE_MASTER_NODE' ? MASTERNODE_UTXO : SIGNER_UTXO);
  const change = script(SIGNER);
  if (call !== undefined) {
    const group = (builder as unknown as Record<string, Record<string, (payload: unknown, change: jt.Script) => Promise<jt.TransactionSegWit>>>)[call.group];
    const method = group?.[call.method];
    if (group === undefined || method === undefined) throw new Error(`dftx: no builder.${call.group}.${call.method}`);
    return await method.call(group, payload, change);
  }
  const wrap = (jt.OP_CODES as unknown as Record<string, OpCodesFunction>)[opCodesFunction];
  if (wrap === undefined) throw new Error(`dftx: no OP_CODES.${opCodesFunction}`);
  return await builder.createDeFiTx(opName === 'OP_DEFI_TX_AUTO_AUTH_PREP' ? wrap() : wrap(payload), change);
}

export interface ExampleInput {
  className: string;
  opCode: number;
  opName: string;
  opCodesFunction: string;
  builderCall: BuilderCall | undefined;
  /** What decodecustomtx prints as `type` for it (from the node's sources). */
  nodeTypeName: string;
  /** The error decodecustomtx prints instead of `results` when the node refuses the type at its decoding height. */
  decodeError?: string;
}

/** Composes, breaks down, reads back and wraps the example payload of one type. */
export async function runCustomTxExample(structures: ReadonlyMap<string, CodecStructure>, input: ExampleInput): Promise<CustomTxExample> {
  const payload = (PAYLOADS as Record<string, unknown>)[input.opName];
  if (payload === undefined) throw new Error(`dftx: generator/examples/dftx/payloads.ts has no payload for ${input.opName}`);
  const spans: ByteSpan[] = [];
  const buffer = new SmartBuffer();
  composeSpans(structures, input.className, payload as Record<string, unknown>, buffer, '', spans);
  const payloadHex = buffer.toBuffer().toString('hex');
  const Class = composable(input.className);
  const whole = input.className === 'CAutoAuthPrep' ? '' : Class === undefined ? '' : new Class(payload).toHex();
  if (payloadHex !== whole) throw new Error(`dftx: ${input.className}: the fields' bytes ${payloadHex} differ from the composer's ${whole}`);
  if (spans.map((span) => span.hex).join('') !== payloadHex) throw new Error(`dftx: ${input.className}: the spans do not cover the payload`);

  // The envelope as the SDK writes it, then read back by its codec and written again.
  const dftx: jt.DfTx<unknown> = { signature: jt.CDfTx.SIGNATURE, type: input.opCode, name: input.opName, data: payload };
  const envelope = new jt.CDfTx(dftx).toHex();
  if (envelope !== `44665478${input.opCode.toString(16).padStart(2, '0')}${payloadHex}`)
    throw new Error(`dftx: ${input.opName}: unexpected envelope ${envelope}`);
  const readBack = new jt.CDfTx(SmartBuffer.fromBuffer(Buffer.from(envelope, 'hex')));
  const read = readBack.toObject() as jt.DfTx<unknown>;
  if (read.type !== input.opCode || read.name !== input.opName) throw new Error(`dftx: ${input.opName} reads back as ${read.name}`);
  if (new jt.CDfTx(read).toHex() !== envelope) throw new Error(`dftx: ${input.opName}: the round trip changed the bytes`);

  const tx = await buildTransaction(input.opName, input.opCodesFunction, payload, input.builderCall);
  const output = tx.vout[0];
  if (output === undefined) throw new Error(`dftx: ${input.opName}: no output 0`);
  const scriptHex = jt.fromOPCodes(output.script.stack).toString('hex');
  if (!scriptHex.endsWith(envelope)) throw new Error(`dftx: ${input.opName}: output 0 does not carry the payload`);
  const txid = txidOf(tx);
  const results = nodeResults(input.opName, read.data, { txid, vout: tx.vout, height: 2147483647, votingPeriod: 130000 });
  return {
    payload: toExampleJson(read.data),
    payloadHex,
    spans,
    scriptHex,
    txid,
    txHex: new jt.CTransactionSegWit(tx).toHex(),
    decoded: nodeJson(
      input.decodeError === undefined
        ? { txid, type: input.nodeTypeName, valid: true, results }
        : { txid, type: input.nodeTypeName, valid: false, error: input.decodeError },
    ),
    notes: [],
  };
}
