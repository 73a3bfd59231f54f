// The model of the SDK's other packages (jellyfish-address, -crypto, -transaction, the wallets, the testing
// packages...): every export of each package's entry point, as plain JSON (generated/sdk-model.json). Generic pieces
// (types, docs, parameters, values) are the ones the RPC and Ocean references use (../model). Types only: what the
// pages and the MCP server ask of it is in sdk-queries.ts.
import type { CodeValue, Doc, MethodSignature, SourceLocation, TypeDeclaration, TypeExpr, TypeParameter } from './types';
import type { ItemHistory, SdkPackageHistory } from './history';

/** Where a package's reference pages live: beside the other SDK guides, or beside the testing guides. */
export type SdkArea = 'ecosystem' | 'testing';

/**
 * A worked example of a class member, shown under it: the code, what it prints, notes, and the node RPC that makes the
 * same transaction. Filled by the builder samples (generator/examples/builder); the model reads it, the renderer shows it.
 */
export interface SdkMemberExample {
  code: string;
  outputs: { label: string; language: 'text' | 'json'; text: string }[];
  notes?: string[];
  /** The node RPC that makes the same transaction from a node wallet, and the route of its section. */
  rpc?: { name: string; route: string };
}

/** What a class or an object constant holds: a constructor, a method, a property or an accessor. */
export interface SdkMember {
  /** Unique across the model: `<symbol id>#<name>`, `#static.<name>` for a static member, `#constructor`. */
  id: string;
  name: string;
  kind: 'constructor' | 'method' | 'property' | 'accessor';
  static: boolean;
  /** `protected` (a constructor only subclasses call); public otherwise. */
  access: 'public' | 'protected';
  abstract: boolean;
  readonly: boolean;
  optional: boolean;
  /** Overloads of a constructor or method in declaration order (empty for a property). */
  signatures: MethodSignature[];
  /** The type of a property or accessor (the getter's; `null` for a constructor or method). */
  type: TypeExpr | null;
  /** An accessor: which of get and set the class declares. */
  accessors?: { get: boolean; set: boolean };
  /** The value the compiled code assigns to a static property (`CPoolSwap.OP_CODE = 0x73`), or the declaration writes. */
  value: CodeValue | null;
  doc: Doc;
  source: SourceLocation | null;
  example?: SdkMemberExample;
  /** Release history of the package (generator/history/sdk): absent when in the package's first release and unchanged since. */
  history?: ItemHistory;
}

interface SdkSymbolBase {
  /** Unique across the model: `<package>.<name>` for an export, `<package>.<module>.<name>` for a declaration it does not export. */
  id: string;
  /** The name it is imported by (`fromOPCodes`), or its declared name when not exported. */
  name: string;
  /** The name it has where it is declared (`toBuffer`, exported as `fromOPCodes`). */
  declaredName: string;
  /** Short name of the package that declares it (`jellyfish-transaction`). */
  package: string;
  /** Declaration file below the package's dist folder, without `.d.ts` (`script/dftx/dftx_pool`). */
  module: string;
  /** False for a declaration the exports use in their types but the entry point does not export. */
  exported: boolean;
  /** For one of those that its own module exports: the path that imports it (`@defichain/<package>/dist/<module>`), else `null`. */
  deepImport: string | null;
  /** The namespace it is declared in (`BitcoinJsLib` for `BitcoinJsLib.Network`), else `null`. */
  namespace: string | null;
  /** Slug of the page it is shown on, for a package split into pages (`dftx-pool`); `''` for the package's own page. */
  page: string;
  doc: Doc;
  source: SourceLocation | null;
  /** Release history of an export (generator/history/sdk): absent when in the package's first release and unchanged since. */
  history?: ItemHistory;
  /** The guides and recipes whose code imports it (generator/extract/sdk/guides.ts), absent when none does. */
  usedIn?: { title: string; route: string }[];
}

export interface SdkClass extends SdkSymbolBase {
  kind: 'class';
  abstract: boolean;
  typeParameters: TypeParameter[];
  extends: TypeExpr | null;
  implements: TypeExpr[];
  members: SdkMember[];
  /** For a DeFi custom transaction composer: its static `OP_CODE` and `OP_NAME` (the type byte and its name). */
  dftx: { code: number; name: string } | null;
  /** For an opcode class: the byte its constructor passes to `StaticCode` (`super(0x76, 'OP_DUP')`). */
  opcode: number | null;
}

export interface SdkFunction extends SdkSymbolBase {
  kind: 'function';
  signatures: MethodSignature[];
}

export interface SdkConstant extends SdkSymbolBase {
  kind: 'constant';
  type: TypeExpr;
  /** The value the compiled code assigns, when it is one the extractor reads (a literal, an object of literals). */
  value: CodeValue | null;
  /** Members of an object constant whose type lists them (`WIF.decode`, `Bech32.fromPubKey`). */
  members: SdkMember[];
}

/** An interface, enum or type alias: the same declaration the RPC and Ocean models hold, with its export facts. */
export interface SdkTypeSymbol extends SdkSymbolBase {
  kind: 'type';
  declaration: TypeDeclaration;
}

interface SdkNamespace extends SdkSymbolBase {
  kind: 'namespace';
  /** Ids of the declarations inside it. */
  members: string[];
}

/** A name the package re-exports from another npm package (`BigNumber` from bignumber.js). */
interface SdkReexport extends SdkSymbolBase {
  kind: 'reexport';
  from: { module: string; name: string };
}

export type SdkSymbol = SdkClass | SdkFunction | SdkConstant | SdkTypeSymbol | SdkNamespace | SdkReexport;

/** A page of a package split into several (jellyfish-transaction): its slug, title and what it holds. */
interface SdkPage {
  slug: string;
  title: string;
  /** One line on what the page holds. */
  summary: string;
  /**
   * Pages of the package (slugs) that showed this page's sections before it had them: links written then
   * (`/ecosystem/packages/jellyfish-transaction/script#op_codes`) reach them through those pages (src/components/MovedAnchors).
   */
  movedFrom: string[];
}

export interface SdkPackage {
  /** npm name: `@defichain/jellyfish-address`. */
  name: string;
  /** Without the scope: `jellyfish-address`, the page slug. */
  short: string;
  version: string;
  area: SdkArea;
  /** One line on what the package is for (ours: the packages' own descriptions all say the same). */
  summary: string;
  /** The declaration file its package.json names (`dist/index.d.ts`). */
  entry: string;
  /** Folder of the package in the SDK repository (`packages/jellyfish-address`). */
  repositoryFolder: string;
  /** Ids of the exports, in the order the package's entry point re-exports their modules, then declaration order. */
  exports: string[];
  /** Ids of the declarations the exports use that the entry point does not export, in the same order. */
  internal: string[];
  /** Pages beyond the package's own, for a package split by group; empty for one page. */
  pages: SdkPage[];
  /** Its release history (generator/history/sdk), joined by attachSdkHistory. */
  history?: SdkPackageHistory;
}

export interface SdkReference {
  version: string;
  /** e.g. https://github.com/BirthdayResearch/jellyfishsdk */
  repositoryUrl: string;
  /** Git tag of the version, e.g. v4.0.7 */
  tag: string;
  packages: SdkPackage[];
  /** Every symbol, exported or not, by id. */
  symbols: Record<string, SdkSymbol>;
  warnings: string[];
}
