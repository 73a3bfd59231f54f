// Renders one RPC category page (MDX) and the categories partial of the node overview.
import type {
  Doc,
  MethodSignature,
  Parameter,
  ParameterFieldDoc,
  RpcCategory,
  RpcExample,
  RpcMethod,
  RpcReference,
  RuntimeTypeNote,
  TypeDeclaration,
} from '../model/types';
import { fieldRequired, fieldTypeAt, methodDeprecated, methodDoc, namedReplacement, objectShapes, sourceUrl, type ObjectShape } from '../model/queries';
import {
  admonition,
  codeBlock,
  definitionList,
  docToCell,
  docToMdx,
  escapeDocLine,
  paramTextCell,
  escapeInline,
  frontMatter,
  heading,
  inlineCode,
  LINK_IMPORT,
  markdownLink,
  table,
  tabs,
  TABS_IMPORTS,
  deferredSection,
  deprecationAdmonition,
  MOVED_ANCHORS_IMPORT,
  movedAnchorsElement,
} from './mdx';
import { renderRunExample, type RunExampleCode } from './rpc-example';
import { rpcErrorsBlock } from './errors';
import {
  EXTERNAL_TYPE_LINKS,
  methodAnchor,
  rpcCategoryPages,
  rpcMethodHref,
  rpcPageRoute,
  rpcPageRouteOf,
  rpcTypeHome,
  rpcTypeHref,
  typeAnchors,
  type RpcPage,
} from '../model/routes';
import { renderTypeSection, signatureBlock, TypeWriter, typeToMarkdown, type ReferenceNamer, type TypeToken } from './types';
import { changeVersions, historyFacts, historyLine, type HistoryExtra } from './history';
import type { ItemHistory } from '../model/history';
import { nodeSince } from './node-rpc-page';
import { nodeDifferencesLine } from './sdk-vs-node';

/** Tabs of every example share this group, so the reader's language choice holds across methods and pages. */
const EXAMPLE_TABS_GROUP = 'rpc-example-language';

/** Links of a page's type names: to the section on the page, or on the type's home page (`elsewhere`). */
function pageNamer(anchors: ReadonlyMap<string, string>, elsewhere: ReadonlyMap<string, string> = new Map()): ReferenceNamer {
  return (reference) => {
    if (reference.target.kind === 'declared') {
      const anchor = anchors.get(reference.target.id);
      return { name: reference.name, href: elsewhere.get(reference.target.id) ?? (anchor ? `#${anchor}` : undefined) };
    }
    if (reference.target.kind === 'external') {
      return { name: reference.name, href: EXTERNAL_TYPE_LINKS[`${reference.target.module}#${reference.target.name}`] };
    }
    return { name: reference.name };
  };
}

function signatureTokens(method: RpcMethod, signature: MethodSignature, namer: ReferenceNamer): TypeToken[] {
  const writer = new TypeWriter(namer);
  writer.raw(method.name);
  writer.typeParameters(signature.typeParameters);
  writer.parameters(signature.parameters);
  writer.raw(': ');
  writer.type(signature.returns);
  return writer.take();
}

/** Required or optional as this signature says; the implementation's default only where the signature lets it apply. */
function requirement(parameter: Parameter): string {
  if (!parameter.optional && !parameter.rest) return 'required';
  if (parameter.defaultValue !== null) return `optional, default ${inlineCode(parameter.defaultValue.text, true)}`;
  return 'optional';
}

/** How a field of a parameter's object type is required; across a union's shapes, shape by shape where they differ. */
function fieldRequirement(shapes: readonly ObjectShape[], name: string, fieldDoc: ParameterFieldDoc | undefined): string {
  const states = shapes.map((shape) => {
    const field = shape.fields.find((candidate) => candidate.field.name === name)?.field;
    return field === undefined ? 'absent' : field.optional ? 'optional' : 'required';
  });
  const [first = 'absent'] = states;
  if (states.every((state) => state === first)) {
    if (first === 'optional' && fieldDoc !== undefined && fieldDoc.defaultValue !== null)
      return `optional, default ${inlineCode(fieldDoc.defaultValue.text, true)}`;
    return first;
  }
  return shapes.map((shape, index) => `${states[index] === 'absent' ? 'not' : states[index]} in ${inlineCode(shape.name, true)}`).join('; ');
}

/** The release history a parameter row is measured against: its method's (or overload's) since and changes. */
interface RowContainer {
  since: string | null;
  history: ItemHistory | undefined;
}

/** A row for a `@param a.b.c` tag below the parameter's own fields (or on a type that has no declared fields). */
function fieldDocRow(reference: RpcReference, parameter: Parameter, fieldDoc: ParameterFieldDoc, namer: ReferenceNamer): string[] {
  // Prefer the declared field (its real type, linked) over the type the comment writes.
  const field = fieldTypeAt(reference.types, parameter.type, fieldDoc.path.split('.').slice(1));
  const needed = fieldRequired(field, fieldDoc);
  const required =
    needed === null
      ? ''
      : needed
        ? 'required'
        : fieldDoc.defaultValue !== null
          ? `optional, default ${inlineCode(fieldDoc.defaultValue.text, true)}`
          : 'optional';
  const type = field ? typeToMarkdown(field.type, namer) : fieldDoc.typeText === '' ? '' : inlineCode(fieldDoc.typeText, true);
  return [inlineCode(fieldDoc.path, true), type, required, paramTextCell(fieldDoc.path.split('.').at(-1) ?? fieldDoc.path, fieldDoc.description)];
}

/**
 * The rows of a signature's parameters. Below a parameter of an object type (an interface, an inline object, an array
 * of them, or a union of them) comes every field of it, with its type and requirement, whether or not the package
 * documents it: the `@param options.field` text where there is one, else the field's own doc comment.
 * Deeper `@param options.field.sub` rows follow their field; tags naming no declared field come last.
 */
function parameterRows(reference: RpcReference, parameters: readonly Parameter[], namer: ReferenceNamer, container?: RowContainer): string[][] {
  const rows: string[][] = [];
  for (const parameter of parameters) {
    rows.push([
      inlineCode(`${parameter.rest ? '...' : ''}${parameter.name}`, true),
      typeToMarkdown(parameter.type, namer),
      requirement(parameter),
      ...(container === undefined ? [] : historyFacts(parameter.history, container.since, changeVersions(container.history))),
      paramTextCell(parameter.name, parameter.description),
    ]);
    // A comment that documents the same field twice gets one row.
    const fieldDocs = parameter.fieldDocs.filter((fieldDoc, index, all) => all.findIndex((other) => other.path === fieldDoc.path) === index);
    const used = new Set<ParameterFieldDoc>();
    const shapes = objectShapes(reference.types, parameter.type);
    const names = [...new Set(shapes.flatMap((shape) => shape.fields.map((owned) => owned.field.name)))];
    for (const name of names) {
      const path = `${parameter.name}.${name}`;
      const owned = shapes.flatMap((shape) => shape.fields).find((candidate) => candidate.field.name === name);
      if (owned === undefined) continue;
      const fieldDoc = fieldDocs.find((candidate) => candidate.path === path);
      if (fieldDoc !== undefined) used.add(fieldDoc);
      const described = fieldDoc !== undefined && fieldDoc.description.trim() !== '' ? fieldDoc.description : owned.field.doc.text;
      rows.push([inlineCode(path, true), typeToMarkdown(owned.field.type, namer), fieldRequirement(shapes, name, fieldDoc), paramTextCell(name, described)]);
      for (const deeper of fieldDocs) {
        if (used.has(deeper) || !(deeper.path.startsWith(`${path}.`) || deeper.path.startsWith(`${path}[`))) continue;
        used.add(deeper);
        rows.push(fieldDocRow(reference, parameter, deeper, namer));
      }
    }
    for (const fieldDoc of fieldDocs) if (!used.has(fieldDoc)) rows.push(fieldDocRow(reference, parameter, fieldDoc, namer));
  }
  return rows;
}

/** "Use client.vault.createVault instead", when the deprecation names another category that has the same method. */
function replacementOf(reference: RpcReference, category: RpcCategory, method: RpcMethod, reason: string): string | null {
  const named = namedReplacement(reference, category, method, reason);
  if (named === null) return null;
  return `Use ${markdownLink(rpcMethodHref(reference, named.category.name, named.method.name), `client.${named.category.name}.${named.method.name}`)} instead.`;
}

function methodDeprecation(reference: RpcReference, category: RpcCategory, method: RpcMethod, doc: Doc, history: ItemHistory | undefined): string | null {
  if (doc.deprecated === null) return null;
  return deprecationAdmonition('this method', doc.deprecated, replacementOf(reference, category, method, doc.deprecated), history?.deprecated ?? null);
}

/** The node RPCs a method calls, each with the node release that added it (when the reference carries the node's). */
function rpcLine(method: RpcMethod, reference: RpcReference): string {
  const { names, computed } = method.rpc;
  const named = (name: string): string => `${inlineCode(name)}${nodeSince(reference.nodeRpcs, name)}`;
  if (computed && names.length === 0) return '**Node RPC:** a name computed at run time (see the source).';
  if (computed) return `**Node RPC:** ${names.map(named).join(', ')} and a name computed at run time (see the source).`;
  if (names.length === 1) return `**Node RPC:** ${named(names[0] ?? '')}`;
  if (names.length === 0) return '**Node RPC:** none called directly.';
  return `**Node RPCs:** several, in turn: ${names.map(named).join(', ')}`;
}

/**
 * The signature, its parameters and what it returns. An overload after the first lists only the parameter rows that
 * differ from the first overload's (the rest read the same and are said once).
 */
function signatureDetails(reference: RpcReference, method: RpcMethod, signature: MethodSignature, namer: ReferenceNamer, first?: MethodSignature): string[] {
  const parts = [signatureBlock(signatureTokens(method, signature, namer))];
  const container = { since: signature.history?.since ?? method.history?.since ?? null, history: method.history };
  const rows = parameterRows(reference, signature.parameters, namer, container);
  if (first === undefined || first === signature) {
    if (rows.length > 0) parts.push(definitionList(rows));
  } else if (rows.length > 0) {
    const firstRows = new Set(parameterRows(reference, first.parameters, namer, container).map((row) => row.join('\u0000')));
    const own = rows.filter((row) => !firstRows.has(row.join('\u0000')));
    if (own.length === 0) parts.push('Its parameters read as in overload 1.');
    else
      parts.push(
        own.length === rows.length ? definitionList(own) : `Parameters that differ from overload 1 (the others read the same):\n\n${definitionList(own)}`,
      );
  }
  // The return type is in the signature above, linked: a line of its own only where the package says what it means.
  if (signature.returnsDescription !== '')
    parts.push(`**Returns** ${typeToMarkdown(signature.returns, namer, false)}: ${docToCell(signature.returnsDescription)}`);
  return parts;
}

/**
 * What an overload's doc comment adds to the method's: nothing when they are the same, and without the opening line
 * they share (the package often repeats "Get the balances of …" on every overload), which the section already shows.
 */
export function overloadText(overload: string, method: string): string {
  const text = overload.trim();
  if (text === '' || text === method.trim()) return '';
  const opening = method.trim().split('\n', 1)[0]?.trim() ?? '';
  if (opening === '' || !text.startsWith(opening)) return text;
  return text.slice(opening.length).trim();
}

/** What the page says where the value the SDK hands back is not of the type the package declares. */
function runtimeNote(example: RunExampleCode, runtime: RpcExample): string | null {
  if (runtime.runtimeTypes.length === 0) return null;
  const variable = example.resultVariable ?? 'result';
  // `*` (every key of a map) reads as an index by key.
  const where = (path: string): string =>
    path === '' ? inlineCode(variable) : inlineCode(`${variable}${path.startsWith('[') || path.startsWith('*') ? '' : '.'}${path}`.replace(/\.?\*/g, '[key]'));
  const what = (note: RuntimeTypeNote): string => {
    if (note.returned === '') return '';
    const returned = note.returned === 'absent' ? 'absent at run time' : `a ${inlineCode(note.returned)} at run time`;
    return `${returned}; the package declares ${inlineCode(note.declared)}.`;
  };
  const items = runtime.runtimeTypes.map((note) => `- ${where(note.path)}: ${[what(note), escapeDocLine(note.reason)].filter(Boolean).join(' ')}`);
  const parsedAsNumber = runtime.runtimeTypes.some((note) => note.reason === '' && note.returned === 'number');
  const body = [
    parsedAsNumber
      ? `The client parses this answer with the precision ${inlineCode(runtime.precision)}, and the node's answer and the declared type part here:`
      : `The node's answer and the package's declared type part here:`,
    '',
    ...items,
  ];
  if (parsedAsNumber) {
    body.push(
      '',
      `A plain ${inlineCode('number')} has no ${inlineCode('.plus()')} or ${inlineCode('.isEqualTo()')}, and amounts with more than 15 significant digits lose their last ones. Wrap the value (${inlineCode('new BigNumber(value)')}) before arithmetic.`,
    );
  }
  return admonition('warning', 'Types at run time', body.join('\n'));
}

/** The example's tabs (TypeScript, curl), the node's answer under them, and what the client really returns. */
function exampleBlocks(example: RunExampleCode, runtime: RpcExample | undefined, title: string): string[] {
  const parts: string[] = [];
  if (title !== '') parts.push(`**Example: ${escapeInline(title)}**`);
  parts.push(
    tabs(EXAMPLE_TABS_GROUP, [
      { value: 'typescript', label: 'TypeScript', content: codeBlock('ts', example.typescript, example.fileName) },
      { value: 'curl', label: 'JSON-RPC (curl)', content: codeBlock('bash', example.curl) },
    ]),
  );
  if (runtime) {
    parts.push(codeBlock('json', example.response, `Response of ${runtime.rpcMethod}`));
    const note = runtimeNote(example, runtime);
    if (note) parts.push(note);
  }
  return parts;
}

/**
 * The examples of a method, each run from its data file through the SDK while generating. A method without data shows
 * none: no example is shown that the SDK has not run (`npm test` fails on such a method, see tests/unit/rpc-run.test.ts).
 */
function methodExamples(reference: RpcReference, category: RpcCategory, method: RpcMethod): RunExampleCode[] {
  return method.examples.map((example, index) => renderRunExample(reference, category, method, example, index));
}

/** "Replaces `createCfp(data: CFPData, …)`, dropped in 3.5.2": methods a recent release dropped for this one. */
function replacedHere(reference: RpcReference, category: RpcCategory, method: RpcMethod): HistoryExtra[] {
  return (reference.history?.removed ?? [])
    .filter((removed) => removed.replacedBy?.category === category.name && removed.replacedBy.name === method.name)
    .map((removed) => [
      'replaces ',
      { code: removed.replacedBy?.category === removed.category ? removed.name : removed.key },
      `, dropped in ${removed.removedIn}: `,
      { code: removed.signature },
    ]);
}

function renderMethodSection(reference: RpcReference, page: RpcPage, method: RpcMethod, namer: ReferenceNamer, examples: readonly RunExampleCode[]): string {
  const { category } = page;
  const doc = methodDoc(method);
  const parts = [heading(2, method.name, methodAnchor(method))];
  const history = historyLine(method.history, replacedHere(reference, category, method));
  if (history !== null) parts.push(history);
  const allDeprecated = methodDeprecated(method);
  if (allDeprecated) {
    const notice = methodDeprecation(reference, category, method, doc, method.history);
    if (notice) parts.push(notice);
  }
  parts.push(
    doc.text === ''
      ? `The package documents no description for ${inlineCode(method.name)}; its types below say what it takes and returns.`
      : docToMdx(doc.text),
  );
  parts.push(rpcLine(method, reference));
  if (method.signatures.length === 1 && method.signatures[0]) {
    parts.push(...signatureDetails(reference, method, method.signatures[0], namer));
  } else {
    parts.push(`${inlineCode(method.name)} has ${method.signatures.length} overloads; the argument types pick one.`);
    method.signatures.forEach((signature, index) => {
      const ownText = overloadText(signature.doc.text, doc.text);
      const own = ownText === '' ? '' : ` ${docToCell(ownText)}`;
      const since = index > 0 && signature.history?.since ? ` Since ${signature.history.since}.` : '';
      parts.push(`**Overload ${index + 1}.**${since}${own}`);
      if (!allDeprecated) {
        const notice = methodDeprecation(reference, category, method, signature.doc, index === 0 ? method.history : signature.history);
        if (notice) parts.push(notice);
      }
      parts.push(...signatureDetails(reference, method, signature, namer, method.signatures[0]));
    });
  }
  const againstNode = reference.nodeRpcs === undefined ? null : nodeDifferencesLine(method.nodeDifferences ?? [], reference.nodeRpcs.tag);
  if (againstNode !== null) parts.push(againstNode);
  for (const example of (doc.examples ?? []).filter((entry) => entry !== '')) parts.push(codeBlock('text', example, 'Example from the doc comment'));
  const see = doc.see.filter((entry) => entry !== '');
  if (see.length > 0) {
    const seeLinks = see.map((entry) => {
      const target = category.methods.find((candidate) => candidate.name === entry);
      if (target === undefined) return escapeInline(entry);
      const here = page.methods.includes(target);
      return `[${inlineCode(target.name)}](${here ? `#${methodAnchor(target)}` : rpcMethodHref(reference, category.name, target.name)})`;
    });
    parts.push(`**See also:** ${seeLinks.join(', ')}`);
  }
  examples.forEach((example, index) =>
    parts.push(...exampleBlocks(example, method.examples[index], examples.length > 1 ? (method.examples[index]?.title ?? '') : '')),
  );
  if (method.exampleNotes.length > 0) parts.push(method.exampleNotes.map((note) => `- ${escapeDocLine(note)}`).join('\n'));
  if (method.errors && reference.errors) parts.push(rpcErrorsBlock(method.errors, reference.errors));
  const first = method.signatures[0]?.source;
  if (first) parts.push(markdownLink(sourceUrl(reference.package, first.path, first.line), `Source of ${method.name} (${reference.package.tag})`));
  return deferredSection(parts[0] as string, parts.slice(1));
}

export interface RenderedCategory {
  /** '' for the category's own page, else the further page's (generator/extract/rpc/pages.ts). */
  slug: string;
  mdx: string;
  examples: RunExampleCode[];
  setup: { fileName: string; typescript: string };
}

/** A minimal typed set-up for a category: the client and the category object. */
function renderSetup(reference: RpcReference, category: RpcCategory): { fileName: string; typescript: string } {
  const path = reference.modulePaths[category.module] ?? reference.package.name;
  const variable = category.name;
  const typescript = [
    "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
    `import type { ${category.className} } from '${path}';`,
    '',
    "const client = new JsonRpcClient('http://user:pass@127.0.0.1:8554');",
    `const ${variable}: ${category.className} = client.${category.name};`,
    '',
  ].join('\n');
  return { fileName: `${category.name}.setup.ts`, typescript };
}

/** The route of a page, relative to its docs area, for its front matter's slug. */
function areaSlug(route: string): string {
  return route.replace(/^\/[^/]+/, '');
}

/** "13 of its 28 methods": how much of a category a page shows. */
function shareOf(page: RpcPage): string {
  const all = page.category.methods.length;
  return `${page.methods.length} of its ${all} ${all === 1 ? 'method' : 'methods'}`;
}

/** On a split category's own page: its further pages, each with what it holds and its methods, linked. */
function furtherPagesList(reference: RpcReference, category: RpcCategory): string {
  const items = (category.pages ?? []).map((page) => {
    const route = rpcPageRoute(category.name, page.slug);
    const methods = page.methods.map((name) => `[${inlineCode(name)}](${rpcMethodHref(reference, category.name, name)})`);
    return `- ${markdownLink(route, page.title)} (${page.methods.length} methods): ${escapeDocLine(page.summary)} ${methods.join(', ')}.`;
  });
  return items.join('\n');
}

/**
 * The anchors the category's one page had that its own page no longer holds, and where each went: the further
 * page's slug, with `#anchor` where the id differs there (src/components/MovedAnchors).
 */
function movedAnchors(reference: RpcReference, category: RpcCategory, own: RpcPage): Record<string, string> {
  const held = new Set<string>([...own.methods.map(methodAnchor), ...typeAnchors(own, reference).values()]);
  const moved: Record<string, string> = {};
  const base = `${rpcPageRoute(category.name)}/`;
  const add = (anchor: string, href: string | undefined): void => {
    if (held.has(anchor) || href === undefined || !href.startsWith(base)) return;
    const [route = '', target = ''] = href.slice(base.length).split('#');
    moved[anchor] = target === anchor ? route : `${route}#${target}`;
  };
  for (const method of category.methods) add(methodAnchor(method), rpcMethodHref(reference, category.name, method.name));
  for (const [id, anchor] of typeAnchors(category, reference)) add(anchor, rpcTypeHref(reference, id));
  return moved;
}

/** The pages of a category: its own, then each further page of a category split into several (generator/extract/rpc/pages.ts). */
export function renderCategoryPages(reference: RpcReference, category: RpcCategory): RenderedCategory[] {
  const pages = rpcCategoryPages(category);
  const setup = renderSetup(reference, category);
  return pages.map((page) => renderRpcPage(reference, page, setup, pages.length > 1));
}

function renderRpcPage(reference: RpcReference, page: RpcPage, setup: RenderedCategory['setup'], split: boolean): RenderedCategory {
  const { category } = page;
  const route = rpcPageRouteOf(page);
  const further = category.pages?.find((candidate) => candidate.slug === page.slug);
  const anchors = typeAnchors(page, reference);
  // A type that another page shows (its home, see rpcTypeHome) is linked there rather than repeated here.
  const borrowed = new Map<string, string>();
  for (const id of page.typeIds) {
    const home = rpcTypeHome(reference, id);
    const href = home !== undefined && home.category === category && home.slug === page.slug ? undefined : rpcTypeHref(reference, id);
    if (href !== undefined) borrowed.set(id, href);
  }
  const ownTypeIds = page.typeIds.filter((id) => !borrowed.has(id));
  const namer = pageNamer(anchors, borrowed);
  const methodExampleLists = page.methods.map((method) => methodExamples(reference, category, method));
  const examples = methodExampleLists.flat();
  const methodCount = page.methods.length;
  const signatures = page.methods.reduce((sum, method) => sum + method.signatures.length, 0);
  const { name: packageName, version } = reference.package;
  const typesSentence =
    page.typeIds.length === 0
      ? '.'
      : borrowed.size === 0
        ? `, and uses the ${page.typeIds.length} types listed under ${markdownLink('#types', 'Types')}.`
        : `, and uses ${page.typeIds.length} types: ${ownTypeIds.length} listed under ${markdownLink('#types', 'Types')}, and ${borrowed.size} that other pages show, linked from there.`;
  const signatureNote = signatures === methodCount ? '' : ` (${signatures} signatures, counting overloads)`;
  const opening =
    further !== undefined
      ? `${escapeInline(further.title)}: ${shareOf(page)} of ${inlineCode(`client.${category.name}`)}, the ${inlineCode(category.className)} category of ${inlineCode('ApiClient')}, as published in ${inlineCode(packageName)} ${version}; ${markdownLink(rpcPageRoute(category.name), `its page`)} has the others. ` +
        `This page has ${methodCount} ${methodCount === 1 ? 'method' : 'methods'}${signatureNote}${typesSentence}`
      : `Every method of ${inlineCode(`client.${category.name}`)}, the ${inlineCode(category.className)} category of ${inlineCode('ApiClient')}, as published in ${inlineCode(packageName)} ${version}. ` +
        (split
          ? `It has ${category.methods.length} methods, on ${(category.pages?.length ?? 0) + 1} pages: this one has ${methodCount}${signatureNote}${typesSentence}`
          : `It has ${methodCount} ${methodCount === 1 ? 'method' : 'methods'}${signatureNote}${typesSentence}`);
  const intro = [opening];
  if (split && further === undefined) {
    intro.push(`The others are on pages of their own:`, furtherPagesList(reference, category));
    const moved = movedAnchors(reference, category, page);
    if (Object.keys(moved).length > 0) intro.push(movedAnchorsElement(route, moved));
  }
  intro.push(
    `Any ${inlineCode('ApiClient')} reaches the category as ${inlineCode(`client.${category.name}`)}; with ${inlineCode('JsonRpcClient')} from ${inlineCode('@defichain/jellyfish-api-jsonrpc')} (JSON-RPC 1.0 over HTTP) the set-up is:`,
    codeBlock('ts', setup.typescript, setup.fileName),
    `Examples use mainnet (port 8554) with illustrative values, not recordings: each ran through the SDK's client against a stand-in node that gave the response shown.`,
  );
  // The class comments are one-liners, some copied between classes (Vault's says "Loan RPCs"): the intro above says it better.
  const sections = page.methods.map((method, index) => renderMethodSection(reference, page, method, namer, methodExampleLists[index] ?? []));
  const typeSections: string[] = [];
  if (page.typeIds.length > 0) {
    typeSections.push(heading(2, 'Types', 'types'));
    typeSections.push(`The interfaces, enums and type aliases that the methods above use, directly or through each other.`);
    if (borrowed.size > 0) {
      const links = [...borrowed].map(([id, href]) => `[${inlineCode(reference.types[id]?.name ?? id)}](${href})`);
      typeSections.push(`Shown on the page of the category that declares them: ${links.join(', ')}.`);
    }
    for (const id of ownTypeIds) {
      const declaration: TypeDeclaration | undefined = reference.types[id];
      const anchor = anchors.get(id);
      if (!declaration || !anchor) continue;
      typeSections.push(renderTypeSection(declaration, { level: 3, anchor, namer, types: reference.types }));
    }
  }
  const description =
    further === undefined
      ? `${category.className} methods of the DeFiChain full node client (client.${category.name}) in ${packageName} ${version}: signatures, parameters, node RPCs and examples.`
      : `${further.title}: ${category.className} methods of the DeFiChain full node client (client.${category.name}) in ${packageName} ${version}: signatures, parameters, node RPCs and examples.`;
  const fields: Record<string, string | number> =
    further === undefined
      ? { title: category.className, sidebar_label: category.name, description }
      : {
          title: `${category.className}: ${further.title}`,
          sidebar_label: further.title,
          // In the plan's order, after the category's own page (the folder's link).
          sidebar_position: (category.pages?.indexOf(further) ?? 0) + 1,
          description,
        };
  // A split category's pages sit in a folder of their own (generator/cli.ts): the route is said, not left to the path.
  if (split) fields.slug = areaSlug(route);
  const imports = [...TABS_IMPORTS, LINK_IMPORT];
  if (split && further === undefined) imports.push(MOVED_ANCHORS_IMPORT);
  const mdx = [
    frontMatter(fields),
    imports.join('\n'),
    '{/* Generated by `npm run generate` from the installed package. Do not edit: changes are overwritten. */}',
    ...intro,
    ...sections,
    ...typeSections,
  ].join('\n\n');
  return { slug: page.slug, mdx: `${mdx}\n`, examples, setup };
}

/** A one-line summary of a category: its first methods by name. */
function categorySummary(category: RpcCategory): string {
  const shown = category.methods.slice(0, 3).map((method) => inlineCode(method.name, true));
  const more = category.methods.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** The partial the node overview imports: category, method count, summary. */
export function renderCategoriesPartial(reference: RpcReference): string {
  const categories = [...reference.categories].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const rows = categories.map((category) => [
    markdownLink(rpcPageRoute(category.name), category.name),
    String(category.methods.length),
    categorySummary(category),
  ]);
  return `{/* Generated by \`npm run generate\` from ${reference.package.name} ${reference.package.version}. */}\n\n${table(['Category', 'Methods', 'Summary'], rows)}\n`;
}
