// What the transaction inspector (src/inspect) knows of the DeFi custom transactions: generated/inspect-data.json,
// which generator/emit/inspect-data.ts writes from the custom transaction model (generator/model/custom-tx.ts) and the
// RPC model's token examples. The page's chunk and the MCP server's decode_transaction tool read the same file.

/** How a codec class writes one field, as the model says (a hand-written composer by its key). */
export type InspectEncoding =
  | { kind: 'helper'; helper: string }
  | { kind: 'sized'; helper: string; length: number }
  | { kind: 'single'; structure: string }
  | { kind: 'array'; structure: string }
  | { kind: 'custom'; key: string; summary: string };

export interface InspectField {
  names: string[];
  encoding: InspectEncoding;
}

export interface InspectStructure {
  fields: InspectField[];
  /** Where the custom transaction pages explain it: the type's section, or the overview's section of the structure. */
  href: string;
}

/** A rule of the node in words, with the first source line it rests on (`src/dfi/mn_checks.cpp:223`). */
interface InspectFact {
  text: string;
  at: string;
}

export interface InspectType {
  opCode: number;
  letter: string;
  className: string;
  opName: string;
  /** The node's name of the type (what decodecustomtx prints as `type`), or the op name when the node has none. */
  name: string;
  href: string;
  /** The fork it is accepted from (a key of `forks`), null when no fork gates it. */
  activation: { fork: string | null; text: string; at: string };
  refusedAfter: InspectFact | null;
  outputs: { rule: 'value-zero' | 'fee' | 'burnt' | 'none'; text: string; at: string };
  sender: InspectFact;
  /** Enumerated fields: the field's path in the payload (`updates[].updateType`) and the values the node accepts. */
  enums: { field: string; values: { value: string; meaning: string }[] }[];
  /** What decodecustomtx prints instead of its fields, when it cannot show them. */
  decodeError: string | null;
  /** Where the node reads the bytes otherwise than the SDK writes them: the SDK's fields, the node's reading, its line. */
  nodeDifferences: { fields: string[]; node: string; coincide: string; at: string }[];
}

export interface InspectData {
  /** The SDK version the layouts come from, and the node's tag the rules come from. */
  sdkVersion: string;
  ainTag: string;
  /** Fork heights per network (src/chainparams.cpp). */
  forks: Record<string, { mainnet: number; testnet: number }>;
  types: InspectType[];
  structures: Record<string, InspectStructure>;
  /** Type bytes the node knows and the SDK does not compose. */
  unmapped: { letter: string; name: string }[];
  /** Token symbols by id, from the site's examples (mainnet ids). */
  tokens: Record<string, string>;
  /** The overview page of the custom transactions (the envelope's rules). */
  envelopeHref: string;
}
