// The model of the DeFi custom transaction format (generated/custom-tx-model.json): the types of
// @defichain/jellyfish-transaction's DfTx codec, their field layouts as its composers write them, an example of each
// composed and read back by the SDK, what the node's decodecustomtx shows for it, and what the node requires of it
// (generator/node-rules/dftx-rules.json: forks, outputs, sender, enumerated values, its own layout). Extractors fill it
// (generator/extract/sdk/dftx-*.ts); the custom transaction pages (generator/render/custom-tx-page.ts) read it.
import type { PackageInfo } from './types';

/**
 * How a composer writes one field: the name of jellyfish-buffer's ComposableBuffer helper it calls, with the
 * arguments that shape the bytes (a fixed length, a nested structure), or a composer written inline in the class.
 */
export type FieldEncoding =
  /** A helper without shaping arguments: uInt8, uInt16, int32, uInt32, uBool8, uBool32, bigNumberUInt64,
   * satoshiAsBigNumber, varInt, compactSize, maxPriceAsBigNumber, compactSizeUtf8BE, compactSizeUtf8LE,
   * compactSizeHex, compactSizeOptionalHex. */
  | { kind: 'helper'; helper: string }
  /** A helper with a fixed byte length: hex, hexBEBufferLE, optionalHex, utf8LE, utf8BE, bitmask1Byte (its bit count). */
  | { kind: 'sized'; helper: string; length: number }
  /** One nested structure (`ComposableBuffer.single`), written in place. */
  | { kind: 'single'; structure: string }
  /** A compact-size count, then that many nested structures (`ComposableBuffer.compactSizeArray`). */
  | { kind: 'array'; structure: string }
  /** A `{ fromBuffer, toBuffer }` object written in the class: described by hand, held to its code by a fingerprint. */
  | { kind: 'custom'; key: string; summary: string; width: string; detail: string };

export interface LayoutField {
  /** The property of the payload object the composer reads (`fromScript`); several for a bitmask. */
  names: string[];
  encoding: FieldEncoding;
}

/** A class of the codec that composes a payload or a part of one (CPoolSwap, CScriptBalances). */
export interface CodecStructure {
  className: string;
  /** The TypeScript interface the class composes (`ComposableBuffer<PoolSwap>`), when it names one. */
  interfaceName: string | null;
  /** Module file of the package, without extension: `script/dftx/dftx_pool`. */
  module: string;
  /** Line of the class in the repository's sources (from the declaration map), for the source link. */
  sourcePath: string;
  sourceLine: number | null;
  /** The class it inherits its composers from, when it declares none (CCreateCfp from CCreateProposal). */
  inheritsFrom: string | null;
  fields: LayoutField[];
}

/** One byte range of an example, as the composer wrote it. */
export interface ByteSpan {
  /** Offset in the payload (after the type byte). */
  offset: number;
  hex: string;
  /** The field it holds: `to[0].balances[0].amount`; `to (count)` for an array's compact-size count. */
  path: string;
  /** What the bytes stand for, in words: `BigNumber 5` for an amount, the address of a script. */
  meaning: string;
}

/** Values of an example, for the pages: JSON with BigNumber as strings and scripts as their hex and address. */
export type ExampleJson = string | number | boolean | null | ExampleJson[] | { [key: string]: ExampleJson };

export interface CustomTxExample {
  /** The payload object as the SDK's composer reads it back from the bytes (scripts with their address). */
  payload: ExampleJson;
  /** The payload bytes, after the type byte. */
  payloadHex: string;
  spans: ByteSpan[];
  /** The whole output script: OP_RETURN, the push, `DfTx`, the type byte and the payload. */
  scriptHex: string;
  /** A transaction that carries it, built and signed by the SDK's builder (its txid and size). */
  txid: string;
  txHex: string;
  /** What the node's decodecustomtx answers for that transaction, as JSON text with the node's number formatting. */
  decoded: string;
  /** Sentences about the example's values. */
  notes: string[];
}

/** A builder method that composes the type: `builder.<group>.<method>`. */
export interface BuilderCall {
  group: string;
  method: string;
}

/** A node RPC that creates the same transaction from the node's wallet: the api-core category and method. */
export interface RpcCall {
  category: string;
  method: string;
  /** The node's RPC name (`poolswap`). */
  rpc: string;
}

/** A place in the node's sources (DeFiCh/ain at the pinned tag). */
export interface AinSource {
  path: string;
  line: number;
}

/** Facts from the node's sources about one type. */
export interface AinTypeFacts {
  /** `CustomTxType` member: `PoolSwap`. */
  enumName: string;
  enumAt: AinSource;
  /** What decodecustomtx and getcustomtx print as `type` (ToString(CustomTxType)). */
  rpcName: string;
  rpcNameAt: AinSource;
  /** The operator of the node's RPC visitor that writes `results` (src/dfi/rpc_customtx.cpp). */
  resultsAt: AinSource | null;
  /** Where the node applies it (the consensus visitor). */
  consensusAt: AinSource | null;
}

/** A line of the node's sources: path, line number and the line's text at the pinned tag. */
export interface NodeCite {
  path: string;
  line: number;
  text: string;
}

/** A sentence about the node's behaviour and the lines it rests on. */
export interface NodeFact {
  text: string;
  at: NodeCite[];
}

/** A fork (network upgrade) and its height on mainnet and testnet (src/chainparams.cpp). */
interface NodeFork {
  /** Consensus field: `DF8EunosHeight`. */
  field: string;
  mainnet: NodeCite & { height: number };
  testnet: NodeCite & { height: number };
}

/** One field as the node reads it, beside the SDK composer's fields that write the same part. */
export interface NodeLayoutRow {
  /** The field in the node's message (`poolId`). */
  node: string;
  /** Its bytes in the words of generator/node-rules/README.md (`int32le`, `varint`, `script`, `[…]`). */
  nodeWire: string;
  /** The SDK fields (payload properties) that write it. */
  sdk: string[];
  sdkWire: string;
  same: boolean;
  at: NodeCite;
}

/** Where the node's bytes and the SDK's differ, in words. */
export interface NodeLayoutDifference {
  field: string;
  node: string;
  sdk: string;
  /** For which values the bytes coincide. */
  coincide: string;
  at: NodeCite[];
}

/** What the node requires of one type (generator/node-rules/dftx-rules.json). */
export interface NodeTypeRules {
  enumName: string;
  /** The class the node reads the payload into; null when it reads none. */
  message: string | null;
  handledAs: NodeFact | null;
  /** The fork it is accepted from (a key of CustomTxReference.node.forks), null when no fork gates it. */
  activation: { fork: string | null; text: string; at: NodeCite[] };
  refusedAfter: NodeFact | null;
  gates: NodeFact[];
  /** `value-zero`: CheckCustomTx (for EvmTx, the node's test for an EVM transaction); `fee`: output 0 carries a fee (and output 1 a collateral for some); `burnt`: output 0's value is converted; `none`. */
  outputs: { rule: 'value-zero' | 'fee' | 'burnt' | 'none'; text: string; at: NodeCite[] };
  sender: NodeFact;
  enums: { field: string; values: { value: string; meaning: string }[]; at: NodeCite[] }[];
  layout: { rows: NodeLayoutRow[]; differences: NodeLayoutDifference[] };
  /** What decodecustomtx says of it: valid, or the error it prints instead of `results`. */
  decode: { valid: true } | { valid: false; error: string; at: NodeCite[] };
}

/** The node's rules around every type: the envelope, the forks, decodecustomtx's height. */
export interface NodeRules {
  repositoryUrl: string;
  tag: string;
  forks: Record<string, NodeFork>;
  envelope: (NodeFact & { key: string })[];
  decode: NodeFact;
}

export interface CustomTxType {
  className: string;
  /** The byte after `DfTx`: 0x73. */
  opCode: number;
  /** The same byte as a character: `s`. */
  letter: string;
  /** `OP_DEFI_TX_POOL_SWAP`. */
  opName: string;
  /** The OP_CODES function that wraps a payload of this type into an OP_DEFI_TX. */
  opCodesFunction: string | null;
  /** Page family (accounts, dex, tokens ...). */
  family: string;
  builderCalls: BuilderCall[];
  rpcCalls: RpcCall[];
  ain: AinTypeFacts | null;
  /** The node's rules for it, from its sources. */
  node: NodeTypeRules;
  example: CustomTxExample;
}

export interface CustomTxFamily {
  /** Slug of the family's page: `/ecosystem/custom-transactions/<name>`. */
  name: string;
  title: string;
  summary: string;
}

export interface CustomTxReference {
  package: PackageInfo;
  /** The node's sources the facts come from: repository URL and tag. */
  ain: { repositoryUrl: string; tag: string };
  node: NodeRules;
  /** `DfTx` as a big-endian uint32: 0x44665478. */
  signature: number;
  families: CustomTxFamily[];
  /** In the order of the codec's switch (CDfTx.data). */
  types: CustomTxType[];
  /** Every class a type's layout refers to, by class name (the types' own classes included). */
  structures: Record<string, CodecStructure>;
  /** What each jellyfish-buffer helper writes, by helper name. */
  encodings: Record<string, { width: string; description: string }>;
  /** Node types the SDK does not compose: the SDK reads them as OP_DEFI_TX_UNMAPPED. */
  unmapped: { letter: string; enumName: string; at: AinSource }[];
  /** Every method of the builder's groups (the 54 besides createDeFiTx). */
  builderMethods: BuilderCall[];
}
