// Renders the pages of the SDK's other packages (generator/model/sdk.ts): one page per package, or per group of a
// package split into pages, with a section for every export (signature, parameters, returns, members, doc comment,
// source link) and for the declarations the exports use that the package does not export; and the overview partial
// that lists every package.
import type { Doc, MethodSignature, Parameter, TypeDeclaration, TypeParameter } from '../model/types';
import type { SdkClass, SdkConstant, SdkMember, SdkMemberExample, SdkPackage, SdkReference, SdkSymbol } from '../model/sdk';
import { returnsNothing, sourceUrl } from '../model/queries';
import { inheritedConstructor, inheritedFields, inheritedMembers, sdkKindName, sdkSubtypes } from '../model/sdk-queries';
import {
  codeBlock,
  deferredSection,
  definitionList,
  deprecationAdmonition,
  docToCell,
  docToMdx,
  docWithBlocksToMdx,
  escapeDocLine,
  escapeInline,
  frontMatter,
  heading,
  inlineCode,
  LINK_IMPORT,
  MOVED_ANCHORS_IMPORT,
  movedAnchorsElement,
  markdownLink,
  table,
} from './mdx';
import { historyFacts, historyLine } from './history';

/** How many of an item's changes the line under its heading shows, newest first in time order; the release pages list all. */
const LINE_CHANGES = 3;
import { declarationTokens, docTagsCell, fieldRow, signatureBlock, TypeWriter, typeToMarkdown, type ReferenceNamer, type TypeToken } from './types';
import {
  releaseAnchor,
  releasePageRoute,
  sdkAnchorCache,
  sdkExportIds,
  sdkHref,
  sdkMemberHasSection,
  sdkPageRoute,
  sdkPageSymbols,
  sdkRemovedAnchor,
  sdkRemovedHref,
  SDK_REMOVED_SECTION,
} from '../model/routes';
import { versionParts, type SdkRemovedItem } from '../model/history';

export interface SdkPageOptions {
  /** Where types of other packages are explained or listed, by `module#Name` (RPC and Ocean types, bignumber.js). */
  externalLinks: Readonly<Record<string, string>>;
  /** The byte layout of each DfTx composer on the custom transaction pages, by class name (`CPoolSwap`). */
  dftxLayouts?: Readonly<Record<string, string>>;
}

/** Where a re-exported name of another npm package is explained: the site's page, else its npm page. */
const NPM = 'https://www.npmjs.com/package/';

interface PageContext {
  reference: SdkReference;
  pkg: SdkPackage;
  slug: string;
  route: string;
  namer: ReferenceNamer;
  anchors: (pkg: SdkPackage, slug: string) => ReadonlyMap<string, string>;
  externalLinks: Readonly<Record<string, string>>;
  dftxLayouts: Readonly<Record<string, string>>;
}

/** The link of a symbol or member: `#anchor` on this page, the page and anchor elsewhere. */
function hrefOf(context: PageContext, id: string): string | undefined {
  const href = sdkHref(context.reference, id, context.anchors);
  if (href === undefined) return undefined;
  return href.startsWith(`${context.route}#`) ? href.slice(context.route.length) : href;
}

function pageNamer(context: Omit<PageContext, 'namer'>): ReferenceNamer {
  return (reference) => {
    if (reference.target.kind === 'declared') return { name: reference.name, href: hrefOf({ ...context, namer: () => ({ name: '' }) }, reference.target.id) };
    if (reference.target.kind === 'external')
      return { name: reference.name, href: context.externalLinks[`${reference.target.module}#${reference.target.name}`] };
    return { name: reference.name };
  };
}

/** The link to a declaration in the SDK's repository at the tag; the intro names the package and tag once. */
function sourceLink(reference: SdkReference, source: SdkSymbol['source'], what: string): string | null {
  return source === null ? null : markdownLink(sourceUrl(reference, source.path, source.line), `Source of ${what}`);
}

/** The warning of a deprecated symbol or member, since the version the release history names, as every reference says it. */
function deprecation(doc: Doc, what: string, history: SdkSymbol['history']): string | null {
  return doc.deprecated === null ? null : deprecationAdmonition(what, doc.deprecated, null, history?.deprecated ?? null);
}

/** `@see` targets: a symbol of the package links to its section, anything else is shown as written. */
function seeAlso(context: PageContext, doc: Doc): string | null {
  const see = doc.see.filter((entry) => entry !== '');
  if (see.length === 0) return null;
  const links = see.map((entry) => {
    const target = context.pkg.exports.map((id) => context.reference.symbols[id]).find((symbol) => symbol?.name === entry);
    const href = target === undefined ? undefined : hrefOf(context, target.id);
    return href === undefined ? escapeDocLine(entry) : `[${inlineCode(entry)}](${href})`;
  });
  return links.length === 1 ? `**See also:** ${links[0] as string}` : ['**See also:**', '', ...links.map((link) => `- ${link}`)].join('\n');
}

/**
 * What a section shows of a doc comment's tags below its signature: what it throws, its `@default`, what a
 * function-typed declaration returns, the examples, and the `@see` targets.
 */
function docTagParts(context: PageContext, doc: Doc): string[] {
  const parts: string[] = [];
  for (const thrown of doc.throws ?? []) parts.push(`**Throws** ${docToCell(thrown)}`);
  for (const note of doc.notes ?? []) parts.push(`**${escapeInline(note.tag.charAt(0).toUpperCase() + note.tag.slice(1))}** ${docToCell(note.text)}`);
  if (doc.defaultText !== undefined) parts.push(`**Default** ${inlineCode(doc.defaultText)}`);
  if (doc.returns !== undefined) parts.push(`**Calling it returns** ${docToCell(doc.returns)}`);
  parts.push(...(doc.examples ?? []).filter((example) => example !== '').map((example) => codeBlock('text', example, 'Example from the doc comment')));
  const see = seeAlso(context, doc);
  if (see !== null) parts.push(see);
  return parts;
}

function requirement(parameter: Parameter): string {
  if (!parameter.optional && !parameter.rest) return 'required';
  if (parameter.defaultValue !== null) return `optional, default ${inlineCode(parameter.defaultValue.text, true)}`;
  return 'optional';
}

function parameterList(parameters: readonly Parameter[], namer: ReferenceNamer): string | null {
  const rows: string[][] = [];
  for (const parameter of parameters) {
    rows.push([
      inlineCode(`${parameter.rest ? '...' : ''}${parameter.name}`, true),
      typeToMarkdown(parameter.type, namer),
      requirement(parameter),
      docToCell(parameter.description),
    ]);
    for (const field of parameter.fieldDocs) {
      rows.push([
        inlineCode(field.path, true),
        field.typeText === '' ? '' : inlineCode(field.typeText, true),
        field.defaultValue !== null ? `default ${inlineCode(field.defaultValue.text, true)}` : field.optional ? 'optional' : '',
        docToCell(field.description),
      ]);
    }
  }
  return rows.length === 0 ? null : definitionList(rows);
}

/** A callable's signature line: `name<T>(a: A): R`, `new Name(a: A)`, `static name(...)`. */
function callTokens(prefix: string, signature: MethodSignature, namer: ReferenceNamer, returns: boolean): TypeToken[] {
  const writer = new TypeWriter(namer);
  writer.raw(prefix);
  writer.typeParameters(signature.typeParameters);
  writer.parameters(signature.parameters);
  if (returns) {
    writer.raw(': ');
    writer.type(signature.returns);
  }
  return writer.take();
}

/** Signatures (each with its own doc where overloads differ), parameters and what they return. */
function signatureParts(prefix: string, signatures: readonly MethodSignature[], namer: ReferenceNamer, returns: boolean, memberDoc: Doc): string[] {
  const parts: string[] = [];
  signatures.forEach((signature, index) => {
    if (signatures.length > 1) {
      const own = signature.doc.text.trim() !== '' && signature.doc.text.trim() !== memberDoc.text.trim() ? ` ${docToCell(signature.doc.text)}` : '';
      parts.push(`**Overload ${index + 1}.**${own}`);
    }
    parts.push(signatureBlock(callTokens(prefix, signature, namer, returns)));
    const list = parameterList(signature.parameters, namer);
    if (list !== null) parts.push(list);
    if (returns && !returnsNothing(signature.returns)) {
      const line = `**Returns** ${typeToMarkdown(signature.returns, namer, false)}`;
      parts.push(signature.returnsDescription === '' ? line : `${line}: ${docToCell(signature.returnsDescription)}`);
    }
  });
  return parts;
}

/** A value the compiled code assigns: inline for a single literal, a JSON block for an object or array. */
function valueParts(value: SdkMember['value'], label: string): string[] {
  if (value === null || value.kind !== 'value') return [];
  if (value.value !== null && typeof value.value === 'object') return [`**${label}**`, codeBlock('json', JSON.stringify(value.value, null, 2))];
  return [`**${label}** ${inlineCode(value.text)}`];
}

/** The worked example of a member (generator/model/sdk.ts, SdkMemberExample): code, outputs, notes, the node RPC. */
export function memberExampleParts(example: SdkMemberExample): string[] {
  const parts = ['**Example**', codeBlock('ts', example.code)];
  for (const output of example.outputs) parts.push(codeBlock(output.language, output.text, output.label));
  for (const note of example.notes ?? []) parts.push(docToMdx(note));
  if (example.rpc !== undefined) parts.push(`The node RPC that makes the same transaction: [${inlineCode(example.rpc.name)}](${example.rpc.route}).`);
  return parts;
}

function memberTitle(owner: SdkSymbol, member: SdkMember): string {
  return member.static ? `${owner.name}.${member.name}` : member.name;
}

function memberSection(context: PageContext, owner: SdkClass | SdkConstant, member: SdkMember): string {
  const anchor = context.anchors(context.pkg, context.slug).get(member.id) ?? member.name.toLowerCase();
  const title = memberTitle(owner, member);
  const parts = [heading(3, title, anchor)];
  // Since when, where newer than its class (a member of the package's first release says nothing).
  const owned = member.history?.since !== undefined && member.history.since === owner.history?.since ? { ...member.history, since: null } : member.history;
  const history = historyLine(owned, [], undefined, LINE_CHANGES);
  if (history !== null) parts.push(history);
  const notice = deprecation(member.doc, inlineCode(title), member.history);
  if (notice !== null) parts.push(notice);
  // `static` is in the signature below; these are not.
  const flags = [
    member.abstract ? 'abstract: each subclass implements it' : '',
    member.kind === 'accessor' ? (member.accessors?.set ? 'getter and setter' : 'getter') : '',
    member.optional ? 'optional' : '',
  ].filter((flag) => flag !== '');
  if (flags.length > 0) parts.push(`*${flags.join(', ')}*`);
  if (member.doc.text !== '') parts.push(docWithBlocksToMdx(member.doc.text));
  if (member.kind === 'method') {
    const prefix = owner.kind === 'class' && member.static ? `static ${member.name}` : member.name;
    parts.push(...signatureParts(prefix, member.signatures, context.namer, true, member.doc));
  } else if (member.type !== null) {
    const writer = new TypeWriter(context.namer);
    writer.raw(`${member.static ? 'static ' : ''}${member.readonly ? 'readonly ' : ''}${member.name}${member.optional ? '?' : ''}: `);
    writer.type(member.type);
    parts.push(signatureBlock(writer.take()));
    parts.push(...valueParts(member.value, 'Value'));
  }
  parts.push(...docTagParts(context, member.doc));
  if (member.example !== undefined) parts.push(...memberExampleParts(member.example));
  const source = sourceLink(context.reference, member.source, `${owner.name}.${member.name}`);
  if (source !== null) parts.push(source);
  return deferredSection(parts[0] as string, parts.slice(1));
}

/** What a symbol is and how to import it, as the section's first line. */
function kindLine(context: PageContext, symbol: SdkSymbol): string {
  const kind = kindLabel(symbol);
  if (!symbol.exported && symbol.deepImport !== null) {
    return `*${kind}, not exported by the entry point:* import it from the module that declares it · ${inlineCode(`import { ${symbol.name} } from '${symbol.deepImport}'`)}`;
  }
  if (!symbol.exported) {
    return `*${kind}, not exported:* the package's entry point does not export it, so it cannot be imported by name; the package's exports use it in their types.`;
  }
  const imported = symbol.namespace === null ? symbol.name : symbol.namespace;
  const importLine = `import { ${imported} } from '${context.pkg.name}'`;
  const alias = symbol.declaredName !== symbol.name && symbol.namespace === null ? ` (declared as ${inlineCode(symbol.declaredName)})` : '';
  const namespace = symbol.namespace === null ? '' : `, inside the namespace ${inlineCode(symbol.namespace)}`;
  return `*${kind}*${alias}${namespace} · ${inlineCode(importLine)}`;
}

/** The kind as the section's first line says it (and the page's index groups by it): `Class`, `Type alias`... */
function kindLabel(symbol: SdkSymbol): string {
  const name = sdkKindName(symbol);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

function printable(code: number): string {
  return code >= 0x20 && code < 0x7f ? ` (${inlineCode(String.fromCharCode(code))})` : '';
}

const hex = (code: number): string => `0x${code.toString(16).padStart(2, '0')}`;

/** Members a class inherits and does not redeclare, by the class that declares them (instance members; statics counted). */
function inheritedParts(context: PageContext, symbol: SdkClass): string[] {
  const lines = inheritedMembers(context.reference, symbol).map((inherited) => {
    if ('outside' in inherited) {
      const { outside: base } = inherited;
      const href = base.target.kind === 'external' ? context.externalLinks[`${base.target.module}#${base.target.name}`] : undefined;
      const name = href === undefined ? inlineCode(base.name) : `[${inlineCode(base.name)}](${href})`;
      const from = base.target.kind === 'external' ? ` of ${inlineCode(base.target.module)}` : '';
      return `the members of ${name}${from}`;
    }
    const { from: parent, members, statics } = inherited;
    const parentHref = hrefOf(context, parent.id);
    const parentName = parentHref === undefined ? inlineCode(parent.name) : `[${inlineCode(parent.name)}](${parentHref})`;
    const links = members.map((member) => {
      const href = hrefOf(context, member.id);
      const label = inlineCode(member.kind === 'method' ? `${member.name}()` : member.name);
      return href === undefined ? label : `[${label}](${href})`;
    });
    const staticNote = statics.length === 0 ? '' : `${links.length === 0 ? '' : '; '}${statics.length} static ${statics.length === 1 ? 'member' : 'members'}`;
    return `from ${parentName}: ${links.join(', ')}${staticNote}`;
  });
  return lines.length === 0 ? [] : [`**Inherited** ${lines.join('; ')}.`];
}

/** A symbol's name, linked to its section when it has one. */
function symbolLink(context: PageContext, symbol: SdkSymbol): string {
  const href = hrefOf(context, symbol.id);
  return href === undefined ? inlineCode(symbol.name) : `[${inlineCode(symbol.name)}](${href})`;
}

/** The fields an interface takes from the interfaces it extends, by the interface that declares them. */
function inheritedFieldParts(context: PageContext, declaration: TypeDeclaration): string[] {
  const lines = inheritedFields(context.reference, declaration).map((inherited) => {
    if ('outside' in inherited) {
      const base = inherited.outside;
      const href = base.target.kind === 'external' ? context.externalLinks[`${base.target.module}#${base.target.name}`] : undefined;
      const from = base.target.kind === 'external' ? ` of ${inlineCode(base.target.module)}` : '';
      return `the members of ${href === undefined ? inlineCode(base.name) : `[${inlineCode(base.name)}](${href})`}${from}`;
    }
    const fields = inherited.fields.map((field) => inlineCode(field.type.kind === 'function' ? `${field.name}()` : field.name));
    return `from ${symbolLink(context, inherited.from)}: ${fields.join(', ')}`;
  });
  return lines.length === 0 ? [] : [`**Inherited** ${lines.join('; ')}.`];
}

/** What implements or extends a class or interface, across the packages. */
function subtypeParts(context: PageContext, symbol: SdkSymbol): string[] {
  const { implementedBy, extendedBy } = sdkSubtypes(context.reference, symbol.id);
  const parts: string[] = [];
  const list = (symbols: readonly SdkSymbol[]): string =>
    symbols.map((other) => `${symbolLink(context, other)}${other.package === symbol.package ? '' : ` (${inlineCode(other.package)})`}`).join(', ');
  if (implementedBy.length > 0) parts.push(`**Implemented by** ${list(implementedBy)}.`);
  if (extendedBy.length > 0) parts.push(`**Extended by** ${list(extendedBy)}.`);
  return parts;
}

/** Each type parameter with what it must extend and the type it stands for when left out. */
function typeParameterList(context: PageContext, parameters: readonly TypeParameter[]): string[] {
  if (parameters.length === 0) return [];
  const rows = parameters.map((parameter) => [
    inlineCode(parameter.name, true),
    parameter.constraint === null ? 'any type' : `extends ${typeToMarkdown(parameter.constraint, context.namer)}`,
    parameter.default === null ? 'no default: given or inferred where it is used' : `default ${typeToMarkdown(parameter.default, context.namer)}`,
  ]);
  return [`**Type parameters**`, definitionList(rows, { nameOf: () => '' })];
}

function classParts(context: PageContext, symbol: SdkClass): string[] {
  const writer = new TypeWriter(context.namer);
  writer.raw(`${symbol.abstract ? 'abstract ' : ''}class ${symbol.name}`);
  writer.typeParameters(symbol.typeParameters);
  if (symbol.extends !== null) {
    writer.raw(' extends ');
    writer.type(symbol.extends);
  }
  symbol.implements.forEach((type, index) => {
    writer.raw(index === 0 ? ' implements ' : ', ');
    writer.type(type);
  });
  const parts = [signatureBlock(writer.take())];
  if (symbol.dftx !== null) {
    parts.push(
      `**DfTx type** ${inlineCode(hex(symbol.dftx.code))}${printable(symbol.dftx.code)}, named ${inlineCode(symbol.dftx.name)}: the byte after the ${inlineCode('DfTx')} marker that says which custom transaction the payload is (its static ${inlineCode('OP_CODE')}).`,
    );
    const layout = context.dftxLayouts[symbol.declaredName];
    if (layout !== undefined)
      parts.push(`${markdownLink(layout, `The byte layout of ${symbol.name}`)}, field by field, with an example payload read back by this class.`);
  }
  if (symbol.opcode !== null) parts.push(`**Opcode** ${inlineCode(hex(symbol.opcode))}: the byte it writes into a script.`);
  const inherited = inheritedConstructor(context.reference, symbol);
  if (inherited !== null) {
    const base = inherited.from;
    const baseHref = hrefOf(context, base.id);
    const baseName = baseHref === undefined ? inlineCode(base.name) : `[${inlineCode(base.name)}](${baseHref})`;
    const access = inherited.constructor.access === 'protected' ? ' (protected: only a subclass calls it)' : '';
    const only = inherited.signatures.length === 1 ? inherited.signatures[0] : undefined;
    if (only !== undefined && only.parameters.length === 0)
      parts.push(`**Constructor** ${inlineCode(`new ${symbol.name}()`)}, inherited from ${baseName}${access}.`);
    else {
      parts.push(`**Constructor**, inherited from ${baseName}${access}:`);
      parts.push(...signatureParts(`new ${symbol.name}`, inherited.signatures, context.namer, false, inherited.constructor.doc));
    }
  }
  const constructor = symbol.members.find((member) => member.kind === 'constructor');
  if (constructor !== undefined) {
    const access = constructor.access === 'protected' ? ' Protected: only a subclass calls it.' : '';
    const only = constructor.signatures.length === 1 ? constructor.signatures[0] : undefined;
    if (only !== undefined && only.parameters.length === 0 && only.typeParameters.length === 0 && constructor.doc.text === '') {
      // Nothing to say beyond the call itself (the opcodes' constructors): one line.
      parts.push(`**Constructor** ${inlineCode(`new ${symbol.name}()`)}${access}`);
    } else {
      parts.push(`**Constructor**${access}${constructor.doc.text === '' ? '' : ` ${docToCell(constructor.doc.text)}`}`);
      // Its own changes (a parameter added in a release), and since when where newer than the class.
      const own = constructor.history?.since === symbol.history?.since ? constructor.history && { ...constructor.history, since: null } : constructor.history;
      const line = historyLine(own ?? undefined, [], undefined, LINE_CHANGES);
      if (line !== null) parts.push(line);
      parts.push(
        ...signatureParts(
          `${constructor.access === 'protected' ? 'protected ' : ''}new ${symbol.name}`,
          constructor.signatures,
          context.namer,
          false,
          constructor.doc,
        ),
      );
    }
  }
  parts.push(...typeParameterList(context, symbol.typeParameters));
  parts.push(...inheritedParts(context, symbol));
  parts.push(...subtypeParts(context, symbol));
  return parts;
}

function typeParts(context: PageContext, declaration: TypeDeclaration, since: string | null = null): string[] {
  const parts = [signatureBlock(declarationTokens(declaration, context.namer))];
  if (declaration.kind === 'interface') {
    const rows = [
      ...declaration.fields.map((field) => fieldRow(field, context.namer, since)),
      ...declaration.indexSignatures.map((signature) => [
        inlineCode(`[${signature.keyName}: ${signature.keyType.kind === 'intrinsic' ? signature.keyType.name : 'key'}]`, true),
        typeToMarkdown(signature.type, context.namer),
        'The type of every key of this kind.',
      ]),
    ];
    parts.push(...typeParameterList(context, declaration.typeParameters));
    parts.push(rows.length > 0 ? definitionList(rows, { nameOf: () => '' }) : 'No fields of its own.');
    parts.push(...inheritedFieldParts(context, declaration));
  } else if (declaration.kind === 'enum') {
    parts.push(
      definitionList(
        declaration.members.map((member) => [
          inlineCode(member.name, true),
          member.value === null ? '' : `= ${inlineCode(JSON.stringify(member.value), true)}`,
          ...historyFacts(member.history, since),
          [`${member.doc.deprecated === null ? '' : '**Deprecated.** '}${docToCell(member.doc.text)}`.trim(), ...docTagsCell(member.doc)]
            .filter((part) => part !== '')
            .join(' '),
        ]),
        { nameOf: () => '' },
      ),
    );
  }
  return parts;
}

function constantParts(context: PageContext, symbol: SdkConstant): string[] {
  const parts: string[] = [];
  const writer = new TypeWriter(context.namer);
  writer.raw(`const ${symbol.name}: `);
  if (symbol.members.length > 0) writer.raw(`{ ${symbol.members.length} members }`);
  else writer.type(symbol.type);
  parts.push(signatureBlock(writer.take()));
  parts.push(...valueParts(symbol.value, 'Value'));
  const properties = symbol.members.filter((member) => member.kind !== 'method');
  const methods = symbol.members.filter((member) => member.kind === 'method');
  if (methods.length > 0) {
    const links = methods.map((member) => {
      const href = hrefOf(context, member.id);
      const label = inlineCode(`${symbol.name}.${member.name}()`);
      return href === undefined ? label : `[${label}](${href})`;
    });
    parts.push(`**Functions:** ${links.join(', ')}`);
  }
  if (properties.length > 0) {
    parts.push(
      definitionList(
        properties.map((member) => [
          inlineCode(`${member.readonly ? 'readonly ' : ''}${member.name}${member.optional ? '?' : ''}`, true),
          typeToMarkdown(member.type ?? { kind: 'intrinsic', name: 'unknown' }, context.namer),
          member.value?.kind === 'value' && (member.value.value === null || typeof member.value.value !== 'object')
            ? `= ${inlineCode(member.value.text, true)}`
            : '',
          [docToCell(member.doc.text), ...docTagsCell(member.doc)].filter((part) => part !== '').join(' '),
        ]),
        { nameOf: () => '' },
      ),
    );
  }
  return parts;
}

function reexportParts(context: PageContext, symbol: Extract<SdkSymbol, { kind: 'reexport' }>): string[] {
  const explained = context.externalLinks[`${symbol.from.module}#${symbol.from.name}`];
  const where =
    explained === undefined
      ? `${markdownLink(`${NPM}${symbol.from.module}`, `${symbol.from.module} on npm`)}`
      : markdownLink(explained, `what the site says of ${symbol.name}`);
  return [
    `The package passes on ${inlineCode(symbol.from.name)} of ${inlineCode(symbol.from.module)} unchanged, so that code using ${inlineCode(context.pkg.name)} can import it from here; it is the same value and type as the original (${where}).`,
  ];
}

function symbolSection(context: PageContext, symbol: SdkSymbol): string[] {
  const anchor = context.anchors(context.pkg, context.slug).get(symbol.id) ?? symbol.name.toLowerCase();
  const level = symbol.namespace === null ? 2 : 3;
  const parts = [heading(level, symbol.name, anchor)];
  const history = historyLine(symbol.history, [], undefined, LINE_CHANGES);
  if (history !== null) parts.push(history);
  parts.push(kindLine(context, symbol));
  const notice = deprecation(symbol.doc, inlineCode(symbol.name), symbol.history);
  if (notice !== null) parts.push(notice);
  if (symbol.doc.text !== '') parts.push(docWithBlocksToMdx(symbol.doc.text));
  const after: string[] = [];
  switch (symbol.kind) {
    case 'class':
      parts.push(...classParts(context, symbol));
      after.push(...symbol.members.filter((member) => sdkMemberHasSection(symbol, member)).map((member) => memberSection(context, symbol, member)));
      break;
    case 'function':
      parts.push(...signatureParts(symbol.name, symbol.signatures, context.namer, true, symbol.doc));
      break;
    case 'constant':
      parts.push(...constantParts(context, symbol));
      after.push(...symbol.members.filter((member) => sdkMemberHasSection(symbol, member)).map((member) => memberSection(context, symbol, member)));
      break;
    case 'type':
      parts.push(...typeParts(context, symbol.declaration, symbol.history?.since ?? null));
      if (symbol.declaration.kind === 'interface') parts.push(...subtypeParts(context, symbol));
      else if (symbol.declaration.kind === 'alias') parts.push(...typeParameterList(context, symbol.declaration.typeParameters));
      break;
    case 'namespace': {
      const names = symbol.members.map((id) => context.reference.symbols[id]).filter((inner): inner is SdkSymbol => inner !== undefined);
      parts.push(`Declares ${names.map((inner) => `[${inlineCode(inner.name)}](${hrefOf(context, inner.id) ?? ''})`).join(', ')}, below.`);
      after.push(...names.flatMap((inner) => symbolSection(context, inner)));
      break;
    }
    case 'reexport':
      parts.push(...reexportParts(context, symbol));
      break;
  }
  const dropped = droppedFrom(context, symbol);
  if (dropped !== null) parts.push(dropped);
  parts.push(...docTagParts(context, symbol.doc));
  if (symbol.usedIn !== undefined && symbol.usedIn.length > 0)
    parts.push(`**Used in** ${symbol.usedIn.map((page) => markdownLink(page.route, page.title)).join(', ')}.`);
  const source = sourceLink(context.reference, symbol.source, symbol.name);
  if (source !== null) parts.push(source);
  return [deferredSection(parts[0] as string, parts.slice(1)), ...after];
}

/** The package page's line on its release history: the release pages, and what it no longer publishes. */
function historyIntro(pkg: SdkPackage): string {
  const history = pkg.history;
  if (history === undefined) return '';
  const major = versionParts(pkg.version)[0];
  const line = markdownLink(releasePageRoute('sdk', major), `${major}.x releases of the SDK packages`);
  const gone = history.removed.length;
  return (
    `**Release history.** The history covers ${history.versions.length} published ${history.versions.length === 1 ? 'version' : 'versions'} of the package (${history.first === history.latest ? history.first : `${history.first} to ${history.latest}`}); ` +
    `a section says since when past the first. The ${line} and the pages of earlier lines list what each release added, changed, deprecated and removed` +
    (gone === 0
      ? '.'
      : `; ${markdownLink(`#${SDK_REMOVED_SECTION}`, 'No longer published')}, at the end of this page, lists the ${gone} ${gone === 1 ? 'item' : 'items'} it dropped.`)
  );
}

/** A removed member's or field's name as a reader writes it: `ComposableBuffer.varUInt`, `CreateProposal.cycles`. */
function removedTitle(item: SdkRemovedItem): string {
  return item.kind === 'export' ? item.key : `${item.owner}.${item.name.replace(/^static\./, '')}`;
}

/** Under an export still published: the members or fields it had and no longer has, linked to their entries. */
function droppedFrom(context: PageContext, symbol: SdkSymbol): string | null {
  if (!symbol.exported) return null;
  const gone = (context.pkg.history?.removed ?? []).filter((item) => item.kind !== 'export' && item.ownerAlive && item.owner === symbol.name);
  if (gone.length === 0) return null;
  const links = gone.map(
    (item) => `[${inlineCode(item.name.replace(/^static\./, ''))}](${localHref(context, sdkRemovedHref(context.pkg, item))}) (last in ${item.last})`,
  );
  return `**No longer has** ${links.join(', ')}: see ${markdownLink(localHref(context, `${sdkPageRoute(context.pkg)}#${SDK_REMOVED_SECTION}`), 'No longer published')}.`;
}

/** A link on this page as `#anchor`. */
function localHref(context: PageContext, href: string): string {
  return href.startsWith(`${context.route}#`) ? href.slice(context.route.length) : href;
}

/** What an export was, from the declaration it last had: `function f(…)` is a function. */
function removedKind(item: SdkRemovedItem): string {
  if (item.kind === 'field') return 'Field';
  if (item.kind === 'member')
    return /^(?:static |abstract |protected )*(?:get |set |get\/set )?(?:readonly )?[\w$]+\??:/.test(item.signature) ? 'Property' : 'Method';
  const [, word = ''] = /^(?:abstract )?(\w+)/.exec(item.signature) ?? [];
  const labels: Readonly<Record<string, string>> = {
    class: 'Class',
    function: 'Function',
    const: 'Constant',
    interface: 'Interface',
    type: 'Type alias',
    enum: 'Enum',
    namespace: 'Namespace',
    export: 'Re-export',
  };
  return labels[word] ?? 'Export';
}

/** How the history found a replacement, in words. */
function replacedHowText(item: SdkRemovedItem): string {
  switch (item.replacedBy?.how) {
    case 'deprecation': {
      const note = item.replacedBy.note;
      if (note === undefined) return `its ${inlineCode('@deprecated')} note named it`;
      const carried = note.from === note.to ? note.from : `${note.from} to ${note.to}`;
      return `its ${inlineCode('@deprecated')} note of ${carried} named it: “${docToMdx(note.text)}”`;
    }
    case 'respelled':
      return 'the same name in other capitals';
    case 'renamed':
      return `added in ${item.removedIn}, the release that dropped this one, with the same signature under its new name`;
    case 'moved':
      return `published by ${inlineCode(`@defichain/${item.replacedBy.key.split(':')[0] ?? ''}`)} with the same declaration from ${item.removedIn}, the release that dropped it here`;
    default:
      return '';
  }
}

/** The section of a published export (`Name`), or of a member of one (`Name#member`), on this or another page. */
function exportHref(context: PageContext, key: string): string | undefined {
  const hash = key.indexOf('#');
  const id = sdkExportIds(context.reference, context.pkg).get(hash < 0 ? key : key.slice(0, hash));
  const href = id === undefined ? undefined : sdkHref(context.reference, hash < 0 ? id : `${id}${key.slice(hash)}`, context.anchors);
  return href === undefined ? undefined : localHref(context, href);
}

/** The replacement's section: an export's or member's own, a field's type; an export of another package (`<package>:<name>`). */
function replacementHref(context: PageContext, item: SdkRemovedItem, key: string): string | undefined {
  const [other, name] = key.includes(':') ? key.split(':') : [];
  if (other !== undefined && name !== undefined) {
    const href = sdkHref(context.reference, `${other}.${name}`, context.anchors);
    return href === undefined ? undefined : localHref(context, href);
  }
  const published = exportHref(context, item.kind === 'field' ? item.owner : key);
  // A successor a later release dropped in turn: its own entry in this list.
  if (published === undefined && context.pkg.history?.removed.some((other) => other.key === key) === true)
    return localHref(context, `${sdkPageRoute(context.pkg)}#${sdkRemovedAnchor(key)}`);
  return published;
}

function removedEntry(context: PageContext, item: SdkRemovedItem, withIt: readonly SdkRemovedItem[]): string {
  const title = removedTitle(item);
  const parts = [heading(3, title, sdkRemovedAnchor(item.key))];
  const first = context.pkg.history?.first;
  const ownerHref = item.kind === 'export' ? undefined : exportHref(context, item.owner);
  const of = item.kind === 'export' ? '' : ` of ${ownerHref === undefined ? inlineCode(item.owner) : `[${inlineCode(item.owner)}](${ownerHref})`}`;
  const release = `${releasePageRoute('sdk', versionParts(item.removedIn)[0])}#${releaseAnchor(item.removedIn)}`;
  parts.push(
    `*${removedKind(item)}${of}, no longer published* · added in ${item.since}${item.since === first ? ' (the first release the history covers)' : ''}, ` +
      `last in ${item.last}${item.deprecated === null ? '' : `, deprecated from ${item.deprecated}`}; ${markdownLink(release, `${item.removedIn} dropped it`)}`,
  );
  parts.push(codeBlock('ts', item.signature === '' ? title : item.signature, `As ${context.pkg.name} ${item.last} declared it`));
  if (item.replacedBy !== null) {
    const name =
      item.kind === 'export'
        ? (item.replacedBy.key.split(':').at(-1) ?? item.replacedBy.key)
        : removedTitle({ ...item, name: item.replacedBy.key.slice(item.owner.length + 1) });
    const href = replacementHref(context, item, item.replacedBy.key);
    // A quoted note may end its own sentence (“Prefer using getMiningInfo.”).
    const how = replacedHowText(item);
    parts.push(`**In its place** ${href === undefined ? inlineCode(name) : `[${inlineCode(name)}](${href})`}: ${how}${/[.!?]”$/.test(how) ? '' : '.'}`);
  } else {
    parts.push('**In its place** the published declarations name no successor.');
  }
  if (withIt.length > 0) {
    const lines = withIt.map((other) => `- ${inlineCode(other.signature === '' ? other.name : other.signature.split('\n').join(' · '))}`);
    parts.push(
      `**Gone with it** (${withIt.length} ${withIt.length === 1 ? (withIt[0]?.kind === 'field' ? 'field' : 'member') : 'members and fields'}):\n\n${lines.join('\n')}`,
    );
  }
  return deferredSection(parts[0] as string, parts.slice(1));
}

/**
 * The package's own page: what it published in an earlier release and the pinned version no longer has, each export
 * with the members and fields that went with it, then members and fields dropped from exports that stayed.
 */
function removedSection(context: PageContext): string[] {
  const removed = context.pkg.history?.removed ?? [];
  if (removed.length === 0) return [];
  const gone = new Set(removed.filter((item) => item.kind === 'export').map((item) => item.key));
  // An entry of its own: an export, or a member or field whose export stayed (or is not one the history lists).
  const own = removed.filter((item) => item.kind === 'export' || !gone.has(item.owner));
  const count = (kind: SdkRemovedItem['kind'], one: string, many: string): string => {
    const n = removed.filter((item) => item.kind === kind).length;
    return n === 0 ? '' : `${n} ${n === 1 ? one : many}`;
  };
  const counts = [count('export', 'export', 'exports'), count('member', 'class member', 'class members'), count('field', 'field', 'fields')].filter(
    (text) => text !== '',
  );
  const said = counts.length === 1 ? counts[0] : `${counts.slice(0, -1).join(', ')} and ${counts.at(-1) ?? ''}`;
  const links = own.map((item) => `[${inlineCode(removedTitle(item))}](#${sdkRemovedAnchor(item.key)})`);
  const intro = [
    heading(2, 'No longer published', SDK_REMOVED_SECTION),
    `What earlier releases of ${inlineCode(context.pkg.name)} published and ${context.pkg.version} does not: ${said}, found by reading the declarations of every published version (${context.pkg.history?.versions.length ?? 0} of them, ${context.pkg.history?.first ?? ''} to ${context.pkg.history?.latest ?? ''}). ` +
      'Each entry gives the versions that had it, the declaration it last had, and what took its place where the packages show it: a name its deprecation note gives, the same name in other capitals, or the one name added in the release that dropped it that holds every word of its name. Members and fields that went with their export are listed under it.',
    links.join(', '),
  ];
  const entries = own.map((item) =>
    removedEntry(
      context,
      item,
      item.kind === 'export' ? removed.filter((other) => other.kind !== 'export' && !other.ownerAlive && other.owner === item.key) : [],
    ),
  );
  return [...intro, ...entries];
}

const KIND_ORDER = ['Class', 'Abstract class', 'DfTx composer class', 'Function', 'Constant', 'Interface', 'Type alias', 'Enum', 'Namespace', 'Re-export'];
const KIND_PLURALS: Readonly<Record<string, string>> = {
  Class: 'Classes',
  'Abstract class': 'Abstract classes',
  'DfTx composer class': 'DfTx composers',
  Function: 'Functions',
  Constant: 'Constants',
  Interface: 'Interfaces',
  'Type alias': 'Type aliases',
  Enum: 'Enums',
  Namespace: 'Namespaces',
  'Re-export': 'Re-exports',
};

/** Links to every export of the page, grouped by kind. */
function pageIndex(context: PageContext, symbols: readonly SdkSymbol[]): string {
  const groups = new Map<string, string[]>();
  for (const symbol of symbols.filter((candidate) => candidate.exported && candidate.namespace === null)) {
    const label = kindLabel(symbol);
    const href = hrefOf(context, symbol.id);
    groups.set(label, [...(groups.get(label) ?? []), href === undefined ? inlineCode(symbol.name) : `[${inlineCode(symbol.name)}](${href})`]);
  }
  return [...groups]
    .sort(([a], [b]) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b))
    .map(([label, links]) => `- **${KIND_PLURALS[label] ?? label}** (${links.length}): ${links.join(', ')}`)
    .join('\n');
}

function exportCount(reference: SdkReference, pkg: SdkPackage, slug: string): number {
  return pkg.exports.filter((id) => reference.symbols[id]?.page === slug).length;
}

function pageTitle(pkg: SdkPackage, slug: string): string {
  return slug === '' ? pkg.short : (pkg.pages.find((page) => page.slug === slug)?.title ?? slug);
}

export interface RenderedSdkPage {
  /** Slug below the package (`''` for the package's own page). */
  slug: string;
  route: string;
  mdx: string;
}

/**
 * The anchors of the package's other pages that links may still ask of this one, and where each went (its page's slug,
 * with `#anchor` where the id differs): on the package's own page, the exports of every other page (the package was
 * one page to a reader who has not seen the split); on a page another page's sections moved from (`movedFrom`), every
 * anchor of that page. An anchor this page holds itself stays here.
 */
function movedAnchors(context: PageContext): Record<string, string> {
  const { reference, pkg, slug } = context;
  const held = new Set(context.anchors(pkg, slug).values());
  const moved: Record<string, string> = {};
  const add = (anchor: string, to: string): void => {
    if (!held.has(anchor) && moved[anchor] === undefined) moved[anchor] = to;
  };
  for (const other of pkg.pages) {
    if (other.slug === slug) continue;
    const anchors = context.anchors(pkg, other.slug);
    if (other.movedFrom.includes(slug)) for (const anchor of anchors.values()) add(anchor, other.slug);
    if (slug !== '') continue;
    for (const id of pkg.exports) {
      const anchor = reference.symbols[id]?.page === other.slug ? anchors.get(id) : undefined;
      if (anchor !== undefined) add(anchor, other.slug);
    }
  }
  return moved;
}

/** One page of a package: its intro, an index of its exports, and a section per symbol. */
function renderSdkPage(reference: SdkReference, pkg: SdkPackage, slug: string, options: SdkPageOptions, position = 1): RenderedSdkPage {
  const route = sdkPageRoute(pkg, slug);
  const anchors = sdkAnchorCache(reference);
  const base = { reference, pkg, slug, route, anchors, externalLinks: options.externalLinks, dftxLayouts: options.dftxLayouts ?? {} };
  const context: PageContext = { ...base, namer: pageNamer(base) };
  const symbols = sdkPageSymbols(reference, pkg, slug);
  const exported = exportCount(reference, pkg, slug);
  const page = pkg.pages.find((candidate) => candidate.slug === slug);
  const intro: string[] = [];
  if (slug === '') {
    intro.push(
      `${escapeDocLine(pkg.summary)} ${inlineCode(pkg.name)} ${pkg.version} exports ${pkg.exports.length} ${pkg.exports.length === 1 ? 'name' : 'names'} from its entry point (${inlineCode(pkg.entry)})` +
        (pkg.pages.length > 0 ? `; ${exported} of them are on this page, the others on the pages below.` : '; each has its section on this page.'),
    );
    intro.push(codeBlock('bash', `npm install ${pkg.name}`));
    if (pkg.history !== undefined) intro.push(historyIntro(pkg));
    if (pkg.pages.length > 0) {
      intro.push(
        table(
          ['Page', 'Exports', 'What it holds'],
          pkg.pages.map((other) => [
            markdownLink(sdkPageRoute(pkg, other.slug), other.title),
            String(exportCount(reference, pkg, other.slug)),
            escapeDocLine(other.summary),
          ]),
        ),
      );
    }
  } else {
    intro.push(
      `${escapeDocLine(page?.summary ?? '')} ${exported} of the ${pkg.exports.length} exports of ${markdownLink(sdkPageRoute(pkg), pkg.name)} ${pkg.version}; the package's page lists the others.`,
    );
  }
  const internal = symbols.filter((symbol) => !symbol.exported).length;
  if (symbols.length > 0) {
    intro.push(
      `Every section gives the signature as the package declares it, its parameters and what it returns, the doc comment (quoted as the package writes it; where it has none, the types say what there is to say) and a link to the source in ${markdownLink(`${reference.repositoryUrl}/tree/${reference.tag}/${pkg.repositoryFolder}`, `${pkg.repositoryFolder} at ${reference.tag}`)}.` +
        (internal === 0
          ? ''
          : ` The last ${internal === 1 ? 'section is a declaration' : `${internal} sections are declarations`} that the entry point does not export but that you meet through the exports: in their types, or thrown by them.`),
    );
    intro.push(pageIndex(context, symbols));
  }
  const sections = symbols.filter((symbol) => symbol.namespace === null).flatMap((symbol) => symbolSection(context, symbol));
  if (slug === '') sections.push(...removedSection(context));
  const moved = movedAnchors(context);
  if (Object.keys(moved).length > 0) intro.push(movedAnchorsElement(sdkPageRoute(pkg), moved));
  const title = slug === '' ? pkg.short : `${pkg.short}: ${pageTitle(pkg, slug)}`;
  const description =
    slug === ''
      ? `Reference of ${pkg.name} ${pkg.version}: every export with its signature, parameters, members, doc comment and source. ${pkg.summary}`
      : `${pageTitle(pkg, slug)} in ${pkg.name} ${pkg.version}: every export with its signature, parameters, members, doc comment and source. ${page?.summary ?? ''}`;
  const slugPath = route.replace(/^\/[^/]+/, '');
  const mdx = [
    frontMatter({
      title,
      sidebar_label: slug === '' ? pkg.short : pageTitle(pkg, slug),
      sidebar_position: position,
      slug: slugPath,
      description: description.trim(),
    }),
    Object.keys(moved).length > 0 ? `${LINK_IMPORT}\n${MOVED_ANCHORS_IMPORT}` : LINK_IMPORT,
    '{/* Generated by `npm run generate` from the installed package. Do not edit: changes are overwritten. */}',
    ...intro,
    ...sections,
  ].join('\n\n');
  return { slug, route, mdx: `${mdx}\n` };
}

/** Every page of a package: its own, then one per group when it is split. */
export function renderSdkPackage(reference: SdkReference, pkg: SdkPackage, options: SdkPageOptions): RenderedSdkPage[] {
  const position = reference.packages.filter((other) => other.area === pkg.area).indexOf(pkg) + 1;
  return [
    renderSdkPage(reference, pkg, '', options, position),
    ...pkg.pages.map((page, index) => renderSdkPage(reference, pkg, page.slug, options, index + 1)),
  ];
}

/** The overview's table of the packages of one area: each with its export count and one line. */
export function renderSdkPackagesPartial(reference: SdkReference, area: SdkPackage['area']): string {
  const packages = reference.packages.filter((pkg) => pkg.area === area);
  const rows = packages.map((pkg) => [markdownLink(sdkPageRoute(pkg), pkg.short), String(pkg.exports.length), escapeDocLine(pkg.summary)]);
  const total = packages.reduce((sum, pkg) => sum + pkg.exports.length, 0);
  return (
    `{/* Generated by \`npm run generate\` from the installed packages (${reference.version}). */}\n\n` +
    `${table(['Package', 'Exports', 'What it is for'], rows)}\n\n` +
    `${total} exports in ${packages.length} ${packages.length === 1 ? 'package' : 'packages'}, read from their entry points at ${reference.version}.\n`
  );
}
