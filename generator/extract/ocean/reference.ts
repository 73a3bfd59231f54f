// Extracts the Ocean REST API reference from an installed whale-api-client: categories, endpoints, types.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type {
  CodeValue,
  MethodSignature,
  OceanBody,
  OceanCategory,
  OceanEndpoint,
  OceanParameter,
  OceanReference,
  Parameter,
  TypeExpr,
} from '../../model/types';
import {
  readClientDefaults,
  readCompiledCalls,
  type ArgumentSource,
  type BodyValue,
  type CompiledCall,
  type DefaultValue,
  type PathPiece,
  type RequestValue,
} from './compiled';
import { isPublicMethod, readPackageInfo, resolveClass, SourceLocator } from '../common/package';
import { moduleKeyOf, namespaceExportsOf, readDoc, readParamTags, readReturnsTag, TypeReader } from '../common/typescript';
import { typeIdsByName, typeRecordOf } from '../common/walk';
import { attachOceanDocCorrections, attachOceanExamples, attachOceanPaging, readOceanExamples, readOceanPaging, readOceanRpcWhitelist } from './examples';

export interface OceanExtractOptions {
  /** Root directory of the installed package (where its package.json is). */
  packageDir: string;
  /** Folder of the package inside its source repository, e.g. `packages/whale-api-client`. */
  repositoryFolder: string;
  /** The client class whose properties are the categories. */
  clientClass?: string;
  /** Compiled file of the client class, relative to the package, where the defaults are read. */
  clientModule?: string;
  /**
   * The hand-written examples (generator/examples/ocean): each endpoint's example and the server's RPC whitelist enter
   * the model here. Without it the endpoints have no example and the whitelist is empty (the extractor's own tests).
   */
  examplesDir?: string;
}

/** Source text of a default the compiled code applies. */
function defaultText(value: DefaultValue): string {
  if (value.kind === 'member') return `${value.object}.${value.member}`;
  return typeof value.value === 'string' ? `'${value.value}'` : String(value.value);
}

/** A default of the compiled code as the model holds it: its value (or enum member) and the text the pages show. */
function defaultCodeValue(value: DefaultValue): CodeValue {
  const text = defaultText(value);
  return value.kind === 'member' ? { kind: 'enumMember', enum: value.object, member: value.member, text } : { kind: 'value', value: value.value, text };
}

function argumentText(source: ArgumentSource): string {
  return source.property === undefined ? source.param : `${source.param}.${source.property}`;
}

/** The declared parameter of a method, and its type's property when the source is `option.field`. */
interface ArgumentDeclaration {
  parameter: ts.ParameterDeclaration;
  property: ts.PropertySignature | null;
}

function findArgument(checker: ts.TypeChecker, method: ts.MethodDeclaration, source: ArgumentSource): ArgumentDeclaration | null {
  const parameter = method.parameters.find((p) => p.name.getText() === source.param);
  if (parameter === undefined) return null;
  if (source.property === undefined) return { parameter, property: null };
  if (parameter.type === undefined) return null;
  const type = checker.getNonNullableType(checker.getTypeFromTypeNode(parameter.type));
  const declaration = type.getProperty(source.property)?.valueDeclaration;
  return declaration !== undefined && ts.isPropertySignature(declaration) ? { parameter, property: declaration } : null;
}

/** `Promise<X>` → X; `ApiPagedResponse<T>` inside it → T with `list: true`. */
function unwrapReturn(returns: TypeExpr): { type: TypeExpr; list: boolean } {
  let type = returns;
  if (type.kind === 'reference' && type.name === 'Promise' && type.typeArguments[0] !== undefined) type = type.typeArguments[0];
  if (type.kind === 'reference' && type.name === 'ApiPagedResponse' && type.typeArguments[0] !== undefined) return { type: type.typeArguments[0], list: true };
  return { type, list: false };
}

const RESPONSE_KINDS: Record<string, OceanEndpoint['response']> = {
  requestList: 'list',
  requestData: 'item',
  requestAsString: 'raw',
  requestAsApiResponse: 'item',
};

interface EndpointContext {
  category: string;
  checker: ts.TypeChecker;
  reader: TypeReader;
  declaration: ts.MethodDeclaration;
  signature: MethodSignature;
  call: CompiledCall;
  warnings: string[];
}

function describeArgument(
  context: EndpointContext,
  source: ArgumentSource,
  found: ArgumentDeclaration,
): { type: TypeExpr; description: string; optional: boolean } {
  const parameter: Parameter | undefined = context.signature.parameters.find((p) => p.name === source.param);
  if (found.property === null) {
    return {
      type: parameter?.type ?? context.reader.readType(found.parameter.type),
      description: parameter?.description ?? '',
      optional: parameter?.optional ?? false,
    };
  }
  const dotted = `${source.param}.${source.property}`;
  const fieldDoc = parameter?.fieldDocs.find((doc) => doc.path === dotted)?.description ?? '';
  // Some comments document an options field as if it were a parameter (`@param status` for `option.status`).
  const isParameterName = context.declaration.parameters.some((p) => p.name.getText() === source.property);
  const looseTag = isParameterName ? '' : (readParamTags(context.declaration).find((tag) => tag.name === source.property)?.description ?? '');
  const description = [fieldDoc, looseTag, readDoc(found.property).text].find((text) => text !== '') ?? '';
  return { type: context.reader.readType(found.property.type), description, optional: found.property.questionToken !== undefined };
}

function toParameter(context: EndpointContext, name: string, location: OceanParameter['in'], value: RequestValue): OceanParameter | null {
  const where = `${context.category}.${context.call.methodName}`;
  if (value.kind === 'constant') {
    const text = typeof value.value === 'string' ? `'${value.value}'` : String(value.value);
    const type: TypeExpr = { kind: 'literal', value: value.value, text };
    return {
      name,
      in: location,
      type,
      required: false,
      defaultValue: { kind: 'value', value: value.value, text },
      description: 'The client always sends this fixed value.',
      argument: '',
    };
  }
  // Code the reader could not follow is already in the call's warnings; the path notes show it.
  if (value.kind === 'unknown') return null;
  const found = findArgument(context.checker, context.declaration, value.source);
  if (found === null) {
    context.warnings.push(`${where}: ${argumentText(value.source)} is not a declared parameter`);
    return null;
  }
  const described = describeArgument(context, value.source, found);
  const jsDefault = value.source.property === undefined ? context.call.params.find((p) => p.name === value.source.param)?.default : undefined;
  const applied = value.default ?? jsDefault;
  if (described.description === '') context.warnings.push(`${where}(${argumentText(value.source)}): no description in the doc comment`);
  return {
    name,
    in: location,
    type: described.type,
    // A path cannot leave a segment out: a path parameter is required even when the client has a fallback for it.
    required: location === 'path' || (!described.optional && applied === undefined),
    defaultValue: applied === undefined ? null : defaultCodeValue(applied),
    description: described.description,
    argument: argumentText(value.source),
  };
}

function toBody(context: EndpointContext, body: BodyValue | undefined): OceanBody | null {
  if (body === undefined) return null;
  const where = `${context.category}.${context.call.methodName}`;
  if (body.kind === 'argument') {
    const found = findArgument(context.checker, context.declaration, body.source);
    if (found === null) {
      context.warnings.push(`${where}: the body ${argumentText(body.source)} is not a declared parameter`);
      return null;
    }
    const described = describeArgument(context, body.source, found);
    return { argument: argumentText(body.source), type: described.type, description: described.description, serializer: null };
  }
  if (body.kind === 'object') {
    const fields = body.fields.flatMap((field) => {
      if (field.value.kind !== 'argument') return [];
      const found = findArgument(context.checker, context.declaration, field.value.source);
      if (found === null) return [];
      const described = describeArgument(context, field.value.source, found);
      return [
        {
          name: field.name,
          optional: described.optional,
          readonly: false,
          type: described.type,
          doc: { text: described.description, deprecated: null, see: [], examples: [] },
        },
      ];
    });
    return { argument: null, type: { kind: 'object', fields, indexSignatures: [] }, description: '', serializer: body.serializer ?? null };
  }
  context.warnings.push(`${where}: a request body this extractor does not follow: ${body.code}`);
  return { argument: null, type: { kind: 'text', text: body.code }, description: '', serializer: null };
}

function pathNotes(call: CompiledCall, parameters: OceanParameter[]): string[] {
  const notes: string[] = [];
  for (const { variable, pieces } of call.composed) {
    const names = pieces.flatMap((piece) =>
      piece.kind === 'value' && piece.value.kind === 'argument' ? [piece.value.source.property ?? piece.value.source.param] : [],
    );
    notes.push(
      `\`${piecesText(pieces)}\` is one path segment: the client joins the arguments ${names.map((name) => `\`${name}\``).join(' and ')} into it (the local variable \`${variable}\`).`,
    );
  }
  for (const parameter of parameters) {
    if (parameter.in === 'path' && parameter.defaultValue !== null) {
      notes.push(`When \`${parameter.argument}\` is left out, the client writes ${parameter.defaultValue.text} into the path in its place.`);
    }
  }
  for (const piece of call.path) {
    if (piece.kind === 'value' && piece.value.kind === 'unknown') {
      notes.push(`The client computes \`{computed}\` with code that is not a plain template: \`${piece.value.code}\`.`);
    }
  }
  for (const query of call.query) {
    if (query.via === 'path' && query.value.kind === 'argument') {
      notes.push(`The client writes \`${query.name}\` into the query string of the path itself, so it is sent even when the argument is undefined.`);
    }
  }
  return notes;
}

function pieceName(value: RequestValue): string {
  return value.kind === 'argument' ? (value.source.property ?? value.source.param) : 'computed';
}

/** Path pieces as text with `{name}` placeholders. */
function piecesText(pieces: PathPiece[]): string {
  return pieces
    .map((piece) => {
      if (piece.kind === 'text') return piece.text;
      if (piece.value.kind === 'constant') return String(piece.value.value);
      return `{${pieceName(piece.value)}}`;
    })
    .join('');
}

function buildEndpoint(context: EndpointContext): OceanEndpoint {
  const { call, signature } = context;
  const where = `${context.category}.${call.methodName}`;
  const parameters: OceanParameter[] = [];
  const pathText = piecesText(call.path);
  for (const piece of call.path) {
    if (piece.kind === 'text' || piece.value.kind !== 'argument') continue;
    const name = pieceName(piece.value);
    const parameter = toParameter(context, name, 'path', piece.value);
    if (parameter !== null && !parameters.some((p) => p.in === 'path' && p.name === name)) parameters.push(parameter);
  }
  for (const query of call.query) {
    const parameter = toParameter(context, query.name, 'query', query.value);
    if (parameter !== null) parameters.push(parameter);
  }
  const response = RESPONSE_KINDS[call.clientMethod];
  if (response === undefined) context.warnings.push(`${where}: unknown client method ${call.clientMethod}`);
  const unwrapped = unwrapReturn(signature.returns);
  if (unwrapped.list !== (call.clientMethod === 'requestList')) {
    context.warnings.push(`${where}: the declared return type and the compiled call (${call.clientMethod}) disagree on whether it is a list`);
  }
  for (const warning of call.warnings) context.warnings.push(`${where}: ${warning}`);
  return {
    name: call.methodName,
    httpMethod: call.httpMethod ?? 'GET',
    path: pathText,
    response: response ?? 'item',
    clientMethod: call.clientMethod,
    parameters,
    body: toBody(context, call.body),
    dataType: unwrapped.type,
    signature,
    pathNotes: pathNotes(call, parameters),
  };
}

export function extractOceanReference(options: OceanExtractOptions): OceanReference {
  const packageDir = path.resolve(options.packageDir);
  const info = readPackageInfo(packageDir);
  const entry = path.join(packageDir, info.types);
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const entryFile = program.getSourceFile(entry);
  if (!entryFile) throw new Error(`extract: cannot read ${entry}`);
  const rootDir = path.dirname(entry);
  const reader = new TypeReader(checker, { rootDir });
  const locator = new SourceLocator(packageDir, options.repositoryFolder);
  const warnings: string[] = [];
  const clientName = options.clientClass ?? 'WhaleApiClient';

  const entrySymbol = checker.getSymbolAtLocation(entryFile);
  const exported = entrySymbol === undefined ? undefined : checker.getExportsOfModule(entrySymbol).find((symbol) => symbol.name === clientName);
  const resolved = exported !== undefined && exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const client = resolved?.declarations?.find(ts.isClassDeclaration);
  if (!client) throw new Error(`extract: the package does not export a class ${clientName}`);
  const clientJs = path.join(packageDir, options.clientModule ?? path.relative(packageDir, client.getSourceFile().fileName).replace(/\.d\.ts$/, '.js'));
  const defaults = readClientDefaults(fs.readFileSync(clientJs, 'utf8'));

  const compiledCache = new Map<string, CompiledCall[]>();
  const compiledOf = (declarationFile: string): CompiledCall[] => {
    const jsFile = declarationFile.replace(/\.d\.ts$/, '.js');
    let calls = compiledCache.get(jsFile);
    if (!calls) {
      calls = fs.existsSync(jsFile) ? readCompiledCalls(fs.readFileSync(jsFile, 'utf8')) : [];
      compiledCache.set(jsFile, calls);
    }
    return calls;
  };

  const categories: OceanCategory[] = [];
  for (const member of client.members) {
    if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
    if (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    const classNode = resolveClass(checker, member.type);
    if (!classNode?.name) continue;
    const categoryName = member.name.text;
    const className = classNode.name.text;
    const calls = compiledOf(classNode.getSourceFile().fileName).filter((call) => call.className === className);
    const endpoints: OceanEndpoint[] = [];
    for (const declaration of classNode.members) {
      if (!isPublicMethod(declaration)) continue;
      const name = declaration.name.getText();
      const call = calls.find((candidate) => candidate.methodName === name);
      if (call === undefined) {
        warnings.push(`${categoryName}.${name}: no implementation found in the compiled code`);
        continue;
      }
      const jsDefaults = new Map(call.params.flatMap((p) => (p.default === undefined ? [] : [[p.name, defaultCodeValue(p.default)] as const])));
      const tags = readParamTags(declaration);
      const returnsTag = readReturnsTag(declaration);
      const signature: MethodSignature = {
        typeParameters: reader.readTypeParameters(declaration.typeParameters),
        parameters: declaration.parameters.map((parameter) => reader.readParameter(parameter, tags, jsDefaults)),
        returns: reader.readType(declaration.type),
        returnsDescription: returnsTag?.description ?? '',
        doc: readDoc(declaration),
        source: locator.locate(declaration),
      };
      if (signature.doc.text === '') warnings.push(`${categoryName}.${name}: no doc comment`);
      endpoints.push(buildEndpoint({ category: categoryName, checker, reader, declaration, signature, call, warnings }));
    }
    categories.push({
      name: categoryName,
      className,
      module: moduleKeyOf(classNode.getSourceFile().fileName),
      doc: readDoc(classNode),
      endpoints,
      typeIds: [],
      source: locator.fileOf(classNode.getSourceFile()),
    });
  }

  const typeRecord = typeRecordOf(reader.drain((node) => locator.locate(node)));
  for (const category of categories) {
    const roots: TypeExpr[] = category.endpoints.flatMap((endpoint) => [
      endpoint.dataType,
      ...endpoint.parameters.map((parameter) => parameter.type),
      ...(endpoint.body === null ? [] : [endpoint.body.type]),
      ...endpoint.signature.parameters.map((parameter) => parameter.type),
    ]);
    category.typeIds = typeIdsByName(roots, typeRecord);
  }

  const namespaceExports = namespaceExportsOf(entryFile, checker);
  const modulePaths: Record<string, string> = {};
  for (const sourceFile of program.getSourceFiles()) {
    const relative = path.relative(rootDir, sourceFile.fileName);
    if (relative.startsWith('..') || relative.includes('node_modules')) continue;
    const fromPackage = path
      .relative(packageDir, sourceFile.fileName)
      .split(path.sep)
      .join('/')
      .replace(/\.d\.ts$/, '');
    modulePaths[moduleKeyOf(sourceFile.fileName)] = fromPackage === info.types.replace(/\.d\.ts$/, '') ? info.name : `${info.name}/${fromPackage}`;
  }

  const { types: _types, ...packageInfo } = info;
  void _types;
  const rpcWhitelist = options.examplesDir === undefined ? { source: '', methods: [] } : readOceanRpcWhitelist(options.examplesDir);
  const reference: OceanReference = { package: packageInfo, defaults, categories, types: typeRecord, namespaceExports, modulePaths, rpcWhitelist, warnings };
  if (options.examplesDir !== undefined) {
    attachOceanExamples(reference, readOceanExamples(options.examplesDir));
    const pagingFile = path.join(options.examplesDir, 'pagination.json');
    attachOceanPaging(reference, readOceanPaging(pagingFile), pagingFile);
    attachOceanDocCorrections(reference, path.join(options.examplesDir, 'doc-corrections.json'));
  }
  return reference;
}
