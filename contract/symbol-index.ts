// The symbol index's file format, shared by its builder (generator/emit/search-index.ts) and the search box's engine.

/**
 * What a symbol is, in the order the file numbers them (new kinds go at the end). `class`, `function`, `constant`,
 * `enum` and `dftx` (a DeFi custom transaction's composer class) are exports of the SDK package pages; `member` is a
 * class member there or a method a guide names; `type` an interface or type alias of any reference; `removed` an
 * export, class member or field an SDK package published and no longer does (its entry under "No longer published");
 * `error` a message the node or the Ocean server answers with, at the section that lists it (`{name}` marks a value
 * filled in).
 */
export const KINDS = [
  'method',
  'endpoint',
  'type',
  'parameter',
  'field',
  'section',
  'package',
  'class',
  'member',
  'function',
  'constant',
  'enum',
  'dftx',
  'removed',
  'error',
] as const;
export type SymbolKind = (typeof KINDS)[number];

/** What a result says it is, next to its page and section (a guide's camelCase identifier, `member`, is a method too). */
export const KIND_LABELS: Readonly<Record<SymbolKind, string>> = {
  method: 'method',
  endpoint: 'endpoint',
  type: 'type',
  parameter: 'parameter',
  field: 'field',
  section: 'guide section',
  package: 'package',
  class: 'class',
  member: 'method',
  function: 'function',
  constant: 'constant',
  enum: 'enum',
  dftx: 'DfTx',
  removed: 'removed from the package',
  error: 'error message',
};

/**
 * One symbol: name, kind (index into KINDS), page (index into pages), heading id, heading text ('' when it is the
 * name), other names separated by '|', extra words separated by spaces, strength (0-19: how much the page is
 * about it; guides only), and, for a symbol of the references newer than the first release the history covers, the
 * version that first has it (index into versions; absent otherwise).
 */
export type SymbolEntry = [
  name: string,
  kind: number,
  page: number,
  anchor: string,
  section: string,
  alt: string,
  words: string,
  strength: number,
  since?: number,
];

/** Route and title of a page, and the package it documents (without its `@defichain/` scope) for the `pkg:` filter. */
export type SymbolPage = [url: string, title: string, pkg?: string];

export interface SymbolIndex {
  version: 1;
  pages: SymbolPage[];
  entries: SymbolEntry[];
  /** The versions entries name as `since`, oldest first (generator/history). */
  versions?: string[];
}

/** Words of a name or phrase, lower-case: `getSubgraphSwaps` → get, subgraph, swaps; `paths/best` → paths, best. */
export function camelWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}
