// get_symbol: an export of the SDK's other 17 packages (jellyfish-address, -transaction, the builder, the wallets, the
// testing packages...) by name, from generated/sdk-model.json: its package, kind, signature, parameters, returns,
// members, doc comment, source link and the section of the package page that shows it (found through the symbol index).
import { z } from 'zod';
import type { Doc, MethodSignature, Parameter } from '../../../generator/model/types';
import type { SdkClass, SdkMember, SdkPackage, SdkReference, SdkSymbol } from '../../../generator/model/sdk';
import { deprecationText, returnsNothing, sourceUrl } from '../../../generator/model/queries';
import { inheritedConstructor, inheritedMembers, sdkIndexKind, sdkKindName } from '../../../generator/model/sdk-queries';
import { KINDS } from '../../../contract/symbol-index';
import type { DocsData, Place } from '../docs-data';
import { declarationHead, signatureText, typeText } from '../type-text';
import { compact, defineTool, excerpt, historyAnswer, type Answer, type Miss } from './tool';
import { membersOf } from './type';

/** At most this many members of a class or constant are described; the answer says how many there are. */
const MAX_MEMBERS = 40;
/** At most this many candidates of an ambiguous name, and near matches of an unknown one. */
const MAX_CANDIDATES = 12;
const MAX_SUGGESTIONS = 8;

interface Catalog {
  reference: SdkReference;
  packages: Map<string, SdkPackage>;
  /** Every symbol a reader can meet on the pages: exports first, then what they use unexported. */
  symbols: SdkSymbol[];
  /** Index entries of the SDK pages by `<package short> <name>`, in page order. */
  entries: Map<string, Array<{ place: Place; kind: string; alt: string[] }>>;
}

const catalogs = new WeakMap<DocsData, Catalog>();

function catalogOf(docs: DocsData, reference: SdkReference): Catalog {
  const cached = catalogs.get(docs);
  if (cached !== undefined) return cached;
  const packages = new Map(reference.packages.map((pkg) => [pkg.short, pkg]));
  const seen = new Set<string>();
  const symbols: SdkSymbol[] = [];
  for (const pkg of reference.packages) {
    for (const id of pkg.exports) {
      const symbol = reference.symbols[id];
      if (symbol !== undefined && !seen.has(id)) symbols.push(symbol);
      seen.add(id);
    }
  }
  for (const pkg of reference.packages) {
    for (const id of pkg.internal) {
      const symbol = reference.symbols[id];
      if (symbol !== undefined && !seen.has(id)) symbols.push(symbol);
      seen.add(id);
    }
  }
  // A namespace's declarations are in neither list: they are reached through it.
  for (const symbol of [...symbols]) {
    if (symbol.kind !== 'namespace') continue;
    for (const id of symbol.members) {
      const inner = reference.symbols[id];
      if (inner !== undefined && !seen.has(id)) symbols.push(inner);
      seen.add(id);
    }
  }
  const entries = new Map<string, Array<{ place: Place; kind: string; alt: string[] }>>();
  for (const [name, kindIndex, pageIndex, anchor, section, alt] of docs.symbols.entries) {
    const [route = '/', , pkg] = docs.symbols.pages[pageIndex] ?? [];
    if (pkg === undefined) continue;
    const key = `${pkg} ${name}`;
    const list = entries.get(key) ?? [];
    list.push({ place: { route, anchor, heading: section === '' ? name : section }, kind: KINDS[kindIndex] ?? '', alt: alt.split('|') });
    entries.set(key, list);
  }
  const catalog = { reference, packages, symbols, entries };
  catalogs.set(docs, catalog);
  return catalog;
}

/** Whether a route is the page of a package (or of one of its pages, `slug`). */
function onPage(route: string, pkg: string, slug: string): boolean {
  return route.replace(/\/+$/, '').endsWith(slug === '' ? `/${pkg}` : `/${pkg}/${slug}`);
}

/** The section of a symbol: the index entry of its package, page, name and kind (the n-th where a page shows two). */
function symbolPlace(catalog: Catalog, symbol: SdkSymbol): Place | undefined {
  const kind = sdkIndexKind(symbol);
  const candidates = (catalog.entries.get(`${symbol.package} ${symbol.name}`) ?? []).filter(
    (entry) => entry.kind === kind && entry.place.heading === symbol.name && onPage(entry.place.route, symbol.package, symbol.page),
  );
  const twins = catalog.symbols.filter(
    (other) => other.package === symbol.package && other.page === symbol.page && other.name === symbol.name && sdkIndexKind(other) === kind,
  );
  return (candidates[Math.max(0, twins.indexOf(symbol))] ?? candidates[0])?.place;
}

/** The section of a member: its own heading where it has one, else its owner's. */
function memberPlace(catalog: Catalog, owner: SdkSymbol, member: SdkMember, ownerPlace: Place | undefined): Place | undefined {
  const title = member.static ? `${owner.name}.${member.name}` : member.name;
  const found = (catalog.entries.get(`${owner.package} ${member.name}`) ?? []).find(
    (entry) =>
      (entry.kind === 'member' || entry.kind === 'field') &&
      entry.alt.includes(`${owner.name}.${member.name}`) &&
      entry.place.heading === title &&
      ownerPlace !== undefined &&
      entry.place.route === ownerPlace.route,
  );
  return found?.place ?? ownerPlace;
}

function sdkOf(catalog: Catalog, symbol: SdkSymbol): string {
  const pkg = catalog.packages.get(symbol.package);
  return `${pkg?.name ?? `@defichain/${symbol.package}`}@${pkg?.version ?? catalog.reference.version}`;
}

/** How a program imports it, as the kind line of its section says. */
function importOf(catalog: Catalog, symbol: SdkSymbol): string | undefined {
  const pkg = catalog.packages.get(symbol.package);
  if (!symbol.exported) return symbol.deepImport === null ? undefined : `import { ${symbol.name} } from '${symbol.deepImport}'`;
  return pkg === undefined ? undefined : `import { ${symbol.namespace ?? symbol.name} } from '${pkg.name}'`;
}

function sourceOf(reference: SdkReference, source: SdkSymbol['source']): string | undefined {
  return source === null ? undefined : sourceUrl(reference, source.path, source.line);
}

/** The deprecation as the section's warning says it, and since when where the release history knows. */
function deprecation(doc: Doc, name: string, history: SdkSymbol['history']): Answer {
  return compact({ deprecated: deprecationText(doc.deprecated, `\`${name}\``) ?? undefined, deprecatedSince: history?.deprecated ?? undefined });
}

function parameterAnswer(parameter: Parameter): Answer {
  const required = !parameter.optional && !parameter.rest;
  return compact({
    name: `${parameter.rest ? '...' : ''}${parameter.name}`,
    type: typeText(parameter.type),
    required,
    default: parameter.defaultValue?.text,
    description: parameter.description.trim(),
    fields: parameter.fieldDocs.map((field) =>
      compact({
        path: field.path,
        type: field.typeText,
        optional: field.optional || undefined,
        default: field.defaultValue?.text,
        description: field.description.trim(),
      }),
    ),
  });
}

/** One signature as the page prints it, with its parameters and what it returns. */
function signatureAnswer(prefix: string, signature: MethodSignature, returns: boolean, ownerDoc = ''): Answer {
  const line = signatureText(prefix, signature);
  const own = signature.doc.text.trim();
  return compact({
    // A constructor's line stops at its parameters, as on the page.
    signature: returns ? line : line.slice(0, line.length - `: ${typeText(signature.returns)}`.length),
    // An overload's own words, where they differ from what the member's description already says.
    description: own === ownerDoc.trim() ? undefined : own,
    parameters: signature.parameters.map(parameterAnswer),
    returns:
      returns && !returnsNothing(signature.returns)
        ? compact({ type: typeText(signature.returns), description: signature.returnsDescription.trim() })
        : undefined,
  });
}

function classHead(symbol: SdkClass): string {
  const parameters =
    symbol.typeParameters.length === 0
      ? ''
      : `<${symbol.typeParameters
          .map(
            (parameter) =>
              `${parameter.name}${parameter.constraint ? ` extends ${typeText(parameter.constraint)}` : ''}${parameter.default ? ` = ${typeText(parameter.default)}` : ''}`,
          )
          .join(', ')}>`;
  const base = symbol.extends === null ? '' : ` extends ${typeText(symbol.extends)}`;
  const implemented = symbol.implements.length === 0 ? '' : ` implements ${symbol.implements.map(typeText).join(', ')}`;
  return `${symbol.abstract ? 'abstract ' : ''}class ${symbol.name}${parameters}${base}${implemented}`;
}

/** The bases a class takes members from, nearest first, with the names of those members (instance, and static). */
function inheritedAnswer(reference: SdkReference, symbol: SdkClass): Answer[] {
  return inheritedMembers(reference, symbol).map((inherited) =>
    'outside' in inherited
      ? compact({ from: inherited.outside.name, package: inherited.outside.target.kind === 'external' ? inherited.outside.target.module : undefined })
      : compact({
          from: inherited.from.name,
          package: `@defichain/${inherited.from.package}`,
          members: inherited.members.map((member) => member.name),
          statics: inherited.statics.map((member) => member.name),
        }),
  );
}

function memberAnswer(docs: DocsData, catalog: Catalog, owner: SdkSymbol, member: SdkMember, ownerPlace: Place | undefined): Answer {
  const place = memberPlace(catalog, owner, member, ownerPlace);
  const prefix = owner.kind === 'class' && member.static ? `static ${member.name}` : member.name;
  // A class's property has a heading and a signature block; an object constant's is a row of its section (name, type, value).
  const ownSection = owner.kind === 'class';
  const property =
    member.type === null || !ownSection
      ? undefined
      : `${member.static ? 'static ' : ''}${member.readonly ? 'readonly ' : ''}${member.name}${member.optional ? '?' : ''}: ${typeText(member.type)}`;
  return compact({
    name: member.static && owner.kind === 'class' ? `${owner.name}.${member.name}` : member.name,
    kind: member.kind,
    static: member.static || undefined,
    abstract: member.abstract || undefined,
    optional: member.optional || undefined,
    signatures: member.kind === 'method' ? member.signatures.map((signature) => signatureAnswer(prefix, signature, true, member.doc.text)) : undefined,
    signature: member.kind === 'method' ? undefined : property,
    type: member.kind !== 'method' && !ownSection && member.type !== null ? typeText(member.type) : undefined,
    readonly: member.kind !== 'method' && !ownSection ? member.readonly || undefined : undefined,
    value: member.value?.text,
    description: member.doc.text.trim(),
    ...deprecation(member.doc, member.static ? `${owner.name}.${member.name}` : member.name, member.history),
    ...historyAnswer(member.history, owner.history?.since ?? null),
    example: member.example === undefined ? undefined : compact({ code: member.example.code, notes: member.example.notes, nodeRpc: member.example.rpc?.name }),
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
  });
}

/** The members of a class or object constant, bounded, and how many there are. */
function membersAnswer(docs: DocsData, catalog: Catalog, owner: SdkSymbol, members: readonly SdkMember[], ownerPlace: Place | undefined): Answer {
  const listed = members.filter((member) => member.kind !== 'constructor');
  return compact({
    members: listed.slice(0, MAX_MEMBERS).map((member) => memberAnswer(docs, catalog, owner, member, ownerPlace)),
    moreMembers: listed.length > MAX_MEMBERS ? `${listed.length - MAX_MEMBERS} more of ${listed.length}; ask for one as ${owner.name}.<member>` : undefined,
  });
}

/** Where a DfTx composer's byte layout is: its section on the custom transaction page of its family. */
function byteLayout(docs: DocsData, symbol: SdkClass): string | undefined {
  const type = docs.customTx?.types.find((candidate) => candidate.className === symbol.declaredName);
  if (type === undefined) return undefined;
  const page = [...docs.pages.values()].find((candidate) => candidate.twin === `/ecosystem/custom-transactions/${type.family}.md`);
  const heading =
    page === undefined ? undefined : docs.headingsOf(page).find((candidate) => candidate.text === `${type.letter} · ${symbol.declaredName.replace(/^C/, '')}`);
  return page === undefined ? undefined : docs.url(page.route, heading?.id ?? '');
}

function kindFacts(docs: DocsData, catalog: Catalog, symbol: SdkSymbol, place: Place | undefined): Answer {
  switch (symbol.kind) {
    case 'class': {
      const own = symbol.members.find((member) => member.kind === 'constructor');
      const inherited = inheritedConstructor(catalog.reference, symbol) ?? undefined;
      const constructor = own ?? inherited?.constructor;
      const prefix = `${constructor?.access === 'protected' ? 'protected ' : ''}new ${symbol.name}`;
      return compact({
        signature: classHead(symbol),
        dftx:
          symbol.dftx === null
            ? undefined
            : compact({
                typeByte: `0x${symbol.dftx.code.toString(16).padStart(2, '0')}`,
                opName: symbol.dftx.name,
                byteLayout: byteLayout(docs, symbol),
              }),
        opcode: symbol.opcode === null ? undefined : `0x${symbol.opcode.toString(16).padStart(2, '0')}`,
        classConstructor:
          constructor === undefined
            ? undefined
            : compact({
                inheritedFrom: inherited?.from.name,
                protected: constructor.access === 'protected' || undefined,
                signatures: (inherited?.signatures ?? constructor.signatures).map((signature) =>
                  signatureAnswer(inherited === undefined ? prefix : `new ${symbol.name}`, signature, false, constructor.doc.text),
                ),
              }),
        ...membersAnswer(docs, catalog, symbol, symbol.members, place),
        inherited: inheritedAnswer(catalog.reference, symbol),
      });
    }
    case 'function':
      return { signatures: symbol.signatures.map((signature) => signatureAnswer(symbol.name, signature, true, symbol.doc.text)) };
    case 'constant':
      return compact({
        signature: `const ${symbol.name}: ${symbol.members.length > 0 ? `{ ${symbol.members.length} members }` : typeText(symbol.type)}`,
        value: symbol.value?.kind === 'value' ? symbol.value.value : symbol.value?.text,
        ...membersAnswer(docs, catalog, symbol, symbol.members, place),
      });
    case 'type':
      return { signature: declarationHead(symbol.declaration), ...membersOf(symbol.declaration) };
    case 'namespace':
      return { declares: symbol.members.map((id) => catalog.reference.symbols[id]?.name ?? id) };
    case 'reexport':
      return { reexports: `${symbol.from.name} of ${symbol.from.module}, unchanged` };
  }
}

function symbolAnswer(docs: DocsData, catalog: Catalog, symbol: SdkSymbol): Answer {
  const place = symbolPlace(catalog, symbol);
  return compact({
    sdk: sdkOf(catalog, symbol),
    name: symbol.name,
    declaredName: symbol.declaredName === symbol.name ? undefined : symbol.declaredName,
    package: catalog.packages.get(symbol.package)?.name ?? symbol.package,
    kind: sdkKindName(symbol),
    exported: symbol.exported ? undefined : false,
    namespace: symbol.namespace ?? undefined,
    import: importOf(catalog, symbol),
    description: symbol.doc.text.trim(),
    ...deprecation(symbol.doc, symbol.name, symbol.history),
    ...historyAnswer(symbol.history),
    ...kindFacts(docs, catalog, symbol, place),
    examples: symbol.doc.examples?.filter((example) => example !== ''),
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
    source: sourceOf(catalog.reference, symbol.source),
  });
}

/** One member of a class or constant asked as `Owner.member`, with its owner named. */
function ownedMemberAnswer(docs: DocsData, catalog: Catalog, owner: SdkSymbol, member: SdkMember): Answer {
  const place = symbolPlace(catalog, owner);
  return compact({
    sdk: sdkOf(catalog, owner),
    owner: owner.name,
    ownerKind: sdkKindName(owner),
    package: catalog.packages.get(owner.package)?.name ?? owner.package,
    ...memberAnswer(docs, catalog, owner, member, place),
    source: sourceOf(catalog.reference, member.source),
  });
}

/** A short line of a candidate, for an ambiguous name or a near match. */
function candidateLine(catalog: Catalog, symbol: SdkSymbol): string {
  return `${symbol.name} (${sdkKindName(symbol)} of ${catalog.packages.get(symbol.package)?.name ?? symbol.package}${symbol.exported ? '' : ', not exported'})`;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length] ?? 99;
}

/** Names close to an unknown one: a small edit away, or holding it (or held by it), exported ones first. */
function nearMatches(catalog: Catalog, query: string, pool: readonly SdkSymbol[]): string[] {
  const lower = query.toLowerCase();
  const scored = pool
    .map((symbol) => {
      const name = symbol.name.toLowerCase();
      const distance = editDistance(lower, name);
      const holds = lower.length >= 3 && (name.includes(lower) || lower.includes(name));
      return { symbol, score: distance <= 2 ? distance : holds ? 3 + Math.abs(name.length - lower.length) / 100 : 99 };
    })
    .filter((entry) => entry.score < 99)
    .sort((a, b) => a.score - b.score || Number(b.symbol.exported) - Number(a.symbol.exported) || a.symbol.name.localeCompare(b.symbol.name));
  const lines: string[] = [];
  for (const { symbol } of scored) {
    const line = candidateLine(catalog, symbol);
    if (!lines.includes(line)) lines.push(line);
    if (lines.length >= MAX_SUGGESTIONS) break;
  }
  return lines;
}

/** The symbols a name stands for, best first: exported by exact name, then any, then by declared name, then ignoring case. */
function findSymbols(pool: readonly SdkSymbol[], name: string): SdkSymbol[] {
  const lower = name.toLowerCase();
  const tests: Array<(symbol: SdkSymbol) => boolean> = [
    (symbol) => symbol.exported && symbol.namespace === null && symbol.name === name,
    (symbol) => symbol.exported && symbol.name === name,
    (symbol) => symbol.name === name,
    (symbol) => symbol.declaredName === name,
    (symbol) => symbol.exported && symbol.name.toLowerCase() === lower,
    (symbol) => symbol.name.toLowerCase() === lower || symbol.declaredName.toLowerCase() === lower,
  ];
  for (const test of tests) {
    const found = pool.filter(test);
    if (found.length > 0) return found;
  }
  return [];
}

/** How the history found what replaced a removed item, for the answer. */
const REPLACED_HOW: Readonly<Record<string, string>> = {
  deprecation: 'its @deprecated note names it',
  respelled: 'the same name in other capitals',
  renamed: 'added in the release that dropped it, the only new name holding every word of the old one',
};

/**
 * An export, class member or field that a package published and no longer does (generator/history/sdk, on the
 * model as each package's `history.removed`), asked by its old name (`generateMnemonic`, `ComposableBuffer.varUInt`):
 * its versions, the declaration it last had, what took its place where the packages show it, and its entry's URL.
 */
function removedAnswers(docs: DocsData, catalog: Catalog, pkg: string | undefined, name: string): Answer[] {
  const answers: Answer[] = [];
  for (const each of catalog.reference.packages) {
    if (pkg !== undefined && each.short !== pkg) continue;
    for (const item of each.history?.removed ?? []) {
      const bare = item.name.replace(/^static\./, '');
      const names = item.kind === 'export' ? [item.key] : [`${item.owner}.${bare}`, `${item.owner}#${item.name}`];
      if (!names.includes(name)) continue;
      // Its entry, and its replacement's section, as the symbol index places them (the MCP server runs no generator code).
      const title = item.kind === 'export' ? item.key : `${item.owner}.${bare}`;
      const entry = (catalog.entries.get(`${each.short} ${item.kind === 'export' ? item.key : bare}`) ?? []).find(
        (candidate) => candidate.kind === 'removed' && (item.kind === 'export' || candidate.alt.includes(title)),
      );
      const replaced = item.replacedBy;
      const replacement = replaced === null ? undefined : replacementAnswer(docs, catalog, each, item.kind, item.kind === 'field' ? item.owner : replaced.key);
      answers.push(
        compact({
          sdk: `${each.name}@${each.version}`,
          name: item.kind === 'export' ? item.key : `${item.owner}.${bare}`,
          package: each.name,
          kind: `removed ${item.kind === 'export' ? 'export' : item.kind === 'member' ? 'class member' : 'field'}`,
          removed: `${each.name} ${each.version} does not publish it: it was in ${item.since} to ${item.last} and ${item.removedIn} dropped it.`,
          since: item.since,
          last: item.last,
          removedIn: item.removedIn,
          deprecated: item.deprecated ?? undefined,
          owner: item.kind === 'export' ? undefined : item.owner,
          lastSignature: item.signature,
          replacedBy:
            replaced === null
              ? 'none the published declarations show'
              : compact({
                  name: item.kind === 'export' ? replaced.key : `${item.owner}.${replaced.key.slice(item.owner.length + 1).replace(/^static\./, '')}`,
                  how: REPLACED_HOW[replaced.how] ?? replaced.how,
                  note:
                    replaced.note === undefined
                      ? undefined
                      : `${replaced.note.text} (its @deprecated note in ${replaced.note.from === replaced.note.to ? replaced.note.from : `${replaced.note.from} to ${replaced.note.to}`})`,
                  url: replacement,
                }),
          url: entry === undefined ? undefined : docs.url(entry.place.route, entry.place.anchor),
        }),
      );
    }
  }
  return answers;
}

/**
 * The URL of a successor, as the package page links it: a published export (`Name`) or a member of one (`Name#member`,
 * `Name#static.member`) of the package; another package's export (`<package>:<Name>`); or, when a later release
 * dropped the successor in turn, its own entry among the package's names no longer published.
 */
function replacementAnswer(docs: DocsData, catalog: Catalog, pkg: SdkPackage, kind: string, key: string): string | undefined {
  const [other, otherName] = key.includes(':') ? key.split(':') : [];
  if (other !== undefined && otherName !== undefined) {
    const symbol = catalog.symbols.find((candidate) => candidate.exported && candidate.package === other && candidate.name === otherName);
    const place = symbol === undefined ? undefined : symbolPlace(catalog, symbol);
    return place === undefined ? undefined : docs.url(place.route, place.anchor);
  }
  const published = publishedUrl(docs, catalog, pkg, kind, key);
  if (published !== undefined || pkg.history?.removed.some((item) => item.key === key) !== true) return published;
  const dropped = pkg.history.removed.find((item) => item.key === key);
  const bare = dropped === undefined || dropped.kind === 'export' ? key : dropped.name.replace(/^static\./, '');
  const title = dropped === undefined || dropped.kind === 'export' ? key : `${dropped.owner}.${bare}`;
  const entry = (catalog.entries.get(`${pkg.short} ${bare}`) ?? []).find(
    (candidate) => candidate.kind === 'removed' && (dropped?.kind === 'export' || candidate.alt.includes(title)),
  );
  return entry === undefined ? undefined : docs.url(entry.place.route, entry.place.anchor);
}

/** The URL of a published export (`Name`) or of a member of one (`Name#member`, `Name#static.member`) of a package. */
function publishedUrl(docs: DocsData, catalog: Catalog, pkg: SdkPackage, kind: string, key: string): string | undefined {
  const hash = key.indexOf('#');
  const owner = catalog.symbols.find((symbol) => symbol.exported && symbol.package === pkg.short && symbol.name === (hash < 0 ? key : key.slice(0, hash)));
  if (owner === undefined) return undefined;
  const ownerPlace = symbolPlace(catalog, owner);
  const memberName = hash < 0 || kind !== 'member' ? undefined : key.slice(hash + 1);
  const member =
    memberName === undefined || (owner.kind !== 'class' && owner.kind !== 'constant')
      ? undefined
      : owner.members.find((candidate) => `${candidate.static ? 'static.' : ''}${candidate.name}` === memberName);
  const place = member === undefined ? ownerPlace : memberPlace(catalog, owner, member, ownerPlace);
  return place === undefined ? undefined : docs.url(place.route, place.anchor);
}

/** `@defichain/jellyfish-address` or `jellyfish-address` → the package's short name, if the model has it. */
function packageOf(catalog: Catalog, input: string): string | undefined {
  const short = input.trim().replace(/^@defichain\//, '');
  return catalog.packages.has(short) ? short : undefined;
}

export const getSymbol = defineTool({
  name: 'get_symbol',
  title: 'SDK symbol',
  description:
    'An export of the SDK packages other than the two clients (@defichain/jellyfish-address, -crypto, -transaction, ' +
    '-transaction-builder, -wallet*, -network, -buffer, -block, -json, -api-jsonrpc, whale-api-wallet, testcontainers, ' +
    'jellyfish-testing...) by name (CTransactionSegWit, P2WPKHTransactionBuilder, fromAddress, WIF), or one member as ' +
    '`Class.member` (TxnBuilderLoans.takeLoan): its package, kind as its section names it (class, abstract class, DfTx composer class, function, constant, interface, type alias, enum), ' +
    'signature, parameters, returns, members (at most 40), doc comment, source link and page URL. A name two packages ' +
    'export answers with both; pass `package` to choose. A name a package no longer publishes (generateMnemonic, ' +
    'ComposableBuffer.varUInt) answers with its history: the versions that had it, its last signature, what replaced it, its page entry.',
  input: z.strictObject({
    name: z.string().min(1).max(160).describe('Symbol name, `package.Name`, or `Class.member`'),
    package: z.string().min(1).max(80).optional().describe('Only this package (`jellyfish-address` or `@defichain/jellyfish-address`)'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    name: z.string().optional(),
    package: z.string().optional(),
    kind: z.string().optional(),
    import: z.string().optional(),
    signature: z.string().optional(),
    since: z.string().optional(),
    removed: z.string().optional(),
    url: z.string().optional(),
    matches: z.number().optional(),
    candidates: z.array(z.looseObject({})).optional(),
  }),
  run(docs, { name: input, package: packageInput }): Answer | Miss {
    const reference = docs.sdkReference;
    if (reference === undefined) return { miss: 'This server has no model of the SDK packages: run `npm run generate` in the docs repository.' };
    const catalog = catalogOf(docs, reference);
    let pkg: string | undefined;
    if (packageInput !== undefined) {
      pkg = packageOf(catalog, packageInput);
      if (pkg === undefined) return { miss: `No SDK package "${packageInput}" is documented here.`, suggestions: reference.packages.map((each) => each.name) };
    }
    let name = input.trim().replace(/\(\)$/, '');
    // `jellyfish-address.fromAddress`, `@defichain/jellyfish-address.fromAddress`: the package, then the name.
    const dotted = /^(@defichain\/)?([a-z][a-z-]+)\.(.+)$/.exec(name);
    const prefixed = dotted?.[2] === undefined ? undefined : packageOf(catalog, dotted[2]);
    if (prefixed !== undefined && dotted?.[3] !== undefined) {
      if (pkg !== undefined && pkg !== prefixed) return { miss: `"${input}" names ${prefixed}, not ${pkg}.` };
      pkg = prefixed;
      name = dotted[3];
    }
    const pool = pkg === undefined ? catalog.symbols : catalog.symbols.filter((symbol) => symbol.package === pkg);
    // A name a package published and no longer does, spelt as it was (`CCreateMasterNode`, not today's
    // `CCreateMasternode`; `ComposableBuffer.varUInt`), unless a published symbol has that very name: its history.
    const gone = removedAnswers(docs, catalog, pkg, name);
    if (gone.length > 0 && !pool.some((symbol) => symbol.name === name || symbol.declaredName === name)) {
      const [one] = gone;
      return one !== undefined && gone.length === 1 ? one : compact({ matches: gone.length, candidates: gone.slice(0, MAX_CANDIDATES) });
    }
    let found = findSymbols(pool, name);
    // `Owner.member`, unless a namespace's declaration is called so (`BitcoinJsLib.Network`).
    if (found.length === 0 && name.includes('.')) {
      const [ownerName = '', memberName = ''] = [name.slice(0, name.lastIndexOf('.')), name.slice(name.lastIndexOf('.') + 1)];
      const inNamespace = pool.filter((symbol) => symbol.namespace === ownerName && symbol.name === memberName);
      if (inNamespace.length > 0) found = inNamespace;
      else {
        const owners = findSymbols(pool, ownerName).filter((symbol) => symbol.kind === 'class' || symbol.kind === 'constant');
        const hits = owners.flatMap((owner) =>
          owner.kind === 'class' || owner.kind === 'constant'
            ? owner.members.filter((member) => member.name === memberName && member.kind !== 'constructor').map((member) => ({ owner, member }))
            : [],
        );
        const [hit] = hits;
        if (hit !== undefined && hits.length === 1) return ownedMemberAnswer(docs, catalog, hit.owner, hit.member);
        if (hits.length > 1) {
          return compact({
            sdk: [...new Set(hits.map((each) => sdkOf(catalog, each.owner)))].join(', '),
            matches: hits.length,
            candidates: hits.slice(0, MAX_CANDIDATES).map((each) => ownedMemberAnswer(docs, catalog, each.owner, each.member)),
          });
        }
        if (owners.length > 0) {
          const members = owners.flatMap((owner) => (owner.kind === 'class' || owner.kind === 'constant' ? owner.members : []));
          const near = members
            .filter((member) => member.kind !== 'constructor' && editDistance(member.name.toLowerCase(), memberName.toLowerCase()) <= 2)
            .map((member) => `${ownerName}.${member.name}`);
          return {
            miss: `${ownerName} has no member "${memberName}".`,
            suggestions: near.length > 0 ? near : members.filter((member) => member.kind !== 'constructor').map((member) => `${ownerName}.${member.name}`),
          };
        }
      }
    }
    if (found.length === 0) {
      const near = nearMatches(catalog, name.split('.').pop() ?? name, pool);
      const elsewhere = pkg === undefined ? [] : findSymbols(catalog.symbols, name).map((symbol) => candidateLine(catalog, symbol));
      return {
        miss: `No export of ${pkg === undefined ? 'the SDK packages' : `@defichain/${pkg}`} is named "${name}".${
          near.length === 0 && elsewhere.length === 0 ? ' For a type of the RPC or Ocean client ask get_type; for a word, search.' : ''
        }`,
        suggestions: [...elsewhere, ...near].slice(0, MAX_SUGGESTIONS),
      };
    }
    const [first] = found;
    if (first !== undefined && found.length === 1) return symbolAnswer(docs, catalog, first);
    const packages = [...new Set(found.map((symbol) => symbol.package))];
    return compact({
      sdk: packages.map((short) => sdkOf(catalog, found.find((symbol) => symbol.package === short) ?? (first as SdkSymbol))).join(', '),
      matches: found.length,
      ambiguous: `${found.length} symbols are named "${name}"${packages.length > 1 ? ` in ${packages.join(', ')}` : ''}; pass \`package\` (or ask for \`package.${name}\`) for one alone.`,
      candidates: found.slice(0, MAX_CANDIDATES).map((symbol) => {
        const place = symbolPlace(catalog, symbol);
        const facts = kindFacts(docs, catalog, symbol, place);
        return compact({
          name: symbol.name,
          package: catalog.packages.get(symbol.package)?.name ?? symbol.package,
          kind: sdkKindName(symbol),
          exported: symbol.exported ? undefined : false,
          signature:
            typeof facts.signature === 'string'
              ? facts.signature
              : (facts.signatures as Array<{ signature?: string }> | undefined)?.map((each) => each.signature).join('\n'),
          description: excerpt(symbol.doc.text, 200),
          url: place === undefined ? undefined : docs.url(place.route, place.anchor),
        });
      }),
    });
  },
});
