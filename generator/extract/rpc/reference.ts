// Extracts the full node RPC reference from an installed api-core package: categories (properties of ApiClient), methods, types.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { MethodSignature, Parameter, RpcArgument, RpcCalls, RpcCategory, RpcMethod, RpcReference, TypeExpr } from '../../model/types';
import { readCompiledModule, type CompiledClasses, type CompiledMethod } from './compiled';
import { moduleKeyOf, namespaceExportsOf, readDoc, readParamTags, readReturnsTag, TypeReader } from '../common/typescript';
import { typeIdsByName, typeRecordOf } from '../common/walk';
import { isPublicMethod, readPackageInfo, resolveClass, SourceLocator } from '../common/package';

export interface RpcExtractOptions {
  /** Root directory of the installed package (where its package.json is). */
  packageDir: string;
  /** Folder of the package inside its source repository, e.g. `packages/jellyfish-api-core`. */
  repositoryFolder: string;
  /** The abstract client class whose properties are the categories. */
  clientClass?: string;
}

const NO_CALLS: CompiledMethod = { defaults: new Map(), rpc: { names: [], computed: false, arguments: null } };

export function extractRpcReference(options: RpcExtractOptions): RpcReference {
  const packageDir = path.resolve(options.packageDir);
  const info = readPackageInfo(packageDir);
  const entry = path.join(packageDir, info.types);
  // No default library: built-ins (Promise, Array, Record) resolve to nothing and are read as globals, and the program loads far less.
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true, types: [], noLib: true });
  const checker = program.getTypeChecker();
  const entryFile = program.getSourceFile(entry);
  if (!entryFile) throw new Error(`extract: cannot read ${entry}`);
  const rootDir = path.dirname(entry);
  const reader = new TypeReader(checker, { rootDir });
  const locator = new SourceLocator(packageDir, options.repositoryFolder);
  const warnings: string[] = [];
  const clientName = options.clientClass ?? 'ApiClient';
  const client = entryFile.statements.find(
    (statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === clientName,
  );
  if (!client) throw new Error(`extract: no class ${clientName} in ${entry}`);

  const compiledCache = new Map<string, CompiledClasses>();
  const compiledOf = (declarationFile: string): CompiledClasses => {
    const jsFile = declarationFile.replace(/\.d\.ts$/, '.js');
    let classes = compiledCache.get(jsFile);
    if (!classes) {
      classes = fs.existsSync(jsFile) ? readCompiledModule(fs.readFileSync(jsFile, 'utf8')) : new Map();
      compiledCache.set(jsFile, classes);
    }
    return classes;
  };

  const categories: RpcCategory[] = [];
  for (const member of client.members) {
    if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
    const flags = ts.getCombinedModifierFlags(member);
    if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    const classNode = resolveClass(checker, member.type);
    if (!classNode?.name) continue;
    const categoryName = member.name.text;
    const className = classNode.name.text;
    const compiled = compiledOf(classNode.getSourceFile().fileName).get(className) ?? new Map<string, CompiledMethod>();
    const byName = new Map<string, ts.MethodDeclaration[]>();
    for (const element of classNode.members) {
      if (!isPublicMethod(element)) continue;
      const name = element.name.getText();
      byName.set(name, [...(byName.get(name) ?? []), element]);
    }
    const methods: RpcMethod[] = [];
    for (const [name, declarations] of byName) {
      const implementation = compiled.get(name) ?? NO_CALLS;
      if (!compiled.has(name)) warnings.push(`${categoryName}.${name}: no implementation found in the compiled code`);
      const signatures: MethodSignature[] = declarations.map((declaration) => {
        const tags = readParamTags(declaration);
        const returnsTag = readReturnsTag(declaration);
        return {
          typeParameters: reader.readTypeParameters(declaration.typeParameters),
          parameters: declaration.parameters.map((parameter) => reader.readParameter(parameter, tags, implementation.defaults)),
          returns: reader.readType(declaration.type),
          returnsDescription: returnsTag?.description ?? '',
          doc: readDoc(declaration),
          source: locator.locate(declaration),
        };
      });
      if (signatures.every((signature) => signature.doc.text === '')) warnings.push(`${categoryName}.${name}: no doc comment`);
      const parameterNames = new Set(signatures.flatMap((signature) => signature.parameters.map((parameter) => parameter.name)));
      for (const parameterName of parameterNames) {
        const documented = signatures.some((signature) =>
          signature.parameters.some((parameter) => parameter.name === parameterName && parameter.description !== ''),
        );
        if (!documented) warnings.push(`${categoryName}.${name}(${parameterName}): parameter has no @param description`);
      }
      methods.push({ name, signatures, rpc: nameDestructuredArguments(implementation.rpc, signatures[0]?.parameters ?? []), examples: [], exampleNotes: [] });
    }
    categories.push({
      name: categoryName,
      className,
      module: moduleKeyOf(classNode.getSourceFile().fileName),
      doc: readDoc(classNode),
      methods,
      typeIds: [],
      source: locator.fileOf(classNode.getSourceFile()),
    });
  }

  const typeRecord = typeRecordOf(reader.drain((node) => locator.locate(node)));
  for (const category of categories) {
    const roots: TypeExpr[] = category.methods.flatMap((method) =>
      method.signatures.flatMap((signature) => [
        signature.returns,
        ...signature.parameters.map((parameter) => parameter.type),
        ...signature.typeParameters.flatMap((parameter) => [parameter.constraint, parameter.default].filter((type): type is TypeExpr => type !== null)),
      ]),
    );
    category.typeIds = typeIdsByName(roots, typeRecord);
  }

  const namespaceExports = namespaceExportsOf(entryFile, checker);
  const modulePaths: Record<string, string> = {};
  for (const sourceFile of program.getSourceFiles()) {
    if (
      !path.relative(rootDir, sourceFile.fileName).startsWith('..') &&
      !sourceFile.fileName.includes(`${path.sep}node_modules${path.sep}`, packageDir.length)
    ) {
      const relative = path
        .relative(packageDir, sourceFile.fileName)
        .split(path.sep)
        .join('/')
        .replace(/\.d\.ts$/, '');
      modulePaths[moduleKeyOf(sourceFile.fileName)] = relative === info.types.replace(/\.d\.ts$/, '') ? info.name : `${info.name}/${relative}`;
    }
  }

  const { types: _types, ...packageInfo } = info;
  void _types;
  return { package: packageInfo, categories, types: typeRecord, namespaceExports, modulePaths, warnings };
}

/** Replaces the compiled code's `#<position>` (a destructured parameter) with the parameter's name in the model. */
function nameDestructuredArguments(rpc: RpcCalls, parameters: readonly Parameter[]): RpcCalls {
  if (!rpc.arguments) return rpc;
  const args = rpc.arguments.map((argument): RpcArgument => {
    if (argument.kind !== 'field' || !argument.parameter.startsWith('#')) return argument;
    const parameter = parameters[Number(argument.parameter.slice(1))];
    return parameter ? { ...argument, parameter: parameter.name, text: [parameter.name, ...argument.path].join('.') } : argument;
  });
  return { ...rpc, arguments: args };
}
