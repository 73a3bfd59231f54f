// Extracts the reference of the SDK's other packages (see ./packages.ts) from their installed declaration files: every
// export of each package's entry point (classes with their members, functions, constants with their values,
// interfaces, type aliases, enums, namespaces, names re-exported from other npm packages), the declarations the exports
// use that the packages do not export, doc comments, and source lines through the declaration maps. One program reads
// all the packages, so that a type of one (`CTransactionSegWit` in a builder signature) resolves to its declaration in
// another, by the same id the model lists it under.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { CodeValue, Doc, MethodSignature, Parameter, TypeDeclaration, TypeExpr } from '../../model/types';
import type { SdkClass, SdkConstant, SdkMember, SdkMemberExample, SdkPackage, SdkReference, SdkSymbol } from '../../model/sdk';
import { readPackageInfo, SourceLocator } from '../common/package';
import { packageNameOf, readDoc, readParamTags, readReturnsTag, TypeReader } from '../common/typescript';
import { readCompiledSdkModule, type CompiledModule, type Defaults } from './compiled';
import type { SdkPackageConfig } from './packages';

export interface SdkExtractOptions {
  /** The folder that holds `@defichain/<package>` (the site's node_modules). */
  nodeModules: string;
  packages: readonly SdkPackageConfig[];
}

interface PackageContext {
  config: SdkPackageConfig;
  dir: string;
  /** Absolute folder of the declaration files (the entry's folder). */
  distDir: string;
  entry: string;
  locator: SourceLocator;
}

const EMPTY_DOC: Doc = { text: '', deprecated: null, see: [], examples: [] };
const NO_DEFAULTS: Defaults = new Map();

function hasModifier(node: ts.Node, flag: ts.ModifierFlags): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & flag) !== 0;
}

function isHidden(member: ts.ClassElement): boolean {
  return hasModifier(member, ts.ModifierFlags.Private) || (member.name !== undefined && ts.isPrivateIdentifier(member.name));
}

function memberName(member: ts.ClassElement | ts.TypeElement): string {
  const name = member.name;
  if (name === undefined) return '';
  return ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

/** The doc comment of a declaration; for a variable, the statement's (where the comment is written). */
function docOf(node: ts.Node): Doc {
  return readDoc(node);
}

export function extractSdkReference(options: SdkExtractOptions): SdkReference {
  // The real path: TypeScript resolves one package's import of another to it (node_modules may be a link).
  const nodeModules = fs.realpathSync(path.resolve(options.nodeModules));
  const warnings: string[] = [];
  const contexts: PackageContext[] = options.packages.map((config) => {
    const dir = path.join(nodeModules, '@defichain', config.short);
    const info = readPackageInfo(dir);
    const entry = path.join(dir, info.types);
    return { config, dir, distDir: path.dirname(entry), entry, locator: new SourceLocator(dir, `packages/${config.short}`) };
  });
  const first = readPackageInfo(contexts[0]?.dir ?? '');
  for (const context of contexts) {
    const info = readPackageInfo(context.dir);
    if (info.version !== first.version)
      throw new Error(`extract: ${info.name} is ${info.version}, the others ${first.version}: pin every @defichain package to one version`);
  }

  // No default library: built-ins (Promise, Array, Record) resolve to nothing and are read as globals.
  const program = ts.createProgram(
    contexts.flatMap((context) => [context.entry, ...(context.config.unexportedModules ?? []).map((module) => path.join(context.distDir, `${module}.d.ts`))]),
    { strict: true, noEmit: true, skipLibCheck: true, types: [], noLib: true },
  );
  const checker = program.getTypeChecker();

  /** The package whose declaration files hold a file, or undefined (another npm package, the language). */
  const contextOf = (fileName: string): PackageContext | undefined =>
    contexts.find((context) => {
      const relative = path.relative(context.distDir, fileName);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.includes('node_modules');
    });
  const moduleOf = (context: PackageContext, fileName: string): string =>
    path
      .relative(context.distDir, fileName)
      .split(path.sep)
      .join('/')
      .replace(/\.d\.ts$/, '');
  const resolve = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

  // Every package's exports first, so that a declaration has the same id wherever it is met: `<package>.<name>`.
  const exportIds = new Map<ts.Declaration, string>();
  const exportsOf = new Map<PackageContext, { name: string; symbol: ts.Symbol }[]>();
  for (const context of contexts) {
    const entryFile = program.getSourceFile(context.entry);
    const entrySymbol = entryFile === undefined ? undefined : checker.getSymbolAtLocation(entryFile);
    if (entrySymbol === undefined) throw new Error(`extract: cannot read ${context.entry}`);
    const list = checker.getExportsOfModule(entrySymbol).map((symbol) => ({ name: symbol.name, symbol: resolve(symbol) }));
    exportsOf.set(context, list);
    for (const { name, symbol } of list) {
      for (const declaration of symbol.declarations ?? []) {
        if (contextOf(declaration.getSourceFile().fileName) === context && !exportIds.has(declaration))
          exportIds.set(declaration, `${context.config.short}.${name}`);
      }
    }
  }

  /** A declaration's id: its export's, a namespace member's `<package>.<Namespace>.<name>`, else `<package>.<module>.<name>`. */
  const idOf = (declaration: ts.Declaration, name: string): string => {
    const exported = exportIds.get(declaration);
    if (exported !== undefined) return exported;
    const context = contextOf(declaration.getSourceFile().fileName);
    const short = context?.config.short ?? 'external';
    const namespace = namespaceOf(declaration);
    if (namespace !== null) {
      const owner = exportIds.get(namespace.declaration);
      return `${owner ?? `${short}.${namespace.name}`}.${name}`;
    }
    return `${short}.${context === undefined ? '' : moduleOf(context, declaration.getSourceFile().fileName)}.${name}`;
  };
  const reader = new TypeReader(checker, { rootDir: nodeModules, includes: (fileName) => contextOf(fileName) !== undefined, idOf });

  const compiledCache = new Map<string, CompiledModule | null>();
  const compiledOf = (declarationFile: string): CompiledModule | null => {
    const jsFile = declarationFile.replace(/\.d\.ts$/, '.js');
    if (!compiledCache.has(jsFile)) compiledCache.set(jsFile, fs.existsSync(jsFile) ? readCompiledSdkModule(fs.readFileSync(jsFile, 'utf8')) : null);
    return compiledCache.get(jsFile) ?? null;
  };

  const symbols: Record<string, SdkSymbol> = {};
  const locate = (node: ts.Node): TypeDeclaration['source'] => {
    const context = contextOf(node.getSourceFile().fileName);
    return context === undefined ? null : context.locator.locate(node);
  };

  const signatureOf = (
    node: ts.SignatureDeclarationBase,
    defaults: Defaults,
    returns: TypeExpr | null,
    docNode: ts.Node = node,
    where = '',
  ): MethodSignature => {
    const tags = readParamTags(docNode);
    const returnsTag = readReturnsTag(docNode);
    for (const parameter of node.parameters) {
      const name = parameter.name.getText();
      if (ts.isIdentifier(parameter.name) && !tags.some((tag) => tag.name === name) && where !== '') warnings.push(`${where}(${name}): no @param text`);
    }
    return {
      typeParameters: reader.readTypeParameters(node.typeParameters),
      parameters: node.parameters.map((parameter): Parameter => reader.readParameter(parameter, tags, defaults)),
      returns: returns ?? reader.readType(node.type),
      returnsDescription: returnsTag?.description ?? '',
      doc: docOf(docNode),
      source: locate(node),
    };
  };

  const base = (declaration: ts.Declaration, id: string, name: string, declaredName: string) => {
    const context = contextOf(declaration.getSourceFile().fileName);
    if (context === undefined) throw new Error(`extract: ${name} is not declared in one of the packages`);
    const module = moduleOf(context, declaration.getSourceFile().fileName);
    const namespace = namespaceOf(declaration);
    const exported = exportIds.has(declaration) || (namespace !== null && exportIds.has(namespace.declaration));
    // A declaration its module exports, which the entry point does not pass on, can still be imported from that module.
    const fromModule = !exported && namespace === null && hasModifier(declaration, ts.ModifierFlags.Export);
    const distFolder = path.relative(context.dir, context.distDir).split(path.sep).join('/');
    return {
      id,
      name: namespace === null ? name : `${namespace.name}.${name}`,
      declaredName,
      package: context.config.short,
      module,
      exported,
      deepImport: fromModule ? `@defichain/${context.config.short}/${distFolder}/${module}` : null,
      namespace: namespace?.name ?? null,
      page: pageOf(context.config, module, declaredName),
      doc: docOf(declaration),
      source: locate(declaration),
    };
  };

  const readClass = (node: ts.ClassDeclaration, id: string, name: string): SdkClass => {
    const declaredName = node.name?.text ?? name;
    const compiled = compiledOf(node.getSourceFile().fileName)?.classes.get(declaredName);
    const members: SdkMember[] = [];
    let extendsType: TypeExpr | null = null;
    const implementsTypes: TypeExpr[] = [];
    for (const clause of node.heritageClauses ?? []) {
      const types = clause.types.map((type) => reader.readExpressionWithTypeArguments(type));
      if (clause.token === ts.SyntaxKind.ExtendsKeyword) extendsType = types[0] ?? null;
      else implementsTypes.push(...types);
    }
    const self: TypeExpr = { kind: 'reference', name: declaredName, target: { kind: 'declared', id }, typeArguments: [] };
    const constructors = node.members.filter((member): member is ts.ConstructorDeclaration => ts.isConstructorDeclaration(member) && !isHidden(member));
    if (constructors.length > 0) {
      const constructor = constructors[0] as ts.ConstructorDeclaration;
      members.push({
        id: `${id}#constructor`,
        name: 'constructor',
        kind: 'constructor',
        static: false,
        access: hasModifier(constructor, ts.ModifierFlags.Protected) ? 'protected' : 'public',
        abstract: false,
        readonly: false,
        optional: false,
        signatures: constructors.map((overload) =>
          signatureOf(overload, compiled?.methods.get('constructor') ?? NO_DEFAULTS, self, overload, `${name}.constructor`),
        ),
        type: null,
        value: null,
        doc: constructors.map((overload) => docOf(overload)).find((doc) => doc.text !== '') ?? docOf(constructor),
        source: locate(constructor),
      });
    }
    const methods = new Map<string, ts.MethodDeclaration[]>();
    const accessors = new Map<string, (ts.GetAccessorDeclaration | ts.SetAccessorDeclaration)[]>();
    for (const member of node.members) {
      if (isHidden(member) || hasModifier(member, ts.ModifierFlags.Protected)) continue;
      const isStatic = hasModifier(member, ts.ModifierFlags.Static);
      const key = `${isStatic ? 'static ' : ''}${memberName(member)}`;
      if (ts.isMethodDeclaration(member)) methods.set(key, [...(methods.get(key) ?? []), member]);
      else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) accessors.set(key, [...(accessors.get(key) ?? []), member]);
    }
    const seen = new Set<string>();
    for (const member of node.members) {
      if (isHidden(member) || hasModifier(member, ts.ModifierFlags.Protected) || ts.isConstructorDeclaration(member)) continue;
      const isStatic = hasModifier(member, ts.ModifierFlags.Static);
      const memberNameText = memberName(member);
      const key = `${isStatic ? 'static ' : ''}${memberNameText}`;
      if (seen.has(key) || memberNameText === '') continue;
      seen.add(key);
      const common = {
        id: `${id}#${isStatic ? 'static.' : ''}${memberNameText}`,
        name: memberNameText,
        static: isStatic,
        access: 'public' as const,
        abstract: hasModifier(member, ts.ModifierFlags.Abstract),
        source: locate(member),
      };
      if (ts.isMethodDeclaration(member)) {
        const overloads = methods.get(key) ?? [member];
        const defaults = compiled?.methods.get(key) ?? NO_DEFAULTS;
        members.push({
          ...common,
          kind: 'method',
          readonly: false,
          optional: member.questionToken !== undefined,
          signatures: overloads.map((overload) => signatureOf(overload, defaults, null, overload, `${name}.${memberNameText}`)),
          type: null,
          value: null,
          doc: overloads.map((overload) => docOf(overload)).find((doc) => doc.text !== '' || doc.deprecated !== null) ?? EMPTY_DOC,
        });
      } else if (ts.isPropertyDeclaration(member)) {
        const assigned = isStatic ? compiled?.statics.get(memberNameText) : undefined;
        const written = member.initializer === undefined ? undefined : readDeclaredValue(member.initializer);
        members.push({
          ...common,
          kind: 'property',
          readonly: hasModifier(member, ts.ModifierFlags.Readonly),
          optional: member.questionToken !== undefined,
          signatures: [],
          type: member.type === undefined && member.initializer !== undefined ? literalType(member.initializer) : reader.readType(member.type),
          value: (assigned?.kind === 'value' ? assigned : undefined) ?? written ?? null,
          doc: docOf(member),
        });
      } else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
        const pair = accessors.get(key) ?? [member];
        const getter = pair.find(ts.isGetAccessorDeclaration);
        const setter = pair.find(ts.isSetAccessorDeclaration);
        members.push({
          ...common,
          kind: 'accessor',
          readonly: setter === undefined,
          optional: false,
          signatures: [],
          type: getter ? reader.readType(getter.type) : reader.readType(setter?.parameters[0]?.type),
          accessors: { get: getter !== undefined, set: setter !== undefined },
          value: null,
          doc: pair.map((part) => docOf(part)).find((doc) => doc.text !== '') ?? EMPTY_DOC,
        });
      }
    }
    const code = compiled?.statics.get('OP_CODE');
    const opName = compiled?.statics.get('OP_NAME');
    const dftx =
      code?.kind === 'value' && typeof code.value === 'number' && opName?.kind === 'value' && typeof opName.value === 'string'
        ? { code: code.value, name: opName.value }
        : null;
    const superArguments = compiled?.superArguments ?? null;
    const opcode =
      superArguments?.length === 2 &&
      superArguments[0]?.kind === 'value' &&
      typeof superArguments[0].value === 'number' &&
      superArguments[1]?.kind === 'value' &&
      superArguments[1].value === declaredName
        ? superArguments[0].value
        : null;
    return {
      ...base(node, id, name, declaredName),
      kind: 'class',
      abstract: hasModifier(node, ts.ModifierFlags.Abstract),
      typeParameters: reader.readTypeParameters(node.typeParameters),
      extends: extendsType,
      implements: implementsTypes,
      members,
      dftx,
      opcode,
    };
  };

  /** Members of an object constant's declared type: its methods, function-valued properties and values. */
  const readObjectMembers = (
    id: string,
    name: string,
    type: ts.TypeLiteralNode,
    value: CodeValue | null,
    methodDefaults: Map<string, Defaults> | undefined,
  ): SdkMember[] => {
    const members: SdkMember[] = [];
    const objectValue = value?.kind === 'value' && value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value) ? value.value : null;
    const seen = new Set<string>();
    for (const member of type.members) {
      const memberNameText = memberName(member);
      if (memberNameText === '' || seen.has(memberNameText)) continue;
      const common = {
        id: `${id}#${memberNameText}`,
        name: memberNameText,
        static: false,
        access: 'public' as const,
        abstract: false,
        optional: 'questionToken' in member && member.questionToken !== undefined,
        source: locate(member),
        type: null,
        value: null,
      };
      const defaults = methodDefaults?.get(memberNameText) ?? NO_DEFAULTS;
      const where = `${name}.${memberNameText}`;
      if (ts.isMethodSignature(member)) {
        seen.add(memberNameText);
        const overloads = type.members.filter((other): other is ts.MethodSignature => ts.isMethodSignature(other) && memberName(other) === memberNameText);
        members.push({
          ...common,
          kind: 'method',
          readonly: false,
          signatures: overloads.map((overload) => signatureOf(overload, defaults, null, overload, where)),
          doc: overloads.map((overload) => docOf(overload)).find((doc) => doc.text !== '') ?? EMPTY_DOC,
        });
      } else if (ts.isPropertySignature(member) && member.type !== undefined && ts.isFunctionTypeNode(member.type)) {
        seen.add(memberNameText);
        members.push({
          ...common,
          kind: 'method',
          readonly: false,
          signatures: [signatureOf(member.type, defaults, null, member, where)],
          doc: docOf(member),
        });
      } else if (ts.isPropertySignature(member) && member.type !== undefined && ts.isTypeQueryNode(member.type)) {
        // `guess: typeof guess`: the member is a function the module declares, with its own overloads and doc comments.
        seen.add(memberNameText);
        const target = checker.getSymbolAtLocation(member.type.exprName);
        const functions = (target === undefined ? [] : (resolve(target).declarations ?? [])).filter(ts.isFunctionDeclaration);
        if (functions.length === 0) {
          warnings.push(`${where}: typeof a value that is not a function (${member.type.getText()})`);
          continue;
        }
        const compiledFunctions = compiledOf(member.getSourceFile().fileName)?.functions;
        const own = docOf(member);
        members.push({
          ...common,
          kind: 'method',
          readonly: false,
          signatures: functions.map((fn) => signatureOf(fn, compiledFunctions?.get(fn.name?.text ?? '') ?? NO_DEFAULTS, null, fn, where)),
          doc: own.text !== '' || own.deprecated !== null ? own : (functions.map((fn) => docOf(fn)).find((doc) => doc.text !== '') ?? EMPTY_DOC),
        });
      } else if (ts.isPropertySignature(member)) {
        seen.add(memberNameText);
        const known = objectValue?.[memberNameText];
        members.push({
          ...common,
          kind: 'property',
          readonly: hasModifier(member, ts.ModifierFlags.Readonly),
          signatures: [],
          type: reader.readType(member.type),
          value: known === undefined ? null : { kind: 'value', value: known, text: JSON.stringify(known) },
          doc: docOf(member),
        });
      }
    }
    return members;
  };

  const readConstant = (node: ts.VariableDeclaration, id: string, name: string): SdkConstant => {
    const declaredName = ts.isIdentifier(node.name) ? node.name.text : name;
    const compiled = compiledOf(node.getSourceFile().fileName);
    const assigned = compiled?.exports.get(declaredName);
    const written = node.initializer === undefined ? undefined : readDeclaredValue(node.initializer);
    const value = (assigned?.kind === 'value' ? assigned : undefined) ?? written ?? null;
    const type = node.type === undefined && node.initializer !== undefined ? literalType(node.initializer) : reader.readType(node.type);
    const members =
      node.type !== undefined && ts.isTypeLiteralNode(node.type)
        ? readObjectMembers(id, name, node.type, value, compiled?.objectMethods.get(declaredName))
        : [];
    return { ...base(node, id, name, declaredName), kind: 'constant', type, value, members };
  };

  const readSymbol = (declarations: readonly ts.Declaration[], id: string, name: string): SdkSymbol | null => {
    const declaration = declarations[0];
    if (declaration === undefined) return null;
    const classNode = declarations.find(ts.isClassDeclaration);
    if (classNode) return readClass(classNode, id, name);
    const functions = declarations.filter(ts.isFunctionDeclaration);
    if (functions.length > 0) {
      const fn = functions[0] as ts.FunctionDeclaration;
      const declaredName = fn.name?.text ?? name;
      const defaults = compiledOf(fn.getSourceFile().fileName)?.functions.get(declaredName) ?? NO_DEFAULTS;
      return {
        ...base(fn, id, name, declaredName),
        kind: 'function',
        doc: functions.map((overload) => docOf(overload)).find((doc) => doc.text !== '') ?? EMPTY_DOC,
        signatures: functions.map((overload) => signatureOf(overload, defaults, null, overload, name)),
      };
    }
    const variable = declarations.find(ts.isVariableDeclaration);
    if (variable) return readConstant(variable, id, name);
    const namespace = declarations.find(ts.isModuleDeclaration);
    if (namespace && namespace.body !== undefined && ts.isModuleBlock(namespace.body)) {
      const inner: string[] = [];
      for (const statement of namespace.body.statements) {
        if (
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isClassDeclaration(statement)
        ) {
          inner.push(reader.enqueue(statement));
        }
      }
      return { ...base(namespace, id, name, namespace.name.getText()), kind: 'namespace', members: inner };
    }
    const typeNode = declarations.find((node) => ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node));
    if (typeNode) {
      reader.enqueue(typeNode);
      const drained = reader.drain(locate).get(id);
      if (drained === undefined) throw new Error(`extract: ${id} was not read`);
      return { ...base(typeNode, id, name, drained.name), kind: 'type', declaration: { ...drained, id } };
    }
    return null;
  };

  const packages: SdkPackage[] = [];
  for (const context of contexts) {
    const info = readPackageInfo(context.dir);
    const exportIdsInOrder: string[] = [];
    const compare = declarationOrder(program, checker, context.entry);
    const list = [...(exportsOf.get(context) ?? [])].sort(
      (a, b) => compare(a.symbol.declarations?.[0], b.symbol.declarations?.[0]) || a.name.localeCompare(b.name, 'en'),
    );
    for (const { name, symbol } of list) {
      const id = `${context.config.short}.${name}`;
      const declarations = symbol.declarations ?? [];
      const own = declarations.filter((declaration) => contextOf(declaration.getSourceFile().fileName) === context);
      let read: SdkSymbol | null;
      if (own.length === 0) {
        // A name of another npm package (or of another @defichain package) that this one re-exports.
        const found = declarations[0] === undefined ? null : packageNameOf(declarations[0].getSourceFile().fileName);
        // Declarations from DefinitelyTyped belong to the package they describe (`@types/lossless-json` → lossless-json).
        const from = (found ?? 'unknown').replace(/^@types\/(?:([^_]+)__)?(.+)$/, (_all, scope: string | undefined, name: string) =>
          scope ? `@${scope}/${name}` : name,
        );
        read = {
          id,
          name,
          declaredName: symbol.name,
          package: context.config.short,
          module: '',
          exported: true,
          deepImport: null,
          namespace: null,
          page: '',
          doc: EMPTY_DOC,
          source: null,
          kind: 'reexport',
          // A default export (`import BigNumber from 'bignumber.js'`) goes by the name the package gives it here.
          from: { module: from, name: symbol.name === 'default' ? name : symbol.name },
        };
      } else {
        read = readSymbol(own, id, name);
      }
      if (read === null) {
        warnings.push(`${id}: an export the extractor does not read (${declarations.map((declaration) => ts.SyntaxKind[declaration.kind]).join(', ')})`);
        continue;
      }
      symbols[id] = read;
      exportIdsInOrder.push(id);
    }
    packages.push({
      name: info.name,
      short: context.config.short,
      version: info.version,
      area: context.config.area,
      summary: context.config.summary,
      entry: info.types,
      repositoryFolder: `packages/${context.config.short}`,
      exports: exportIdsInOrder,
      internal: [],
      pages: (context.config.pages ?? []).map(({ slug, title, summary }) => ({ slug, title, summary })),
    });
  }

  // Modules the configuration names although no export uses them (the builder's errors): every declaration they export.
  for (const context of contexts) {
    for (const module of context.config.unexportedModules ?? []) {
      const file = program.getSourceFile(path.join(context.distDir, `${module}.d.ts`));
      if (file === undefined) throw new Error(`extract: no module ${module} in ${context.config.short}`);
      for (const statement of file.statements) {
        if (!hasModifier(statement, ts.ModifierFlags.Export)) continue;
        if (ts.isClassDeclaration(statement) && statement.name !== undefined) {
          const id = reader.enqueue(statement);
          symbols[id] ??= readClass(statement, id, statement.name.text);
        } else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) {
          reader.enqueue(statement);
        }
      }
    }
  }

  // The declarations the exports use and no entry point exports (and those they use), read until none is left.
  for (;;) {
    const drained = reader.drain(locate);
    const fresh = [...drained.keys()].filter((id) => symbols[id] === undefined);
    if (fresh.length === 0) break;
    for (const id of fresh) {
      const node = reader.nodeOf(id);
      const declaration = drained.get(id);
      if (node === undefined || declaration === undefined) continue;
      const name = namespaceOf(node) === null ? declaration.name : declaration.name;
      const read: SdkSymbol = ts.isClassDeclaration(node)
        ? readClass(node, id, name)
        : { ...base(node, id, name, declaration.name), kind: 'type', declaration: { ...declaration, id } };
      symbols[id] = read;
    }
  }
  for (const pkg of packages) {
    const context = contexts.find((candidate) => candidate.config.short === pkg.short);
    const compare = context === undefined ? () => 0 : declarationOrder(program, checker, context.entry);
    const exported = new Set(pkg.exports);
    pkg.internal = Object.values(symbols)
      .filter((symbol) => symbol.package === pkg.short && !exported.has(symbol.id) && !isNamespaceMember(symbol, exported))
      .sort((a, b) => compare(reader.nodeOf(a.id), reader.nodeOf(b.id)) || a.id.localeCompare(b.id, 'en'))
      .map((symbol) => symbol.id);
  }
  inheritOpcodes(symbols);
  for (const symbol of Object.values(symbols)) if (symbol.doc.text === '' && symbol.kind !== 'reexport') warnings.push(`${symbol.id}: no doc comment`);

  const sorted: Record<string, SdkSymbol> = {};
  for (const id of Object.keys(symbols).sort()) sorted[id] = symbols[id] as SdkSymbol;
  return { version: first.version, repositoryUrl: first.repositoryUrl, tag: first.tag, packages, symbols: sorted, warnings };
}

function isNamespaceMember(symbol: SdkSymbol, exported: ReadonlySet<string>): boolean {
  if (symbol.namespace === null) return false;
  return [...exported].some((id) => id.endsWith(`.${symbol.namespace ?? ''}`) && symbol.id.startsWith(`${id}.`));
}

/** The namespace a declaration sits in (`BitcoinJsLib` for its `Network`), or null. */
function namespaceOf(node: ts.Node): { name: string; declaration: ts.ModuleDeclaration } | null {
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
    if (ts.isModuleDeclaration(parent) && !ts.isStringLiteral(parent.name)) return { name: parent.name.text, declaration: parent };
    if (ts.isSourceFile(parent)) return null;
  }
  return null;
}

/**
 * Compares declarations in the order a reader meets them: reading the entry point from the top, and each module it
 * re-exports where its `export ... from` statement stands (depth first); declarations of files that no entry statement
 * reaches come after, by file path and position.
 */
function declarationOrder(program: ts.Program, checker: ts.TypeChecker, entry: string): (a: ts.Node | undefined, b: ts.Node | undefined) => number {
  const order = new Map<ts.Node, number>();
  const files = new Set<string>();
  const visit = (fileName: string): void => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const statement of program.getSourceFile(fileName)?.statements ?? []) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
        const target = checker.getSymbolAtLocation(statement.moduleSpecifier)?.declarations?.[0];
        if (target !== undefined && ts.isSourceFile(target)) visit(target.fileName);
      } else order.set(statement, order.size);
    }
  };
  visit(entry);
  const topLevel = (node: ts.Node): ts.Node => {
    let statement = node;
    while (statement.parent !== undefined && !ts.isSourceFile(statement.parent)) statement = statement.parent;
    return statement;
  };
  const key = (node: ts.Node | undefined): [number, string, number] => {
    if (node === undefined) return [Number.MAX_SAFE_INTEGER, '', 0];
    const statement = topLevel(node);
    const known = order.get(statement);
    return known === undefined ? [order.size, statement.getSourceFile().fileName, statement.getStart()] : [known, '', 0];
  };
  return (a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || (ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0) || ka[2] - kb[2];
  };
}

/** A value a declaration file writes (`static readonly PREFIX = "defichain-testcontainers-"`). */
function readDeclaredValue(initializer: ts.Expression): CodeValue | undefined {
  if (ts.isStringLiteral(initializer)) return { kind: 'value', value: initializer.text, text: `'${initializer.text}'` };
  if (ts.isNumericLiteral(initializer)) return { kind: 'value', value: Number(initializer.text), text: initializer.text };
  if (initializer.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'value', value: true, text: 'true' };
  if (initializer.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'value', value: false, text: 'false' };
  return undefined;
}

/** The type of a property a declaration file declares by its value (`static readonly PREFIX = "x"`): that literal. */
function literalType(initializer: ts.Expression): TypeExpr {
  const value = readDeclaredValue(initializer);
  if (value?.kind === 'value' && (typeof value.value === 'string' || typeof value.value === 'number' || typeof value.value === 'boolean')) {
    return { kind: 'literal', value: value.value, text: typeof value.value === 'string' ? JSON.stringify(value.value) : value.text };
  }
  return { kind: 'text', text: initializer.getText() };
}

/** An opcode class without a constructor of its own (`OP_FALSE extends OP_0`) pushes its base's byte. */
function inheritOpcodes(symbols: Record<string, SdkSymbol>): void {
  const opcodeOf = (symbol: SdkSymbol | undefined, depth: number): number | null => {
    if (symbol?.kind !== 'class' || depth > 10) return null;
    if (symbol.opcode !== null) return symbol.opcode;
    if (symbol.members.some((member) => member.kind === 'constructor')) return null;
    const base = symbol.extends;
    return base?.kind === 'reference' && base.target.kind === 'declared' ? opcodeOf(symbols[base.target.id], depth + 1) : null;
  };
  for (const symbol of Object.values(symbols)) if (symbol.kind === 'class' && symbol.opcode === null) symbol.opcode = opcodeOf(symbol, 0);
}

function pageOf(config: SdkPackageConfig, module: string, declaredName: string): string {
  const pages = config.pages ?? [];
  const named = pages.find((page) => page.names?.includes(declaredName));
  if (named !== undefined) return named.slug;
  return pages.find((page) => page.modules.some((pattern) => (pattern.endsWith('/') ? module.startsWith(pattern) : module === pattern)))?.slug ?? '';
}

/** The builder class that one of P2WPKHTransactionBuilder's groups is (`dex` → TxnBuilderDex), or the builder itself. */
function builderClassOf(reference: SdkReference, group: string | null): SdkClass | undefined {
  const builder = reference.symbols['jellyfish-transaction-builder.P2WPKHTransactionBuilder'];
  if (builder?.kind !== 'class') return undefined;
  if (group === null) {
    // The builder's own methods (createDeFiTx) are declared by the class it extends.
    const base = builder.extends;
    const parent = base?.kind === 'reference' && base.target.kind === 'declared' ? reference.symbols[base.target.id] : undefined;
    return parent?.kind === 'class' ? parent : undefined;
  }
  const property = builder.members.find((member) => member.name === group && member.kind === 'property');
  const type = property?.type;
  const target = type?.kind === 'reference' && type.target.kind === 'declared' ? reference.symbols[type.target.id] : undefined;
  return target?.kind === 'class' ? target : undefined;
}

/**
 * Puts the builder samples (keyed `<group>.<method>`, or `<method>` for the builder's own: extract/sdk/builder-examples.ts)
 * on the members they call. Gives the keys no member takes.
 */
export function attachBuilderExamples(reference: SdkReference, examples: ReadonlyMap<string, SdkMemberExample>): string[] {
  const unattached: string[] = [];
  for (const [key, example] of examples) {
    const [group, method] = key.includes('.') ? (key.split('.', 2) as [string, string]) : [null, key];
    const member = builderClassOf(reference, group)?.members.find((candidate) => candidate.name === method && candidate.kind === 'method' && !candidate.static);
    if (member === undefined) unattached.push(key);
    else member.example = example;
  }
  return unattached;
}
