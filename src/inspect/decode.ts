// The transaction inspector's decoder: a raw transaction, an output script or a DfTx payload, every byte named. The
// custom transaction layouts, the node's rules and the token symbols come from generated/inspect-data.json
// (contract/inspect-data.ts), so the page (src/components/Inspector) and the MCP server's decode_transaction tool
// read the same bytes the same way. Work is bounded by the input: every count and length is checked against the bytes
// that remain before anything is read or allocated, and no input makes it throw: an error names its byte offset.
import type { InspectData, InspectField, InspectType } from '../../contract/inspect-data';
import { scriptAddress, type NetworkName } from './address';
import { DecodeError, Reader, coinsToSatoshis, hashId, parseHex, satoshisToCoins, toHex } from './bytes';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A byte range and what it holds. */
export interface Span {
  offset: number;
  length: number;
  hex: string;
  /** The part it belongs to: `version`, `input 0`, `output 0`, `output 0 DfTx`, `locktime`. */
  group: string;
  /** The field: `prevout txid`, `value`, `fromScript`, `to[0].balances[0].amount`. */
  label: string;
  meaning: string;
  /** Where the custom transaction pages explain the field. */
  href?: string;
  /** How the node reads these bytes, where it reads them otherwise than the SDK writes them. */
  note?: string;
}

interface Check {
  rule: string;
  status: 'pass' | 'fail' | 'info';
  text: string;
  /** The node's source line the rule rests on. */
  at?: string;
}

interface DfTxReading {
  opCode: number;
  letter: string;
  /** The node's name of the type, or `unknown`. */
  name: string;
  /** The SDK's codec class, null for a type the SDK does not compose. */
  className: string | null;
  href: string;
  /** The fields as the SDK's codec reads them: amounts as decimal strings, scripts as `{ hex, address }`. */
  payload: Record<string, Json>;
  /** Bytes after the last field, which the node refuses. */
  excess: number;
}

interface ScriptReading {
  hex: string;
  kind: string;
  address?: string;
  /** Opcodes in order: a push with its data's hex. */
  ops: { name: string; hex?: string }[];
  dftx?: DfTxReading;
  /** A push that runs past the script's end, or a DfTx payload that does not read. */
  error?: { offset: number; message: string };
}

interface TransactionReading {
  version: number;
  segwit: boolean;
  inputs: { txid: string; vout: number; scriptHex: string; sequence: number; witness: string[] }[];
  outputs: { value: string; satoshis: string; tokenId: number; token?: string; script: ScriptReading }[];
  lockTime: number;
  txid: string;
  wtxid: string;
  size: number;
  vsize: number;
  weight: number;
  /** The fee in DFI, when every input's value was given. */
  fee?: string;
}

export interface Inspection {
  /** What the input was read as. */
  as: 'transaction' | 'script' | 'dftx';
  network: NetworkName;
  size: number;
  spans: Span[];
  transaction?: TransactionReading;
  script?: ScriptReading;
  dftx?: DfTxReading;
  checks: Check[];
  /** Why reading stopped: the spans show what was read before. */
  error?: { offset: number; message: string };
}

export interface InspectOptions {
  network?: NetworkName;
  /** Read the input as this; `auto` (the default) tells by its first bytes. */
  as?: 'auto' | 'transaction' | 'script' | 'dftx';
  /** A block height to test the type's activation against. */
  height?: number;
  /** The value in DFI of each input's prevout (by input index), for the fee. */
  inputValues?: readonly (string | undefined)[];
}

const MARKER = [0x44, 0x66, 0x54, 0x78];

const NAMED_OPS =
  'OP_1NEGATE OP_RESERVED OP_1 OP_2 OP_3 OP_4 OP_5 OP_6 OP_7 OP_8 OP_9 OP_10 OP_11 OP_12 OP_13 OP_14 OP_15 OP_16 OP_NOP OP_VER OP_IF OP_NOTIF ' +
  'OP_VERIF OP_VERNOTIF OP_ELSE OP_ENDIF OP_VERIFY OP_RETURN OP_TOALTSTACK OP_FROMALTSTACK OP_2DROP OP_2DUP OP_3DUP OP_2OVER OP_2ROT OP_2SWAP ' +
  'OP_IFDUP OP_DEPTH OP_DROP OP_DUP OP_NIP OP_OVER OP_PICK OP_ROLL OP_ROT OP_SWAP OP_TUCK OP_CAT OP_SUBSTR OP_LEFT OP_RIGHT OP_SIZE OP_INVERT ' +
  'OP_AND OP_OR OP_XOR OP_EQUAL OP_EQUALVERIFY OP_RESERVED1 OP_RESERVED2 OP_1ADD OP_1SUB OP_2MUL OP_2DIV OP_NEGATE OP_ABS OP_NOT OP_0NOTEQUAL ' +
  'OP_ADD OP_SUB OP_MUL OP_DIV OP_MOD OP_LSHIFT OP_RSHIFT OP_BOOLAND OP_BOOLOR OP_NUMEQUAL OP_NUMEQUALVERIFY OP_NUMNOTEQUAL OP_LESSTHAN ' +
  'OP_GREATERTHAN OP_LESSTHANOREQUAL OP_GREATERTHANOREQUAL OP_MIN OP_MAX OP_WITHIN OP_RIPEMD160 OP_SHA1 OP_SHA256 OP_HASH160 OP_HASH256 ' +
  'OP_CODESEPARATOR OP_CHECKSIG OP_CHECKSIGVERIFY OP_CHECKMULTISIG OP_CHECKMULTISIGVERIFY OP_NOP1 OP_CHECKLOCKTIMEVERIFY ' +
  'OP_CHECKSEQUENCEVERIFY OP_NOP4 OP_NOP5 OP_NOP6 OP_NOP7 OP_NOP8 OP_NOP9 OP_NOP10';
const OP_NAMES = NAMED_OPS.split(' ');

/** An opcode's name as the SDK's toOPCodes gives it (a push is OP_PUSHDATA). */
function opName(code: number): string {
  if (code === 0) return 'OP_0';
  if (code <= 0x4e) return 'OP_PUSHDATA';
  const named = OP_NAMES[code - 0x4f];
  if (named !== undefined) return named;
  if (code === 0xc0) return 'OP_SHA3';
  if (code === 0xff) return 'OP_INVALIDOPCODE';
  return `OP_UNMAPPED_CODE_${code}`;
}

/** Collects spans and hands out the reader's ranges. */
class Recorder {
  readonly spans: Span[] = [];
  constructor(readonly reader: Reader) {}

  /** Records the bytes read by `read`, under `group` and `label`. */
  field<T>(group: string, label: string, read: (reader: Reader) => T, meaning: (value: T) => string, href?: string): T {
    const start = this.reader.position;
    const value = read(this.reader);
    this.add(start, group, label, meaning(value), href);
    return value;
  }

  add(start: number, group: string, label: string, meaning: string, href?: string): void {
    const length = this.reader.position - start;
    if (length === 0) return;
    const span: Span = { offset: start, length, hex: toHex(this.reader.bytes.subarray(start, this.reader.position)), group, label, meaning };
    if (href !== undefined) span.href = href;
    this.spans.push(span);
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function reversedHex(bytes: Uint8Array): string {
  return toHex(Uint8Array.from(bytes).reverse());
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** A uint64 of satoshis as the SDK's BigNumber reads it divided by 10^8. */
function coins(satoshis: bigint): string {
  return satoshisToCoins(satoshis);
}

/** Reads the opcodes of a script held in bytes [start, end). */
function readOps(
  bytes: Uint8Array,
  start: number,
  end: number,
): { ops: { name: string; hex?: string; start: number; dataStart: number }[]; error?: DecodeError } {
  const reader = new Reader(bytes, start, end);
  const ops: { name: string; hex?: string; start: number; dataStart: number }[] = [];
  try {
    while (reader.remaining > 0) {
      const opStart = reader.position;
      const code = reader.uint8('opcode');
      if (code === 0 || code > 0x4e) {
        ops.push({ name: opName(code), start: opStart, dataStart: reader.position });
        continue;
      }
      const length =
        code <= 0x4b
          ? code
          : code === 0x4c
            ? reader.uint8('OP_PUSHDATA1 length')
            : code === 0x4d
              ? reader.uint16('OP_PUSHDATA2 length')
              : reader.uint32('OP_PUSHDATA4 length');
      const dataStart = reader.position;
      ops.push({ name: 'OP_PUSHDATA', hex: toHex(reader.take(length, `a push of ${length} bytes at byte ${opStart}`)), start: opStart, dataStart });
    }
  } catch (error) {
    if (error instanceof DecodeError) return { ops, error };
    throw error;
  }
  return { ops };
}

interface DfTxContext {
  data: InspectData;
  network: NetworkName;
  group: string;
  recorder: Recorder;
  /** A SetGovernanceHeight: its last 4 bytes are the activation height, which a variable's raw value leaves. */
  withHeight: boolean;
}

function tokenName(data: InspectData, id: number): string {
  const symbol = data.tokens[String(id)];
  return symbol === undefined ? `token ${id}` : `token ${id} (${symbol})`;
}

/** Reads one field by its encoding; records its spans; returns its value as the SDK's codec reads it. */
function readField(context: DfTxContext, structure: string, field: InspectField, path: string, target: Record<string, Json>, lengthFromEnd: number): void {
  const { recorder, data } = context;
  const reader = recorder.reader;
  const href = data.structures[structure]?.href;
  const name = field.names.join(', ');
  const label = path === '' ? name : `${path}.${name}`;
  const key = field.names[0] ?? name;
  const record = <T extends Json>(read: (r: Reader) => T, meaning: (value: T) => string): T => {
    const value = recorder.field(context.group, label, read, meaning, href);
    target[key] = value;
    return value;
  };
  const encoding = field.encoding;
  const isTokenField = /token/i.test(key) && !/amount|symbol|name/i.test(key);
  switch (encoding.kind) {
    case 'helper':
      switch (encoding.helper) {
        case 'uInt8':
          record((r) => r.uint8(label), String);
          return;
        case 'uInt16':
          record((r) => r.uint16(label), String);
          return;
        case 'int32':
          record((r) => r.int32(label), String);
          return;
        case 'uInt32':
          record(
            (r) => r.uint32(label),
            (value) => (isTokenField ? tokenName(data, value) : String(value)),
          );
          return;
        case 'uBool8':
          record(
            (r) => r.uint8(label) === 1,
            (value) => String(value),
          );
          return;
        case 'uBool32':
          record(
            (r) => r.uint32BE(label) === 1,
            (value) => String(value),
          );
          return;
        case 'bigNumberUInt64':
          record(
            (r) => r.uint64(label).toString(),
            (value) => value,
          );
          return;
        case 'satoshiAsBigNumber': {
          const start = reader.position;
          const satoshis = reader.uint64(label);
          target[key] = coins(satoshis);
          recorder.add(start, context.group, label, `${coins(satoshis)} (${satoshis} satoshis)`, href);
          return;
        }
        case 'maxPriceAsBigNumber': {
          const start = reader.position;
          const integer = reader.uint64(`${label} (integer)`);
          const fraction = reader.uint64(`${label} (fraction)`);
          const max = 9223372036854775807n;
          const value = integer === max && fraction === max ? max.toString() : addFraction(integer, fraction);
          target[key] = value;
          recorder.add(start, context.group, label, `${value}: integer ${integer}, fraction ${fraction} (×10⁻⁸)`, href);
          return;
        }
        case 'varInt':
          record(
            (r) => r.varInt(label),
            (value) => (isTokenField ? tokenName(data, value) : String(value)),
          );
          return;
        case 'compactSize':
          record((r) => r.compactSize(label), String);
          return;
        case 'compactSizeUtf8BE':
          record(
            (r) => utf8(r.lengthPrefixed(label)),
            (value) => JSON.stringify(value),
          );
          return;
        case 'compactSizeUtf8LE':
          record(
            (r) => utf8(Uint8Array.from(r.lengthPrefixed(label)).reverse()),
            (value) => JSON.stringify(value),
          );
          return;
        case 'compactSizeHex':
          record(
            (r) => toHex(r.lengthPrefixed(label)),
            (value) => `${value.length / 2} bytes`,
          );
          return;
        case 'compactSizeOptionalHex': {
          const start = reader.position;
          const bytes = reader.lengthPrefixed(label);
          if (bytes.length > 0) target[key] = toHex(bytes);
          recorder.add(start, context.group, label, bytes.length > 0 ? `${bytes.length} bytes` : 'none (length 0)', href);
          return;
        }
        default:
          throw new DecodeError(reader.position, `${label}: the inspector has no reader for the encoding ${encoding.helper}`);
      }
    case 'sized':
      switch (encoding.helper) {
        case 'hex':
          record(
            (r) => toHex(r.take(encoding.length, label)),
            (value) => `${value.length / 2} bytes`,
          );
          return;
        case 'hexBEBufferLE':
          record(
            (r) => reversedHex(r.take(encoding.length, label)),
            (value) => `${value}, bytes reversed`,
          );
          return;
        case 'optionalHex': {
          const start = reader.position;
          const bytes = reader.take(Math.min(encoding.length, reader.remaining - lengthFromEnd), label);
          if (bytes.length > 0) target[key] = toHex(bytes);
          recorder.add(start, context.group, label, bytes.length > 0 ? `${bytes.length} bytes` : 'absent', href);
          return;
        }
        case 'utf8BE':
          record(
            (r) => utf8(r.take(encoding.length, label)),
            (value) => JSON.stringify(value),
          );
          return;
        case 'utf8LE':
          record(
            (r) => utf8(Uint8Array.from(r.take(encoding.length, label)).reverse()),
            (value) => JSON.stringify(value),
          );
          return;
        case 'bitmask1Byte': {
          const start = reader.position;
          const byte = reader.uint8(label);
          const flags: string[] = [];
          field.names.forEach((flag, index) => {
            const on = ((byte >> (field.names.length - 1 - index)) & 1) === 1;
            target[flag] = on;
            flags.push(`${flag} ${on}`);
          });
          recorder.add(start, context.group, label, flags.join(', '), href);
          return;
        }
        default:
          throw new DecodeError(reader.position, `${label}: the inspector has no reader for the encoding ${encoding.helper}(${encoding.length})`);
      }
    case 'single':
      if (encoding.structure === 'CScript') {
        const start = reader.position;
        const script = readScriptValue(reader, label);
        target[key] = script.value;
        recorder.add(start, context.group, label, script.meaning(context.network), href);
        return;
      }
      target[key] = readStructure(context, encoding.structure, label, lengthFromEnd);
      return;
    case 'array': {
      const start = reader.position;
      const structure = data.structures[encoding.structure];
      const count = reader.count(label, minimumSize(data, encoding.structure, new Set()));
      recorder.add(start, context.group, `${label} (count)`, String(count), href);
      const items: Json[] = [];
      if (structure === undefined) throw new DecodeError(start, `${label}: no layout for ${encoding.structure}`);
      for (let index = 0; index < count; index += 1) items.push(readStructure(context, encoding.structure, `${label}[${index}]`, lengthFromEnd));
      target[key] = items;
      return;
    }
    case 'custom':
      readCustom(context, field, encoding.key, label, key, target, href);
      return;
  }
}

function addFraction(integer: bigint, fraction: bigint): string {
  // The SDK adds fraction / 10^8 to the integer part; a fraction of 10^8 or more carries into it.
  const total = integer * 100000000n + fraction;
  return satoshisToCoins(total);
}

/** The fewest bytes a structure takes: how a count is checked against the bytes that remain. */
function minimumSize(data: InspectData, className: string, seen: Set<string>): number {
  if (className === 'CScript') return 1;
  const structure = data.structures[className];
  if (structure === undefined || seen.has(className)) return 1;
  seen.add(className);
  let total = 0;
  for (const field of structure.fields) {
    const encoding = field.encoding;
    if (encoding.kind === 'helper') total += HELPER_MINIMUM[encoding.helper] ?? 0;
    else if (encoding.kind === 'sized') total += encoding.helper === 'bitmask1Byte' ? 1 : encoding.helper === 'optionalHex' ? 0 : encoding.length;
    else if (encoding.kind === 'single') total += minimumSize(data, encoding.structure, seen);
    else if (encoding.kind === 'array') total += 1;
  }
  seen.delete(className);
  return Math.max(1, total);
}

const HELPER_MINIMUM: Readonly<Record<string, number>> = {
  uInt8: 1,
  uInt16: 2,
  int32: 4,
  uInt32: 4,
  uBool8: 1,
  uBool32: 4,
  bigNumberUInt64: 8,
  satoshiAsBigNumber: 8,
  maxPriceAsBigNumber: 16,
  varInt: 1,
  compactSize: 1,
  compactSizeUtf8BE: 1,
  compactSizeUtf8LE: 1,
  compactSizeHex: 1,
  compactSizeOptionalHex: 1,
};

/** A script written as a compact-size length and its bytes: its hex, and its address when it has one. */
function readScriptValue(reader: Reader, label: string): { value: Json; meaning: (network: NetworkName) => string } {
  const bytes = reader.lengthPrefixed(label);
  const hex = toHex(bytes);
  return {
    value: { hex },
    meaning: (network) => {
      if (bytes.length === 0) return 'empty script';
      const read = scriptAddress(bytes, network);
      return read.address ?? `${read.kind} script`;
    },
  };
}

function readStructure(context: DfTxContext, className: string, path: string, lengthFromEnd: number): Record<string, Json> {
  const structure = context.data.structures[className];
  if (structure === undefined) throw new DecodeError(context.recorder.reader.position, `${path}: no layout for ${className}`);
  const value: Record<string, Json> = {};
  for (const field of structure.fields) readField(context, className, field, path, value, lengthFromEnd);
  return value;
}

/** The composers the codec writes by hand, by the model's key (`CPoolCreatePair#6`: the class and the field's index). */
function readCustom(
  context: DfTxContext,
  field: InspectField,
  key: string,
  label: string,
  name: string,
  target: Record<string, Json>,
  href: string | undefined,
): void {
  const { recorder } = context;
  const reader = recorder.reader;
  const start = reader.position;
  const kind = key.replace(/#\d+$/, '');
  switch (kind) {
    case 'CScript':
      throw new DecodeError(start, `${label}: a script is read in place`);
    case 'CTransferDomainItem': {
      const bytes = reader.lengthPrefixed(label);
      target[name] = toHex(bytes);
      recorder.add(start, context.group, label, bytes.length === 0 ? 'no data' : `${bytes.length} bytes`, href);
      return;
    }
    case 'CCreateMasternode': {
      if (reader.remaining > 0) {
        target[name] = reader.uint16(label);
        recorder.add(start, context.group, label, String(target[name]), href);
      }
      return;
    }
    case 'CPoolCreatePair':
    case 'CPoolUpdatePair': {
      if (reader.remaining === 0) return;
      const count = reader.count(label, 12);
      recorder.add(start, context.group, `${label} (count)`, String(count), href);
      const items: Json[] = [];
      for (let index = 0; index < count; index += 1) items.push(readStructure(context, 'CTokenBalance', `${label}[${index}]`, 0));
      target[name] = items;
      return;
    }
    case 'CDeFiOpUnmapped': {
      const bytes = reader.take(reader.remaining, label);
      target[name] = toHex(bytes);
      recorder.add(start, context.group, label, `${bytes.length} bytes the SDK does not read`, href);
      return;
    }
    case 'CSetGovernance':
    case 'CSetGovernanceHeight': {
      const withHeight = kind === 'CSetGovernanceHeight';
      const items: Json[] = [];
      let index = 0;
      while (reader.remaining > (withHeight ? 4 : 0)) {
        const before = reader.position;
        items.push(readStructure(context, withHeight ? 'CGovernanceVarWithHeight' : 'CGovernanceVarWithoutHeight', `${label}[${index}]`, withHeight ? 4 : 0));
        if (reader.position === before) throw new DecodeError(before, `${label}[${index}] reads no bytes`);
        index += 1;
      }
      target[name] = items;
      return;
    }
    case 'CGovernanceVar': {
      const keyName = target.key;
      if (keyName === 'LP_DAILY_DFI_REWARD') {
        const satoshis = reader.uint64(label);
        target[name] = coins(satoshis);
        recorder.add(start, context.group, label, `${coins(satoshis)} DFI (${satoshis} satoshis)`, href);
      } else if (keyName === 'LP_SPLITS') {
        const count = reader.uint8(`${label} (count)`);
        if (count * 12 > reader.remaining)
          throw new DecodeError(start, `${label} count ${count} at byte ${start} needs ${count * 12} bytes, ${reader.remaining} remain`);
        recorder.add(start, context.group, `${label} (count)`, String(count), href);
        const items: Json[] = [];
        for (let index = 0; index < count; index += 1) items.push(readStructure(context, 'CLiqPoolSplit', `${label}[${index}]`, 0));
        target[name] = items;
      } else {
        const bytes = reader.take(Math.max(0, reader.remaining - (context.withHeight ? 4 : 0)), label);
        target[name] = toHex(bytes);
        recorder.add(start, context.group, label, `${bytes.length} bytes`, href);
      }
      return;
    }
    default:
      throw new DecodeError(start, `${label}: the inspector has no reader for ${key}`);
  }
}

/**
 * Notes on the payload's spans where the node reads the bytes otherwise than the SDK writes them (the node's layout,
 * generator/node-rules/dftx-rules.json): the node's reading, when the two coincide, and the node's source line.
 */
function noteNodeDifferences(type: InspectType, spans: Span[]): void {
  for (const difference of type.nodeDifferences)
    for (const span of spans) {
      const keys = (span.label.split(/[.[]| \(/)[0] ?? '').split(', ');
      if (keys.some((key) => difference.fields.includes(key)))
        span.note = `How the node reads it (${difference.at}): ${difference.node}. ${difference.coincide}`;
    }
}

/** Reads `DfTx`, the type byte and the payload from bytes [start, end); spans under `group`. */
function readDfTx(recorder: Recorder, data: InspectData, network: NetworkName, group: string, end: number): DfTxReading {
  const reader = recorder.reader;
  const markerStart = reader.position;
  const marker = reader.take(4, 'the DfTx marker');
  if (!MARKER.every((byte, index) => marker[index] === byte))
    throw new DecodeError(markerStart, `wrong marker at byte ${markerStart}: ${toHex(marker)} is not 44665478 ("DfTx")`);
  recorder.add(markerStart, group, 'marker', '"DfTx"', data.envelopeHref);
  const typeStart = reader.position;
  const opCode = reader.uint8('the type byte');
  const letter = String.fromCharCode(opCode);
  const type: InspectType | undefined = data.types.find((candidate) => candidate.opCode === opCode);
  const unmapped = data.unmapped.find((entry) => entry.letter === letter);
  const name = type?.name ?? unmapped?.name ?? 'unknown';
  recorder.add(
    typeStart,
    group,
    'type',
    `0x${opCode.toString(16).padStart(2, '0')} "${letter}": ${type === undefined ? (unmapped === undefined ? 'a type the node does not know' : `${name}, a node type the SDK does not compose`) : `${name} (${type.className})`}`,
    type?.href ?? data.envelopeHref,
  );
  const payload: Record<string, Json> = {};
  const sub = new Reader(reader.bytes, reader.position, end);
  const inner = new Recorder(sub);
  const innerContext: DfTxContext = { data, network, group, recorder: inner, withHeight: type?.className === 'CSetGovernanceHeight' };
  try {
    if (type === undefined) {
      const bytes = sub.take(sub.remaining, 'payload');
      payload.hex = toHex(bytes);
      inner.add(typeStart + 1, group, 'hex', `${bytes.length} bytes the SDK does not read`, data.envelopeHref);
    } else {
      Object.assign(payload, readStructure(innerContext, type.className, '', 0));
    }
  } finally {
    if (type !== undefined) noteNodeDifferences(type, inner.spans);
    recorder.spans.push(...inner.spans);
    reader.position = sub.position;
  }
  return { opCode, letter, name, className: type?.className ?? null, href: type?.href ?? data.envelopeHref, payload, excess: end - sub.position };
}

/** Reads an output script in bytes [start, end): its ops, address, and its DfTx message if it carries one. */
function readScript(recorder: Recorder, data: InspectData, network: NetworkName, group: string, start: number, end: number): ScriptReading {
  const bytes = recorder.reader.bytes.subarray(start, end);
  const read = scriptAddress(bytes, network);
  const parsed = readOps(recorder.reader.bytes, start, end);
  const reading: ScriptReading = {
    hex: toHex(bytes),
    kind: read.kind,
    ops: parsed.ops.map((op) => (op.hex === undefined ? { name: op.name } : { name: op.name, hex: op.hex })),
  };
  if (read.address !== undefined) reading.address = read.address;
  if (parsed.error !== undefined) reading.error = { offset: parsed.error.offset, message: parsed.error.message };
  const push = parsed.ops[1];
  if (parsed.ops[0]?.name === 'OP_RETURN' && push?.hex?.startsWith('44665478') === true) {
    const pushEnd = push.dataStart + push.hex.length / 2;
    const local = new Reader(recorder.reader.bytes, start, end);
    const pushRecorder = new Recorder(local);
    local.position = start;
    local.uint8('OP_RETURN');
    pushRecorder.add(start, `${group} DfTx`, 'OP_RETURN', 'OP_RETURN: the output cannot be spent', data.envelopeHref);
    const opStart = local.position;
    local.position = push.dataStart;
    pushRecorder.add(opStart, `${group} DfTx`, 'push', `a push of ${push.hex.length / 2} bytes`, data.envelopeHref);
    reading.kind = 'DfTx';
    try {
      reading.dftx = readDfTx(pushRecorder, data, network, `${group} DfTx`, pushEnd);
      if (reading.dftx.excess > 0) {
        local.position = pushEnd - reading.dftx.excess;
        local.position = pushEnd;
        pushRecorder.add(pushEnd - reading.dftx.excess, `${group} DfTx`, 'excess', `${reading.dftx.excess} bytes after the last field`);
      }
      if (pushEnd < end) {
        local.position = end;
        pushRecorder.add(pushEnd, `${group} DfTx`, 'after the push', 'opcodes after the DfTx push');
      }
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      reading.error = { offset: error.offset, message: error.message };
    }
    recorder.spans.push(...pushRecorder.spans);
    return reading;
  }
  const opRecorder = new Recorder(new Reader(recorder.reader.bytes, start, end));
  if (reading.address !== undefined) {
    opRecorder.reader.position = end;
    opRecorder.add(start, group, `script (${reading.kind})`, reading.address);
  } else
    parsed.ops.forEach((op, index) => {
      opRecorder.reader.position = parsed.ops[index + 1]?.start ?? (op.hex === undefined ? op.dataStart : op.dataStart + op.hex.length / 2);
      opRecorder.add(op.start, group, op.name, op.hex === undefined ? op.name : `a push of ${op.hex.length / 2} bytes`);
    });
  recorder.spans.push(...opRecorder.spans);
  return reading;
}

function fail(error: unknown): { offset: number; message: string } {
  if (error instanceof DecodeError) return { offset: error.offset, message: error.message };
  return { offset: 0, message: `the input could not be read: ${error instanceof Error ? error.message : String(error)}` };
}

function guess(bytes: Uint8Array): 'transaction' | 'script' | 'dftx' {
  if (MARKER.every((byte, index) => bytes[index] === byte)) return 'dftx';
  if (bytes.length >= 10 && (bytes[0] ?? 0) >= 1 && (bytes[0] ?? 0) <= 4 && bytes[1] === 0 && bytes[2] === 0 && bytes[3] === 0) return 'transaction';
  return 'script';
}

function readTransaction(recorder: Recorder, data: InspectData, network: NetworkName, options: InspectOptions): TransactionReading {
  const reader = recorder.reader;
  const version = recorder.field(
    'version',
    'version',
    (r) => r.uint32('version'),
    (value) => `${value}${value >= 4 ? ': outputs carry a token id' : ''}`,
  );
  let segwit = false;
  if (reader.remaining > 0 && reader.bytes[reader.position] === 0) {
    const markerStart = reader.position;
    reader.uint8('segwit marker');
    const flag = reader.uint8('segwit flag');
    if (flag !== 1)
      throw new DecodeError(
        markerStart + 1,
        `wrong segwit flag at byte ${markerStart + 1}: 0x${flag.toString(16).padStart(2, '0')}, expected 01 after the marker 00`,
      );
    recorder.add(markerStart, 'segwit', 'marker and flag', '00 01: the inputs carry witnesses');
    segwit = true;
  }
  const baseParts: [number, number][] = [[0, 4]];
  const inputsStart = reader.position;
  const inputCount = recorder.field(
    'inputs',
    'input count',
    (r) => r.count('input', 41),
    (value) => plural(value, 'input'),
  );
  const inputs: TransactionReading['inputs'] = [];
  for (let index = 0; index < inputCount; index += 1) {
    const group = `input ${index}`;
    const txid = recorder.field(
      group,
      'prevout txid',
      (r) => reversedHex(r.take(32, `input ${index} prevout txid`)),
      () => 'the transaction spent, bytes reversed',
    );
    const vout = recorder.field(
      group,
      'prevout index',
      (r) => r.uint32(`input ${index} prevout index`),
      (value) => `output ${value} of it`,
    );
    const script = recorder.field(
      group,
      'script',
      (r) => r.lengthPrefixed(`input ${index} script`),
      (value) => (value.length === 0 ? 'empty (the signature is in the witness)' : `${value.length} bytes`),
    );
    const sequence = recorder.field(
      group,
      'sequence',
      (r) => r.uint32(`input ${index} sequence`),
      (value) => `0x${value.toString(16).padStart(8, '0')}`,
    );
    inputs.push({ txid, vout, scriptHex: toHex(script), sequence, witness: [] });
  }
  const outputCount = recorder.field(
    'outputs',
    'output count',
    (r) => r.count('output', version >= 4 ? 10 : 9),
    (value) => plural(value, 'output'),
  );
  const outputs: TransactionReading['outputs'] = [];
  for (let index = 0; index < outputCount; index += 1) {
    const group = `output ${index}`;
    const satoshis = recorder.field(
      group,
      'value',
      (r) => r.uint64(`output ${index} value`),
      (value) => `${coins(value)} DFI (${value} satoshis)`,
    );
    const lengthStart = reader.position;
    const length = reader.compactSize(`output ${index} script length`);
    if (length > reader.remaining)
      throw new DecodeError(lengthStart, `output ${index} script length ${length} at byte ${lengthStart} runs past the end: ${reader.remaining} bytes remain`);
    recorder.add(lengthStart, group, 'script length', `${length} bytes`);
    const scriptStart = reader.position;
    reader.take(length, `output ${index} script`);
    const script = readScript(recorder, data, network, group, scriptStart, scriptStart + length);
    reader.position = scriptStart + length;
    let tokenId = 0;
    if (version >= 4)
      tokenId = recorder.field(
        group,
        'token id',
        (r) => r.varInt(`output ${index} token id`),
        (value) => tokenName(data, value),
      );
    const output: TransactionReading['outputs'][number] = { value: coins(satoshis), satoshis: satoshis.toString(), tokenId, script };
    const symbol = data.tokens[String(tokenId)];
    if (symbol !== undefined) output.token = symbol;
    outputs.push(output);
  }
  const outputsEnd = reader.position;
  baseParts.push([inputsStart, outputsEnd]);
  if (segwit) {
    for (let index = 0; index < inputCount; index += 1) {
      const group = `input ${index} witness`;
      const count = recorder.field(
        group,
        'item count',
        (r) => r.count(`input ${index} witness item`, 1),
        (value) => plural(value, 'item'),
      );
      for (let item = 0; item < count; item += 1) {
        const bytes = recorder.field(
          group,
          `item ${item}`,
          (r) => r.lengthPrefixed(`input ${index} witness item ${item}`),
          (value) => witnessMeaning(value),
        );
        inputs[index]?.witness.push(toHex(bytes));
      }
    }
  }
  const lockStart = reader.position;
  const lockTime = recorder.field(
    'locktime',
    'locktime',
    (r) => r.uint32('locktime'),
    (value) => (value === 0 ? '0: no lock' : value < 500000000 ? `block ${value}` : `time ${value}`),
  );
  baseParts.push([lockStart, reader.position]);
  if (reader.remaining > 0)
    throw new DecodeError(reader.position, `${plural(reader.remaining, 'trailing byte')} after the locktime, from byte ${reader.position}`);
  const size = reader.bytes.length;
  const base = new Uint8Array(baseParts.reduce((total, [from, to]) => total + to - from, 0));
  let at = 0;
  for (const [from, to] of baseParts) {
    base.set(reader.bytes.subarray(from, to), at);
    at += to - from;
  }
  const weight = base.length * 3 + size;
  const reading: TransactionReading = {
    version,
    segwit,
    inputs,
    outputs,
    lockTime,
    txid: hashId(base),
    wtxid: hashId(reader.bytes),
    size,
    vsize: Math.ceil(weight / 4),
    weight,
  };
  const values = (options.inputValues ?? []).map((value) => (value === undefined ? undefined : coinsToSatoshis(value)));
  if (inputs.length > 0 && inputs.every((_, index) => values[index] !== undefined)) {
    const totalIn = values.slice(0, inputs.length).reduce<bigint>((total, value) => total + (value ?? 0n), 0n);
    const totalOut = outputs.filter((output) => output.tokenId === 0).reduce((total, output) => total + BigInt(output.satoshis), 0n);
    reading.fee = coins(totalIn - totalOut);
  }
  return reading;
}

function witnessMeaning(bytes: Uint8Array): string {
  if (bytes.length === 33 && (bytes[0] === 2 || bytes[0] === 3)) return 'compressed public key';
  if (bytes.length >= 9 && bytes.length <= 73 && bytes[0] === 0x30)
    return `signature (DER) and sighash type 0x${(bytes[bytes.length - 1] ?? 0).toString(16).padStart(2, '0')}`;
  return `${bytes.length} bytes`;
}

/** Leaf values of a payload with their paths, array indexes as `[]`: how an enumerated field is found. */
type Leaf = { path: string; value: string | number | boolean | null };
function leaves(value: Json, path: string, into: Leaf[]): void {
  if (Array.isArray(value)) value.forEach((item) => leaves(item, `${path}[]`, into));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) leaves(item, path === '' ? key : `${path}.${key}`, into);
  else into.push({ path, value });
}

/** The node's rules for the type, checked against what the transaction holds. */
function ruleChecks(data: InspectData, dftx: DfTxReading, transaction: TransactionReading | undefined, network: NetworkName, options: InspectOptions): Check[] {
  const checks: Check[] = [];
  const type = data.types.find((candidate) => candidate.opCode === dftx.opCode);
  if (type === undefined) {
    const unmapped = data.unmapped.find((entry) => entry.letter === dftx.letter);
    checks.push({
      rule: 'type',
      status: unmapped === undefined ? 'fail' : 'info',
      text:
        unmapped === undefined
          ? `The type byte 0x${dftx.opCode.toString(16).padStart(2, '0')} is not a type of the node: since Fort Canning the node refuses it as a Reject type.`
          : `${unmapped.name} is a type of the node that the SDK does not compose: its bytes are shown as they are.`,
    });
    return checks;
  }
  const networkName = network === 'regtest' ? 'testnet' : network;
  const fork = type.activation.fork === null ? undefined : data.forks[type.activation.fork];
  const height = fork?.[networkName];
  if (height === undefined) checks.push({ rule: 'activation', status: 'info', text: type.activation.text, at: type.activation.at });
  else if (options.height === undefined)
    checks.push({ rule: 'activation', status: 'info', text: `${type.activation.text} On ${networkName}: from block ${height}.`, at: type.activation.at });
  else
    checks.push({
      rule: 'activation',
      status: options.height >= height ? 'pass' : 'fail',
      text: `${type.activation.text} On ${networkName} from block ${height}; the height given is ${options.height}.`,
      at: type.activation.at,
    });
  if (type.refusedAfter !== null) checks.push({ rule: 'refused', status: 'info', text: type.refusedAfter.text, at: type.refusedAfter.at });
  const output0 = transaction?.outputs[0];
  if (type.outputs.rule === 'value-zero' && output0 !== undefined)
    checks.push({
      rule: 'output 0 value',
      status: output0.satoshis === '0' ? 'pass' : 'fail',
      text: `${type.outputs.text} Output 0 carries ${output0.value} DFI.`,
      at: type.outputs.at,
    });
  else
    checks.push({
      rule: 'outputs',
      status: 'info',
      text: output0 === undefined ? type.outputs.text : `${type.outputs.text} Output 0 carries ${output0.value} DFI.`,
      at: type.outputs.at,
    });
  checks.push({ rule: 'sender', status: 'info', text: `The node requires proof of: ${type.sender.text}`, at: type.sender.at });
  const values: Leaf[] = [];
  leaves(dftx.payload, '', values);
  for (const entry of type.enums) {
    const found = values.filter((leaf) => leaf.path === entry.field || leaf.path.endsWith(`.${entry.field}`));
    for (const leaf of found) {
      // Flags (`emergency (bit 0)`): any combination of the listed bits, none set included.
      const flags = entry.values.every((allowed) => /\(bit \d+\)/.test(allowed.meaning));
      const mask = entry.values.reduce((bits, allowed) => bits | Number(allowed.value), 0);
      const match = flags
        ? typeof leaf.value === 'number' && (leaf.value & ~mask) === 0
          ? {
              meaning:
                leaf.value === 0
                  ? 'no flag set'
                  : entry.values
                      .filter((allowed) => (leaf.value as number) & Number(allowed.value))
                      .map((allowed) => allowed.meaning)
                      .join(', '),
            }
          : undefined
        : entry.values.find((allowed) => allowed.value === String(leaf.value));
      checks.push({
        rule: `${entry.field} in range`,
        status: match === undefined ? 'fail' : 'pass',
        text:
          match === undefined
            ? `${leaf.path} is ${String(leaf.value)}: the node accepts ${entry.values.map((allowed) => allowed.value).join(', ')}.`
            : `${leaf.path} is ${String(leaf.value)}: ${match.meaning}`,
      });
    }
  }
  if (dftx.excess > 0)
    checks.push({
      rule: 'payload length',
      status: 'fail',
      text: `${plural(dftx.excess, 'byte')} follow the last field: the node refuses a message with bytes left over.`,
    });
  if (type.decodeError !== null)
    checks.push({ rule: 'decodecustomtx', status: 'info', text: `The node's decodecustomtx shows no fields for it: ${type.decodeError}` });
  if (transaction !== undefined) {
    transaction.outputs.forEach((output, index) => {
      if (index > 0 && output.script.dftx !== undefined)
        checks.push({
          rule: 'DfTx in output 0 only',
          status: 'fail',
          text: `Output ${index} carries a DfTx message too: since Fort Canning the node refuses the transaction.`,
        });
    });
    const script = transaction.outputs[0]?.script;
    if (script !== undefined && script.ops.length > 2)
      checks.push({
        rule: 'nothing after the push',
        status: 'fail',
        text: 'Opcodes follow the DfTx push in output 0: since Fort Canning the node refuses the transaction.',
      });
  }
  return checks;
}

/**
 * Reads `text` (hex of a raw transaction, an output script or a DfTx payload: `0x`, spaces and line breaks allowed)
 * and names every byte. Never throws: what cannot be read is `error`, with the byte offset where reading stopped.
 */
export function inspect(text: string, data: InspectData, options: InspectOptions = {}): Inspection {
  const network = options.network ?? 'mainnet';
  let bytes: Uint8Array;
  try {
    bytes = parseHex(text);
  } catch (error) {
    return { as: 'transaction', network, size: 0, spans: [], checks: [], error: fail(error) };
  }
  const as = options.as === undefined || options.as === 'auto' ? guess(bytes) : options.as;
  const recorder = new Recorder(new Reader(bytes));
  const result: Inspection = { as, network, size: bytes.length, spans: recorder.spans, checks: [] };
  try {
    if (as === 'transaction') {
      result.transaction = readTransaction(recorder, data, network, options);
      const dftx = result.transaction.outputs[0]?.script.dftx;
      if (dftx !== undefined) {
        result.dftx = dftx;
        result.checks = ruleChecks(data, dftx, result.transaction, network, options);
      }
      const scriptError = result.transaction.outputs.find((output) => output.script.error !== undefined)?.script.error;
      if (scriptError !== undefined) result.error = scriptError;
    } else if (as === 'script') {
      result.script = readScript(recorder, data, network, 'script', 0, bytes.length);
      if (result.script.error !== undefined) result.error = result.script.error;
      if (result.script.dftx !== undefined) {
        result.dftx = result.script.dftx;
        result.checks = ruleChecks(data, result.script.dftx, undefined, network, options);
      }
    } else {
      result.dftx = readDfTx(recorder, data, network, 'DfTx', bytes.length);
      if (result.dftx.excess > 0) {
        recorder.reader.position = bytes.length;
        recorder.add(bytes.length - result.dftx.excess, 'DfTx', 'excess', `${result.dftx.excess} bytes after the last field`);
      }
      result.checks = ruleChecks(data, result.dftx, undefined, network, options);
    }
  } catch (error) {
    result.error = fail(error);
  }
  result.spans.sort((a, b) => a.offset - b.offset);
  return result;
}
