// The node's rules for each custom transaction type (generator/node-rules/dftx-rules.json, derived from DeFiCh/ain by
// scripts/derive-dftx-rules.ts), and the comparison of the layout the node reads with the one the SDK's composers
// write: both put into the same words for bytes (generator/node-rules/README.md), field by field. A difference the
// data does not explain, or an explanation of fields that do not differ, stops the extraction.
import fs from 'node:fs';
import path from 'node:path';
import type { CodecStructure, FieldEncoding, NodeCite, NodeFact, NodeLayoutDifference, NodeLayoutRow, NodeRules, NodeTypeRules } from '../../model/custom-tx';

export const NODE_RULES_FILE = path.join('generator', 'node-rules', 'dftx-rules.json');

/** A type as the data file holds it. */
export interface NodeRulesFileType {
  enumName: string;
  enumAt: NodeCite;
  message: string | null;
  handledAs?: NodeFact;
  activation: NodeTypeRules['activation'];
  refusedAfter: NodeFact | null;
  gates: NodeFact[];
  outputs: NodeTypeRules['outputs'];
  sender: NodeFact;
  enums: NodeTypeRules['enums'];
  layout: { fields: { name: string; wire: string; sdk: string[]; at: NodeCite }[]; differences: NodeLayoutDifference[] };
}

export interface NodeRulesFile extends NodeRules {
  decode: NodeFact & { invalid: Record<string, { error: string; at: NodeCite[] }> };
  types: Record<string, NodeRulesFileType>;
}

export function readNodeRules(file: string = NODE_RULES_FILE): NodeRulesFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as NodeRulesFile;
}

/** The bytes each jellyfish-buffer helper writes, in the data file's words. */
const HELPER_WIRE: Readonly<Record<string, string>> = {
  uInt8: 'byte',
  uBool8: 'byte',
  uInt16: 'int16le',
  int32: 'int32le',
  uInt32: 'int32le',
  uBool32: 'bool32be',
  bigNumberUInt64: 'int64le',
  satoshiAsBigNumber: 'int64le',
  varInt: 'varint',
  maxPriceAsBigNumber: 'int64le int64le',
  compactSizeUtf8BE: 'string',
  compactSizeHex: 'bytes',
  compactSizeOptionalHex: 'bytes',
};

/** The composers written inline in a class (dftx-custom.ts), in the same words. */
const CUSTOM_WIRE: Readonly<Record<string, string>> = {
  'CScript#0': 'script',
  'CCreateMasternode#2': 'int16le?',
  'CPoolCreatePair#6': '[int32le int64le]?',
  'CPoolUpdatePair#4': '[int32le int64le]?',
  'CTransferDomainItem#3': 'bytes',
  'CGovernanceVar#1': 'govvalue',
  'CSetGovernance#0': 'govvars',
  'CSetGovernanceHeight#0': 'govvars',
};

function sizedWire(helper: string, length: number): string {
  if (helper === 'hexBEBufferLE' && length === 32) return 'uint256';
  if (helper === 'hex' && length === 20) return 'bytes20';
  if (helper === 'bitmask1Byte') return 'byte';
  return `${helper}(${length})`;
}

/** What a field of the SDK writes, in the data file's words. */
function sdkWire(structures: Readonly<Record<string, CodecStructure>>, encoding: FieldEncoding): string {
  switch (encoding.kind) {
    case 'helper': {
      const wire = HELPER_WIRE[encoding.helper];
      if (wire === undefined) throw new Error(`node-rules: no wire word for the helper ${encoding.helper}`);
      return wire;
    }
    case 'sized':
      return sizedWire(encoding.helper, encoding.length);
    case 'custom': {
      const wire = CUSTOM_WIRE[encoding.key];
      if (wire === undefined) throw new Error(`node-rules: no wire word for the composer ${encoding.key}`);
      return wire;
    }
    case 'single':
    case 'array': {
      const structure = structures[encoding.structure];
      if (structure === undefined) throw new Error(`node-rules: no structure ${encoding.structure}`);
      const inner = structure.fields.map((field) => sdkWire(structures, field.encoding)).join(' ');
      return encoding.kind === 'single' ? inner : `[${inner}]`;
    }
  }
}

export interface LayoutComparison {
  rows: NodeLayoutRow[];
  /** Differences the data does not explain, explanations of fields that do not differ, and fields left unpaired. */
  unexplained: string[];
}

/** The node's fields beside the SDK's, in order; each node field names the SDK fields it stands for. */
export function compareLayout(structures: Readonly<Record<string, CodecStructure>>, className: string, layout: NodeRulesFileType['layout']): LayoutComparison {
  const structure = structures[className];
  if (structure === undefined) throw new Error(`node-rules: no structure ${className}`);
  const unexplained: string[] = [];
  const rows: NodeLayoutRow[] = [];
  let next = 0;
  for (const field of layout.fields) {
    const taken: string[] = [];
    const wires: string[] = [];
    while (taken.length < field.sdk.length && next < structure.fields.length) {
      const sdkField = structure.fields[next];
      if (sdkField === undefined) break;
      taken.push(...sdkField.names);
      wires.push(sdkWire(structures, sdkField.encoding));
      next += 1;
    }
    if (taken.join(',') !== field.sdk.join(','))
      unexplained.push(
        `${className}.${field.name}: the node's field stands for SDK fields ${field.sdk.join(', ')}, the SDK writes ${taken.join(', ') || 'nothing'} there`,
      );
    const sdkWireText = wires.join(' ');
    rows.push({ node: field.name, nodeWire: field.wire, sdk: field.sdk, sdkWire: sdkWireText, same: sdkWireText === field.wire, at: field.at });
  }
  if (next < structure.fields.length)
    unexplained.push(
      `${className}: the SDK writes ${structure.fields
        .slice(next)
        .flatMap((field) => field.names)
        .join(', ')} after every field the node reads`,
    );
  const explained = new Set(layout.differences.map((difference) => difference.field));
  for (const row of rows) {
    if (!row.same && !explained.has(row.node))
      unexplained.push(`${className}.${row.node}: the node reads ${row.nodeWire}, the SDK writes ${row.sdkWire}, and the data does not explain it`);
    if (row.same && explained.has(row.node)) unexplained.push(`${className}.${row.node}: explained as a difference, but both sides write ${row.nodeWire}`);
  }
  for (const field of explained)
    if (!rows.some((row) => row.node === field)) unexplained.push(`${className}: the difference of ${field} names no field of the node's layout`);
  return { rows, unexplained };
}

/** The model's rules of the type with type byte `letter`; throws on an unexplained layout difference. */
export function nodeTypeRules(file: NodeRulesFile, structures: Readonly<Record<string, CodecStructure>>, letter: string, className: string): NodeTypeRules {
  const entry = file.types[letter];
  if (entry === undefined) throw new Error(`node-rules: ${NODE_RULES_FILE} has no type ${letter} (${className})`);
  const comparison = compareLayout(structures, className, entry.layout);
  if (comparison.unexplained.length > 0) throw new Error(`node-rules: ${comparison.unexplained.join('; ')}`);
  const invalid = file.decode.invalid[letter];
  return {
    enumName: entry.enumName,
    message: entry.message,
    handledAs: entry.handledAs ?? null,
    activation: entry.activation,
    refusedAfter: entry.refusedAfter,
    gates: entry.gates,
    outputs: entry.outputs,
    sender: entry.sender,
    enums: entry.enums,
    layout: { rows: comparison.rows, differences: entry.layout.differences },
    decode: invalid === undefined ? { valid: true } : { valid: false, error: invalid.error, at: invalid.at },
  };
}

export function nodeRules(file: NodeRulesFile): NodeRules {
  return {
    repositoryUrl: file.repositoryUrl,
    tag: file.tag,
    forks: file.forks,
    envelope: file.envelope,
    decode: { text: file.decode.text, at: file.decode.at },
  };
}
