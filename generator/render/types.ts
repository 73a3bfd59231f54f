// Generic type rendering: model types to tokens (text and links), then to JSX signatures, Markdown cells or plain code.
import type { Doc, Field, Parameter, TypeDeclaration, TypeExpr, TypeParameter } from '../model/types';
import { definitionList, docToCell, docToMdx, heading, inlineCode, jsxLink, jsxText, deferredSection, deprecationAdmonition } from './mdx';
import { historyFacts, historyLine } from './history';
import { interfaceFields } from '../model/queries';

/** A key as TypeScript writes it: quoted where it is not an identifier (`'reserveA/reserveB'`). */
function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export interface TypeToken {
  text: string;
  /** Present when the text names something the reader can open. */
  href?: string;
}

type ReferenceType = Extract<TypeExpr, { kind: 'reference' }>;

/** Decides how a reference is written (e.g. qualified in examples) and where it links. */
export type ReferenceNamer = (reference: ReferenceType) => { name: string; href?: string };

/** Writes references as written in the package, without links. */
export const plainNamer: ReferenceNamer = (reference) => ({ name: reference.name });

function needsParentheses(type: TypeExpr, context: 'array' | 'union' | 'intersection' | 'operator'): boolean {
  if (type.kind === 'function') return true;
  if (type.kind === 'union') return context !== 'union';
  if (type.kind === 'intersection') return context === 'array' || context === 'operator';
  if (type.kind === 'operator') return context === 'array';
  return false;
}

export class TypeWriter {
  private tokens: TypeToken[] = [];

  constructor(private readonly namer: ReferenceNamer) {}

  private text(text: string): void {
    const last = this.tokens.at(-1);
    if (last && last.href === undefined) last.text += text;
    else this.tokens.push({ text });
  }

  private link(text: string, href: string | undefined): void {
    if (href === undefined) this.text(text);
    else this.tokens.push({ text, href });
  }

  private list(types: readonly TypeExpr[], separator: string): void {
    types.forEach((type, index) => {
      if (index > 0) this.text(separator);
      this.type(type);
    });
  }

  private wrapped(type: TypeExpr, context: 'array' | 'union' | 'intersection' | 'operator'): void {
    if (needsParentheses(type, context)) {
      this.text('(');
      this.type(type);
      this.text(')');
    } else {
      this.type(type);
    }
  }

  field(field: Field): void {
    this.text(`${field.readonly ? 'readonly ' : ''}${propertyKey(field.name)}${field.optional ? '?' : ''}: `);
    this.type(field.type);
  }

  parameter(parameter: Parameter): void {
    this.text(`${parameter.rest ? '...' : ''}${parameter.name}${parameter.optional ? '?' : ''}: `);
    this.type(parameter.type);
  }

  parameters(parameters: readonly Parameter[]): void {
    this.text('(');
    parameters.forEach((parameter, index) => {
      if (index > 0) this.text(', ');
      this.parameter(parameter);
    });
    this.text(')');
  }

  typeParameters(parameters: readonly TypeParameter[]): void {
    if (parameters.length === 0) return;
    this.text('<');
    parameters.forEach((parameter, index) => {
      if (index > 0) this.text(', ');
      this.text(parameter.name);
      if (parameter.constraint) {
        this.text(' extends ');
        this.type(parameter.constraint);
      }
      if (parameter.default) {
        this.text(' = ');
        this.type(parameter.default);
      }
    });
    this.text('>');
  }

  type(type: TypeExpr): void {
    switch (type.kind) {
      case 'intrinsic':
        this.text(type.name);
        return;
      case 'literal':
        this.text(type.text);
        return;
      case 'typeParameter':
        this.text(type.name);
        return;
      case 'reference': {
        const { name, href } = this.namer(type);
        this.link(name, href);
        if (type.typeArguments.length > 0) {
          this.text('<');
          this.list(type.typeArguments, ', ');
          this.text('>');
        }
        return;
      }
      case 'array':
        this.wrapped(type.element, 'array');
        this.text('[]');
        return;
      case 'tuple':
        this.text('[');
        this.list(type.elements, ', ');
        this.text(']');
        return;
      case 'union':
        type.types.forEach((member, index) => {
          if (index > 0) this.text(' | ');
          this.wrapped(member, 'union');
        });
        return;
      case 'intersection':
        type.types.forEach((member, index) => {
          if (index > 0) this.text(' & ');
          this.wrapped(member, 'intersection');
        });
        return;
      case 'object': {
        if (type.fields.length === 0 && type.indexSignatures.length === 0) {
          this.text('{}');
          return;
        }
        this.text('{ ');
        let first = true;
        for (const signature of type.indexSignatures) {
          if (!first) this.text('; ');
          first = false;
          this.text(`[${signature.keyName}: `);
          this.type(signature.keyType);
          this.text(']: ');
          this.type(signature.type);
        }
        for (const field of type.fields) {
          if (!first) this.text('; ');
          first = false;
          this.field(field);
        }
        this.text(' }');
        return;
      }
      case 'function':
        this.parameters(type.parameters);
        this.text(' => ');
        this.type(type.returns);
        return;
      case 'operator':
        this.text(`${type.operator} `);
        this.wrapped(type.type, 'operator');
        return;
      case 'indexedAccess':
        this.wrapped(type.object, 'array');
        this.text('[');
        this.type(type.index);
        this.text(']');
        return;
      case 'text':
        this.text(type.text);
        return;
    }
  }

  /** Appends raw text (keywords, names, punctuation). */
  raw(text: string): void {
    this.text(text);
  }

  take(): TypeToken[] {
    const tokens = this.tokens;
    this.tokens = [];
    return tokens;
  }
}

function typeTokens(type: TypeExpr, namer: ReferenceNamer): TypeToken[] {
  const writer = new TypeWriter(namer);
  writer.type(type);
  return writer.take();
}

/** Plain code text (for examples and search). */
export function tokensToText(tokens: readonly TypeToken[]): string {
  return tokens.map((token) => token.text).join('');
}

export function typeToText(type: TypeExpr, namer: ReferenceNamer = plainNamer): string {
  return tokensToText(typeTokens(type, namer));
}

/** JSX children for a `<pre><code>` signature: strings as expressions, links as Docusaurus Links. */
function tokensToJsx(tokens: readonly TypeToken[]): string {
  return tokens.map((token) => (token.href === undefined ? jsxText(token.text) : jsxLink(token.href, token.text))).join('');
}

/** A code-looking block whose type names link: `<pre>` rather than a fenced block, since fences cannot hold links. */
export function signatureBlock(tokens: readonly TypeToken[]): string {
  return `<pre className="api-signature"><code>${tokensToJsx(tokens)}</code></pre>`;
}

/** Markdown for a table cell or a sentence: code spans for text, code-styled links for names. */
function tokensToMarkdown(tokens: readonly TypeToken[], inTable = true): string {
  return tokens
    .map((token) => {
      if (token.href === undefined) return token.text.trim() === '' ? token.text : inlineCode(token.text, inTable);
      return `[${inlineCode(token.text, inTable)}](${token.href})`;
    })
    .join('');
}

export function typeToMarkdown(type: TypeExpr, namer: ReferenceNamer, inTable = true): string {
  return tokensToMarkdown(typeTokens(type, namer), inTable);
}

function deprecationNote(reason: string | null): string {
  if (reason === null) return '';
  return reason === '' ? '**Deprecated.** ' : `**Deprecated:** ${docToCell(reason)} `;
}

function capitalized(tag: string): string {
  return `${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
}

/**
 * The tags of a doc comment that a table cell shows after its text: what a function-typed field returns, its
 * `@default`, what it throws, its `@see` targets and its examples, each labelled.
 */
export function docTagsCell(doc: Doc): string[] {
  const cells: string[] = [];
  if (doc.returns !== undefined) cells.push(`Returns: ${docToCell(doc.returns)}`);
  if (doc.defaultText !== undefined) cells.push(`Default: ${inlineCode(doc.defaultText, true)}`);
  for (const thrown of doc.throws ?? []) cells.push(`Throws: ${docToCell(thrown)}`);
  for (const note of doc.notes ?? []) cells.push(`${capitalized(note.tag)}: ${docToCell(note.text)}`);
  for (const see of doc.see.filter((entry) => entry !== '')) cells.push(`See: ${docToCell(see)}`);
  for (const example of (doc.examples ?? []).filter((entry) => entry !== '')) cells.push(`Example: ${inlineCode(example, true)}`);
  return cells;
}

/** A table row for a field: name (with `?` and `readonly`), linked type, description with deprecation and tags. */
export function fieldRow(field: Field, namer: ReferenceNamer, typeSince: string | null = null): string[] {
  return [
    inlineCode(`${field.readonly ? 'readonly ' : ''}${propertyKey(field.name)}${field.optional ? '?' : ''}`, true),
    typeToMarkdown(field.type, namer),
    ...historyFacts(field.history, typeSince),
    [`${deprecationNote(field.doc.deprecated)}${docToCell(field.doc.text)}`.trim(), ...docTagsCell(field.doc)].filter((part) => part !== '').join(' '),
  ];
}

export interface TypeSectionOptions {
  level: number;
  anchor: string;
  namer: ReferenceNamer;
  /** The model's declarations, for the fields an interface inherits. */
  types: Readonly<Record<string, TypeDeclaration>>;
}

/** The declaration line of a type, with links (e.g. `interface Block<T> extends Base`). */
export function declarationTokens(declaration: TypeDeclaration, namer: ReferenceNamer): TypeToken[] {
  const writer = new TypeWriter(namer);
  switch (declaration.kind) {
    case 'interface':
      writer.raw(`interface ${declaration.name}`);
      writer.typeParameters(declaration.typeParameters);
      declaration.extends.forEach((base, index) => {
        writer.raw(index === 0 ? ' extends ' : ', ');
        writer.type(base);
      });
      break;
    case 'enum':
      writer.raw(`enum ${declaration.name}`);
      break;
    case 'alias':
      writer.raw(`type ${declaration.name}`);
      writer.typeParameters(declaration.typeParameters);
      writer.raw(' = ');
      writer.type(declaration.type);
      break;
  }
  return writer.take();
}

/** One declared type: heading, docs, declaration line and its fields or members. */
export function renderTypeSection(declaration: TypeDeclaration, options: TypeSectionOptions): string {
  const parts = [heading(options.level, declaration.name, options.anchor)];
  const history = historyLine(declaration.history);
  if (history !== null) parts.push(history);
  const since = declaration.history?.since ?? null;
  if (declaration.doc.deprecated !== null) {
    parts.push(deprecationAdmonition('this type', declaration.doc.deprecated, null, declaration.history?.deprecated ?? null));
  }
  if (declaration.doc.text !== '') parts.push(docToMdx(declaration.doc.text));
  parts.push(signatureBlock(declarationTokens(declaration, options.namer)));
  if (declaration.kind === 'interface') {
    const indexRows = declaration.indexSignatures.map((signature) => [
      inlineCode(`[${signature.keyName}: ${typeToText(signature.keyType)}]`, true),
      typeToMarkdown(signature.type, options.namer),
      'The type of every key of this kind.',
    ]);
    // Fields it inherits through `extends` are listed too, after its own, each saying where it comes from.
    const fields = interfaceFields(options.types, declaration);
    if (fields.length > 0 || indexRows.length > 0) {
      const fieldRows = fields.map(({ field, inheritedFrom }) => {
        const row = fieldRow(field, options.namer, since);
        if (inheritedFrom === null) return row;
        const from = `From ${inlineCode(inheritedFrom)}.`;
        return [...row.slice(0, -1), [from, row.at(-1) ?? ''].filter((part) => part !== '').join(' ')];
      });
      parts.push(definitionList([...fieldRows, ...indexRows], { nameOf: () => '' }));
    } else {
      parts.push('No fields of its own.');
    }
  } else if (declaration.kind === 'enum') {
    parts.push(
      definitionList(
        declaration.members.map((member) => [
          inlineCode(member.name, true),
          member.value === null ? '' : `= ${inlineCode(JSON.stringify(member.value), true)}`,
          ...historyFacts(member.history, since),
          [`${deprecationNote(member.doc.deprecated)}${docToCell(member.doc.text)}`.trim(), ...docTagsCell(member.doc)].filter((part) => part !== '').join(' '),
        ]),
        { nameOf: () => '' },
      ),
    );
  }
  return deferredSection(parts[0] as string, parts.slice(1));
}
