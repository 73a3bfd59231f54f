// Reads declaration files with the TypeScript compiler API into the model's generic pieces: types, docs, declarations.
import path from 'node:path';
import ts from 'typescript';
import type {
  CodeValue,
  Doc,
  EnumMember,
  Field,
  IndexSignature,
  Parameter,
  ParameterFieldDoc,
  TypeDeclaration,
  TypeExpr,
  TypeParameter,
  TypeTarget,
} from '../../model/types';

/** Decides which declarations belong to the package being documented, and names their modules. */
export interface PackageScope {
  /** Absolute directory of the package's declaration files (dist). */
  rootDir: string;
  /** Whether a declaration file belongs to what is documented, when that is more than `rootDir` (several packages). */
  includes?: (fileName: string) => boolean;
  /** The id of a declaration of the package, when the source names them otherwise than `<module>.<name>`. */
  idOf?: (declaration: ts.Declaration, name: string) => string;
}

/** Module key of a declaration file: its path below the package root without `.d.ts`, e.g. `category/blockchain`'s base `blockchain`. */
export function moduleKeyOf(fileName: string): string {
  return path
    .basename(fileName)
    .replace(/\.d\.ts$/, '')
    .replace(/\.ts$/, '');
}

function isInside(fileName: string, dir: string): boolean {
  const relative = path.relative(dir, fileName);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.includes('node_modules');
}

/** npm package name of a file under node_modules, or null. */
export function packageNameOf(fileName: string): string | null {
  const parts = fileName.split(path.sep);
  const index = parts.lastIndexOf('node_modules');
  if (index < 0 || index + 1 >= parts.length) return null;
  const first = parts[index + 1] ?? '';
  return first.startsWith('@') ? `${first}/${parts[index + 2] ?? ''}` : first;
}

/** A property's name as the value's key: `'reserveA/reserveB'` is the key `reserveA/reserveB`. */
function propertyName(name: ts.PropertyName): string {
  return ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : name.getText();
}

const EMPTY_DOC: Doc = { text: '', deprecated: null, see: [], examples: [] };

function jsDocsOf(node: ts.Node): ts.JSDoc[] {
  return ts.getJSDocCommentsAndTags(node).filter((entry): entry is ts.JSDoc => ts.isJSDoc(entry));
}

function commentText(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  return (ts.getTextOfJSDocComment(comment) ?? '').replace(/^\s*-\s+/, '').trim();
}

/**
 * A tag the parser finds inside a sentence (`Moved to @defichain/jellyfish-network` reads `@defichain` as a tag): a
 * tag starts a line of the comment; one after other words on its line is text.
 */
function isInlineTag(tag: ts.JSDocTag): boolean {
  const text = tag.getSourceFile().text;
  const lineStart = text.lastIndexOf('\n', tag.tagName.pos - 1) + 1;
  return (
    text
      .slice(lineStart, tag.tagName.pos - 1)
      .replace(/^\s*(\/\*\*|\*)?/, '')
      .trim() !== ''
  );
}

/** A tag's whole text after its name as written, the comment's leading `*`s removed (links and URLs intact). */
function rawTagText(tag: ts.JSDocTag): string {
  return tag
    .getSourceFile()
    .text.slice(tag.tagName.end, tag.end)
    .split('\n')
    .map((line, index) => (index === 0 ? line : line.replace(/^\s*\*(?!\/)\s?/, '')))
    .join('\n')
    .replace(/\s*\*?\/?\s*$/, '')
    .trim();
}

/** Tags a signature's reader takes (parameters, type parameters, the return value) or that say nothing to a reader. */
const SIGNATURE_TAGS = new Set([
  'param',
  'arg',
  'argument',
  'template',
  'typeparam',
  'type',
  'typedef',
  'callback',
  'internal',
  'private',
  'public',
  'override',
]);

/** The doc comment nearest to a declaration (the last one written before it). */
export function readDoc(node: ts.Node): Doc {
  const jsDoc = jsDocsOf(node).at(-1);
  if (!jsDoc) return EMPTY_DOC;
  const examples: string[] = [];
  const doc: Doc = { text: commentText(jsDoc.comment), deprecated: null, see: [], examples };
  // Where the text of an inline tag belongs: the comment's text, or the tag before it.
  let appendTo: ((text: string) => void) | null = (text) => (doc.text = `${doc.text} ${text}`.trim());
  for (const tag of jsDoc.tags ?? []) {
    const written = tag.tagName.text;
    const tagName = written.toLowerCase();
    if (isInlineTag(tag) && appendTo !== null) {
      appendTo(`@${written}${rawTagText(tag)}`);
      continue;
    }
    appendTo = null;
    if (tagName === 'deprecated') {
      // A comment may carry the tag twice, once with the reason and once bare: the reason wins.
      const reason = commentText(tag.comment);
      if (doc.deprecated === null || reason !== '') doc.deprecated = reason;
      appendTo = (text) => (doc.deprecated = `${doc.deprecated ?? ''} ${text}`.trim());
    } else if (tagName === 'see') doc.see.push(seeText(tag));
    else if (tagName === 'example') examples.push((ts.getTextOfJSDocComment(tag.comment) ?? '').trim());
    else if (tagName === 'throws' || tagName === 'throw' || tagName === 'exception') {
      const throws = (doc.throws ??= []);
      throws.push(rawTagText(tag));
    } else if (tagName === 'default' || tagName === 'defaultvalue') doc.defaultText = rawTagText(tag);
    else if (tagName === 'return' || tagName === 'returns') {
      // `@return {Prevout[]} all outputs`: the words; a tag of a type alone says the type.
      const raw = rawTagText(tag);
      const returns = raw.replace(/^\{[^}]*\}\s*/, '') || raw.replace(/^\{([^}]*)\}$/, '$1');
      if (returns !== '' && !ts.isFunctionLike(node)) doc.returns = returns;
    } else if (!SIGNATURE_TAGS.has(tagName)) {
      // `@remarks`, `@warning` and the like: a note under its tag's name.
      const notes = (doc.notes ??= []);
      notes.push({ tag: written, text: rawTagText(tag) });
    }
  }
  return doc;
}

/** What a `@see` tag points to: the name it references (`{@link name}` or a bare name), else its text as written. */
function seeText(tag: ts.JSDocTag): string {
  const raw = rawTagText(tag);
  const link = /^\{@link(?:code|plain)?\s+([^}\s|]+)[^}]*\}$/.exec(raw);
  return (link?.[1] ?? raw).replace(/\s*\n\s*/g, ' ');
}

export interface ParamTag {
  /** Dotted name as written: `options` or `options.indexedAmounts`. */
  name: string;
  typeText: string;
  bracketed: boolean;
  /** The default an optional one writes in its brackets (`[rng = randomBytes]`), else `null`. */
  defaultText: string | null;
  description: string;
}

/** `[name = value]`: the value the brackets of a `@param` tag give after its name. */
function bracketDefault(tag: ts.JSDocParameterTag): string | null {
  if (!tag.isBracketed) return null;
  const after = tag.getSourceFile().text.slice(tag.name.end, tag.end);
  const found = /^\s*=\s*([^\]\n]*?)\s*\]/.exec(after);
  return found?.[1] === undefined || found[1] === '' ? null : found[1];
}

function entityNameText(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : `${entityNameText(name.left)}.${name.right.text}`;
}

/** `@param` tags of the nearest doc comment, in order. */
export function readParamTags(node: ts.Node): ParamTag[] {
  const jsDoc = jsDocsOf(node).at(-1);
  const tags: readonly ts.JSDocTag[] = jsDoc?.tags ?? [];
  return tags
    .filter((tag): tag is ts.JSDocParameterTag => ts.isJSDocParameterTag(tag))
    .map((tag) => ({
      name: entityNameText(tag.name),
      typeText: tag.typeExpression ? tag.typeExpression.type.getText() : '',
      bracketed: tag.isBracketed,
      defaultText: bracketDefault(tag),
      description: commentText(tag.comment),
    }));
}

/** Text of the `@return`/`@returns` tag of the nearest doc comment. */
export function readReturnsTag(node: ts.Node): { typeText: string; description: string } | null {
  const jsDoc = jsDocsOf(node).at(-1);
  const tags: readonly ts.JSDocTag[] = jsDoc?.tags ?? [];
  const tag = tags.find((candidate): candidate is ts.JSDocReturnTag => ts.isJSDocReturnTag(candidate));
  if (!tag) return null;
  return { typeText: tag.typeExpression ? tag.typeExpression.type.getText() : '', description: commentText(tag.comment) };
}

/**
 * Converts syntax (type nodes) into model types, resolving each named reference to a declaration
 * inside the package (queued for extraction), in another package, or built in.
 */
export class TypeReader {
  /** Declarations referenced so far, by id, waiting to be read. */
  private readonly pending = new Map<string, ts.Declaration>();
  private readonly done = new Map<string, TypeDeclaration>();
  private readonly nodes = new Map<string, ts.Declaration>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly scope: PackageScope,
  ) {}

  isInPackage(node: ts.Node): boolean {
    const fileName = node.getSourceFile().fileName;
    return this.scope.includes ? this.scope.includes(fileName) : isInside(fileName, this.scope.rootDir);
  }

  idOf(declaration: ts.Declaration & { name?: ts.DeclarationName }): string {
    const name = declaration.name && ts.isIdentifier(declaration.name) ? declaration.name.text : '?';
    return this.scope.idOf ? this.scope.idOf(declaration, name) : `${moduleKeyOf(declaration.getSourceFile().fileName)}.${name}`;
  }

  /** Queues a declaration of the package to be read by `drain` (once), and gives its id. */
  enqueue(declaration: ts.Declaration & { name?: ts.DeclarationName }): string {
    const id = this.idOf(declaration);
    this.nodes.set(id, declaration);
    if (!this.done.has(id)) this.pending.set(id, declaration);
    return id;
  }

  /** The declaration an id was read from (or is queued from). */
  nodeOf(id: string): ts.Declaration | undefined {
    return this.nodes.get(id);
  }

  private resolveSymbol(symbol: ts.Symbol | undefined): ts.Symbol | undefined {
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) return this.checker.getAliasedSymbol(symbol);
    return symbol;
  }

  private target(name: ts.EntityName, written: string): TypeTarget | { kind: 'typeParameter' } {
    const symbol = this.resolveSymbol(this.checker.getSymbolAtLocation(name));
    const declaration = typeDeclarationOf(symbol);
    if (!declaration) return { kind: 'global', name: written };
    if (ts.isTypeParameterDeclaration(declaration)) return { kind: 'typeParameter' };
    // `Enum.MEMBER` used as a type points at its enum.
    const named = ts.isEnumMember(declaration) ? declaration.parent : declaration;
    const fileName = named.getSourceFile().fileName;
    if (this.isInPackage(named)) {
      if (ts.isInterfaceDeclaration(named) || ts.isEnumDeclaration(named) || ts.isTypeAliasDeclaration(named) || ts.isClassDeclaration(named)) {
        return { kind: 'declared', id: this.enqueue(named) };
      }
      return { kind: 'global', name: written };
    }
    // The compiler's own lib files (Promise, Array, Record, ...) are the language's built-ins.
    if (this.checker.getSymbolAtLocation(name) && named.getSourceFile().hasNoDefaultLib) return { kind: 'global', name: written };
    const module = packageNameOf(fileName);
    if (module) return { kind: 'external', module, name: symbol?.name ?? written };
    return { kind: 'global', name: written };
  }

  readType(node: ts.TypeNode | undefined): TypeExpr {
    if (!node) return { kind: 'intrinsic', name: 'any' };
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
      case ts.SyntaxKind.NumberKeyword:
      case ts.SyntaxKind.BooleanKeyword:
      case ts.SyntaxKind.VoidKeyword:
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.NeverKeyword:
      case ts.SyntaxKind.UndefinedKeyword:
      case ts.SyntaxKind.ObjectKeyword:
      case ts.SyntaxKind.BigIntKeyword:
      case ts.SyntaxKind.SymbolKeyword:
        return { kind: 'intrinsic', name: node.getText() };
    }
    if (ts.isParenthesizedTypeNode(node)) return this.readType(node.type);
    if (ts.isLiteralTypeNode(node)) return readLiteral(node);
    if (ts.isArrayTypeNode(node)) return { kind: 'array', element: this.readType(node.elementType) };
    if (ts.isTupleTypeNode(node))
      return { kind: 'tuple', elements: node.elements.map((element) => this.readType(ts.isNamedTupleMember(element) ? element.type : element)) };
    if (ts.isUnionTypeNode(node)) return { kind: 'union', types: node.types.map((type) => this.readType(type)) };
    if (ts.isIntersectionTypeNode(node)) return { kind: 'intersection', types: node.types.map((type) => this.readType(type)) };
    if (ts.isTypeLiteralNode(node)) return { kind: 'object', ...this.readMembers(node.members) };
    if (ts.isTypeOperatorNode(node)) {
      const operator = node.operator === ts.SyntaxKind.KeyOfKeyword ? 'keyof' : node.operator === ts.SyntaxKind.ReadonlyKeyword ? 'readonly' : 'unique';
      return { kind: 'operator', operator, type: this.readType(node.type) };
    }
    if (ts.isIndexedAccessTypeNode(node)) return { kind: 'indexedAccess', object: this.readType(node.objectType), index: this.readType(node.indexType) };
    if (ts.isFunctionTypeNode(node)) {
      return {
        kind: 'function',
        parameters: node.parameters.map((parameter) => this.readParameter(parameter, [], new Map())),
        returns: this.readType(node.type),
      };
    }
    // `import("pkg").Name` as the compiler writes an inferred type into a declaration file.
    if (ts.isImportTypeNode(node) && node.qualifier && !node.isTypeOf) {
      const written = entityNameText(node.qualifier);
      const target = this.target(node.qualifier, written);
      if (target.kind === 'typeParameter') return { kind: 'typeParameter', name: written };
      return { kind: 'reference', name: written, target, typeArguments: (node.typeArguments ?? []).map((argument) => this.readType(argument)) };
    }
    if (ts.isTypeReferenceNode(node)) {
      const written = entityNameText(node.typeName);
      const target = this.target(node.typeName, written);
      if (target.kind === 'typeParameter') return { kind: 'typeParameter', name: written };
      return { kind: 'reference', name: written, target, typeArguments: (node.typeArguments ?? []).map((argument) => this.readType(argument)) };
    }
    return { kind: 'text', text: node.getText() };
  }

  readMembers(members: ts.NodeArray<ts.TypeElement>): { fields: Field[]; indexSignatures: IndexSignature[] } {
    const fields: Field[] = [];
    const indexSignatures: IndexSignature[] = [];
    for (const member of members) {
      if (ts.isPropertySignature(member)) {
        fields.push({
          name: propertyName(member.name),
          optional: member.questionToken !== undefined,
          readonly: member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword) ?? false,
          type: this.readType(member.type),
          doc: readDoc(member),
        });
      } else if (ts.isIndexSignatureDeclaration(member)) {
        const key = member.parameters[0];
        indexSignatures.push({ keyName: key ? key.name.getText() : 'key', keyType: this.readType(key?.type), type: this.readType(member.type) });
      } else if (ts.isMethodSignature(member)) {
        fields.push({
          name: propertyName(member.name),
          optional: member.questionToken !== undefined,
          readonly: false,
          type: {
            kind: 'function',
            parameters: member.parameters.map((parameter) => this.readParameter(parameter, [], new Map())),
            returns: this.readType(member.type),
          },
          doc: readDoc(member),
        });
      }
    }
    return { fields, indexSignatures };
  }

  readTypeParameters(nodes: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): TypeParameter[] {
    return (nodes ?? []).map((node) => ({
      name: node.name.text,
      constraint: node.constraint ? this.readType(node.constraint) : null,
      default: node.default ? this.readType(node.default) : null,
    }));
  }

  /**
   * A parameter with its `@param` description, its dotted `@param name.field` rows and its default
   * (defaults are not in declaration files: the caller passes them from the implementation).
   */
  readParameter(node: ts.ParameterDeclaration, tags: ParamTag[], defaults: ReadonlyMap<string, CodeValue>): Parameter {
    const name = parameterName(node);
    const own = tags.find((tag) => tag.name === name);
    // `@param from` documents the field `from` of a destructured parameter.
    const bound = ts.isObjectBindingPattern(node.name)
      ? new Set(node.name.elements.map((element) => (element.propertyName ?? element.name).getText()))
      : new Set<string>();
    const fieldDocs: ParameterFieldDoc[] = tags
      .filter((tag) => tag.name.startsWith(`${name}.`) || bound.has(tag.name))
      .map((tag) => ({
        path: bound.has(tag.name) ? `${name}.${tag.name}` : tag.name,
        typeText: tag.typeText,
        optional: tag.bracketed,
        defaultValue: defaults.get(tag.name) ?? null,
        description: tag.description,
      }));
    return {
      name,
      type: this.readType(node.type),
      optional: node.questionToken !== undefined || node.initializer !== undefined,
      rest: node.dotDotDotToken !== undefined,
      defaultValue: defaults.get(name) ?? null,
      description: own?.description ?? '',
      fieldDocs,
    };
  }

  /** Reads every queued declaration (and those they reference) until none is left. */
  drain(source: (node: ts.Node) => TypeDeclaration['source']): Map<string, TypeDeclaration> {
    for (let next = this.pending.entries().next(); !next.done; next = this.pending.entries().next()) {
      const [id, declaration] = next.value;
      this.pending.delete(id);
      this.done.set(id, this.readDeclaration(id, declaration, source));
    }
    return this.done;
  }

  private readDeclaration(id: string, node: ts.Declaration, source: (node: ts.Node) => TypeDeclaration['source']): TypeDeclaration {
    const base = { id, module: moduleKeyOf(node.getSourceFile().fileName), doc: readDoc(node), source: source(node) };
    if (ts.isEnumDeclaration(node)) {
      const members: EnumMember[] = node.members.map((member) => {
        const value = this.checker.getConstantValue(member);
        return { name: member.name.getText(), value: value ?? null, doc: readDoc(member) };
      });
      return { ...base, name: node.name.text, kind: 'enum', typeParameters: [], members };
    }
    if (ts.isTypeAliasDeclaration(node)) {
      return { ...base, name: node.name.text, kind: 'alias', typeParameters: this.readTypeParameters(node.typeParameters), type: this.readType(node.type) };
    }
    if (ts.isInterfaceDeclaration(node)) {
      // Interfaces may be declared in several pieces (declaration merging): read them all.
      const symbol = this.checker.getSymbolAtLocation(node.name);
      const parts = (symbol?.declarations ?? [node]).filter(ts.isInterfaceDeclaration);
      const fields: Field[] = [];
      const indexSignatures: IndexSignature[] = [];
      const heritage: TypeExpr[] = [];
      for (const part of parts) {
        const members = this.readMembers(part.members);
        fields.push(...members.fields);
        indexSignatures.push(...members.indexSignatures);
        for (const clause of part.heritageClauses ?? []) heritage.push(...clause.types.map((type) => this.readExpressionWithTypeArguments(type)));
      }
      return {
        ...base,
        name: node.name.text,
        kind: 'interface',
        typeParameters: this.readTypeParameters(node.typeParameters),
        extends: heritage,
        fields,
        indexSignatures,
      };
    }
    if (ts.isClassDeclaration(node)) {
      const fields: Field[] = [];
      for (const member of node.members) {
        if (!ts.isPropertyDeclaration(member)) continue;
        const flags = ts.getCombinedModifierFlags(member);
        if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        fields.push({
          name: member.name.getText(),
          optional: member.questionToken !== undefined,
          readonly: (flags & ts.ModifierFlags.Readonly) !== 0,
          type: this.readType(member.type),
          doc: readDoc(member),
        });
      }
      return {
        ...base,
        name: node.name?.text ?? '?',
        kind: 'interface',
        typeParameters: this.readTypeParameters(node.typeParameters),
        extends: [],
        fields,
        indexSignatures: [],
      };
    }
    return { ...base, name: id, kind: 'alias', typeParameters: [], type: { kind: 'text', text: node.getText() } };
  }

  readExpressionWithTypeArguments(node: ts.ExpressionWithTypeArguments): TypeExpr {
    const expression = node.expression;
    if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
      const written = expression.getText();
      const symbol = this.checker.getSymbolAtLocation(expression);
      const name = ts.isIdentifier(expression) ? expression : expression.name;
      const target = symbol && ts.isIdentifier(name) ? this.target(name, written) : ({ kind: 'global', name: written } as const);
      if (target.kind === 'typeParameter') return { kind: 'typeParameter', name: written };
      return { kind: 'reference', name: written, target, typeArguments: (node.typeArguments ?? []).map((argument) => this.readType(argument)) };
    }
    return { kind: 'text', text: node.getText() };
  }
}

/**
 * The declaration a name in a type position stands for. A name may be declared twice and merged (api-core 4.0.7 has
 * `class Vault`, the category, and `interface Vault`, the data every vault answer carries, in category/vault.d.ts): a
 * type annotation or `extends` clause reads the type side, so an interface, alias or enum wins over a class, which
 * only stands for itself where it is the sole declaration.
 */
function typeDeclarationOf(symbol: ts.Symbol | undefined): ts.Declaration | undefined {
  const declarations = symbol?.declarations ?? [];
  return (
    declarations.find((declaration) => ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) || ts.isEnumDeclaration(declaration)) ??
    declarations[0]
  );
}

/**
 * A parameter's name; a destructured one (`{ from, to }: EvmTxOptions`) is named after its type (`evmTxOptions`),
 * since readers pass one object.
 */
function parameterName(node: ts.ParameterDeclaration): string {
  if (ts.isIdentifier(node.name)) return node.name.text;
  const type = node.type;
  if (type && ts.isTypeReferenceNode(type)) {
    const typeName = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
    return typeName.charAt(0).toLowerCase() + typeName.slice(1);
  }
  return ts.isArrayBindingPattern(node.name) ? 'values' : 'options';
}

function readLiteral(node: ts.LiteralTypeNode): TypeExpr {
  const literal = node.literal;
  const text = node.getText();
  if (ts.isStringLiteral(literal)) return { kind: 'literal', value: literal.text, text };
  if (ts.isNumericLiteral(literal)) return { kind: 'literal', value: Number(literal.text), text };
  if (ts.isPrefixUnaryExpression(literal) && ts.isNumericLiteral(literal.operand)) return { kind: 'literal', value: -Number(literal.operand.text), text };
  if (literal.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'literal', value: true, text };
  if (literal.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'literal', value: false, text };
  if (literal.kind === ts.SyntaxKind.NullKeyword) return { kind: 'literal', value: null, text };
  return { kind: 'text', text };
}

/** `export * as name from './module'` statements of a package's entry file, by module key. */
export function namespaceExportsOf(entryFile: ts.SourceFile, checker: ts.TypeChecker): Record<string, string> {
  const exports: Record<string, string> = {};
  for (const statement of entryFile.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamespaceExport(statement.exportClause)) continue;
    const target = checker.getSymbolAtLocation(statement.moduleSpecifier)?.declarations?.[0];
    if (target && ts.isSourceFile(target)) exports[moduleKeyOf(target.fileName)] = statement.exportClause.name.text;
  }
  return exports;
}
