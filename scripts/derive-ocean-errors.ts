// Derives what each Ocean endpoint that WhaleApiClient 4.0.7 calls answers besides success, from the sources of
// apps/whale-api at the tag, and merges it into the committed data file generator/errors/ocean.json, keeping the
// conditions written there by hand.
//
//   npx tsx scripts/derive-ocean-errors.ts <path of a BirthdayResearch/jellyfishsdk checkout at v4.0.7> [--check]
//
// Run it when a maintainer asks (a new SDK version): it needs a local checkout, which the project does not carry.
// `npm run generate` must have run (the endpoints come from generated/ocean-model.json). With --check it writes
// nothing and fails when the data file no longer matches the sources.
//
// What it reads, with the TypeScript compiler API, from apps/whale-api/src/module.api:
// - each controller's routes (`@Controller('/prefix')` and `@Get('/path')`/`@Post`), matched to the client's path;
// - the pipes on its parameters: `ParseIntPipe` and `StringIsIntegerPipe` (400), `ParseBoolPipe` (400),
//   `ParseEnumPipe` with `EnumCustomException` (400 with the accepted values), `PaginationQuery` (422, group `pagination-values`) and the
//   class-validator rules of a body's class (422);
// - `throw new XException(message)` in the handler and in the methods it calls on `this` and on injected services,
//   followed through the module's classes; `throw new Error(...)` (the exception interceptor answers 500);
// - whether the walk reaches the node (`JsonRpcClient`, `DeFiDCache`): then a node refusal the handler does not catch
//   answers 400 with the node's message (group `node-refusal`).
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

const API_DIR = 'apps/whale-api/src/module.api';

/** What NestJS's HttpException subclasses and whale-api's own exceptions answer (api.error.ts NestJSApiException). */
const EXCEPTIONS: Record<string, { status: number; type: string }> = {
  NotFoundException: { status: 404, type: 'NotFound' },
  NotFoundApiException: { status: 404, type: 'NotFound' },
  BadRequestException: { status: 400, type: 'BadRequest' },
  BadRequestApiException: { status: 400, type: 'BadRequest' },
  ForbiddenException: { status: 403, type: 'Forbidden' },
  ConflictException: { status: 409, type: 'Conflict' },
  UnauthorizedException: { status: 401, type: 'Unauthorized' },
  // exception.interceptor.ts: anything that is neither an HttpException nor an api-core ApiError.
  Error: { status: 500, type: 'UnknownError' },
};

/** Types whose calls reach the node. */
const NODE_TYPES = new Set(['JsonRpcClient', 'DeFiDCache']);

interface OceanErrorEntry {
  status: number;
  type: string;
  /** The envelope's message with `{name}` for what the server fills in; null when the envelope has none. */
  message: string | null;
  condition: string;
  source: string;
  /** Properties a 422 names, with the class-validator constraints. */
  properties?: { property: string; constraints: string[] }[];
  by?: 'hand';
  guard?: string;
  [key: string]: unknown;
}

interface EndpointEntry {
  endpoint: string;
  route: string;
  handler: string;
  groups: string[];
  errors: OceanErrorEntry[];
}

interface GroupEntry {
  id: string;
  errors: OceanErrorEntry[];
  [key: string]: unknown;
}

interface DataFile {
  [key: string]: unknown;
  groups: GroupEntry[];
  endpoints: EndpointEntry[];
}

interface MethodInfo {
  file: string;
  sourceFile: ts.SourceFile;
  cls: ts.ClassDeclaration;
  node: ts.MethodDeclaration;
}

interface ClassInfo {
  name: string;
  file: string;
  sourceFile: ts.SourceFile;
  node: ts.ClassDeclaration;
  /** Constructor parameter properties and fields: name -> type name. */
  fields: Map<string, string>;
  methods: Map<string, ts.MethodDeclaration>;
}

function decorators(node: ts.Node): ts.Decorator[] {
  return ts.canHaveDecorators(node) ? [...(ts.getDecorators(node) ?? [])] : [];
}

function decoratorCall(decorator: ts.Decorator): { name: string; args: readonly ts.Expression[] } | null {
  const expr = decorator.expression;
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) return { name: expr.expression.text, args: expr.arguments };
  if (ts.isIdentifier(expr)) return { name: expr.text, args: [] };
  return null;
}

function stringValue(expr: ts.Expression | undefined): string | undefined {
  if (expr === undefined) return undefined;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  return undefined;
}

function lineOf(sourceFile: ts.SourceFile, node: ts.Node): number {
  return sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
}

/** A message expression as a template: literals as they are, anything computed as `{name}`. */
function messageOf(expr: ts.Expression | undefined, sourceFile: ts.SourceFile): string | null {
  if (expr === undefined) return null;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  if (ts.isTemplateExpression(expr)) {
    let out = expr.head.text;
    for (const span of expr.templateSpans) out += `{${nameOf(span.expression, sourceFile)}}${span.literal.text}`;
    return out;
  }
  return `{${nameOf(expr, sourceFile)}}`;
}

function nameOf(expr: ts.Expression, sourceFile: ts.SourceFile): string {
  const text = expr.getText(sourceFile);
  if (/^err\b|payload\?*\.message/.test(text)) return 'reason';
  const ids = text.match(/[A-Za-z_]\w*/g) ?? [];
  return ids.pop() ?? 'value';
}

/** The `if` test (or catch clause) that leads to a node, as code, for the one who writes the conditions. */
function guardOf(node: ts.Node, sourceFile: ts.SourceFile, stop: ts.Node): string {
  const parts: string[] = [];
  let child: ts.Node = node;
  for (let parent = node.parent; parent !== undefined && parent !== stop; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent)) {
      const test = parent.expression.getText(sourceFile).replace(/\s+/g, ' ');
      parts.unshift(parent.elseStatement === child ? `!(${test})` : test);
      if (parts.length >= 2) break;
    } else if (ts.isCatchClause(parent)) {
      parts.unshift('catch');
    }
  }
  return parts.join(' && ');
}

function insideTry(node: ts.Node, stop: ts.Node): boolean {
  let child: ts.Node = node;
  for (let parent = node.parent; parent !== undefined && parent !== stop; child = parent, parent = parent.parent) {
    if (ts.isTryStatement(parent) && parent.tryBlock === child) return true;
  }
  return false;
}

function readClasses(root: string): Map<string, ClassInfo> {
  const classes = new Map<string, ClassInfo>();
  const files: string[] = [];
  const walkDir = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walkDir(rel);
      else if (entry.name.endsWith('.ts') && !/\.(spec|e2e|test)\.ts$/.test(entry.name)) files.push(rel);
    }
  };
  walkDir(API_DIR);
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of sourceFile.statements) {
      if (!ts.isClassDeclaration(statement) || statement.name === undefined) continue;
      const fields = new Map<string, string>();
      const methods = new Map<string, ts.MethodDeclaration>();
      for (const member of statement.members) {
        if (ts.isConstructorDeclaration(member)) {
          for (const param of member.parameters) {
            if (ts.isIdentifier(param.name) && param.type !== undefined && ts.isTypeReferenceNode(param.type)) {
              fields.set(param.name.text, param.type.typeName.getText(sourceFile));
            }
          }
        } else if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.type !== undefined && ts.isTypeReferenceNode(member.type)) {
          fields.set(member.name.text, member.type.typeName.getText(sourceFile));
        } else if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name)) {
          methods.set(member.name.text, member);
        }
      }
      classes.set(statement.name.text, { name: statement.name.text, file, sourceFile, node: statement, fields, methods });
    }
  }
  return classes;
}

interface Route {
  httpMethod: string;
  /** Normalised: segments, `{}` for a parameter. */
  pattern: string;
  method: MethodInfo;
  cls: ClassInfo;
}

function routesOf(classes: Map<string, ClassInfo>): Route[] {
  const routes: Route[] = [];
  for (const cls of classes.values()) {
    const controller = decorators(cls.node)
      .map(decoratorCall)
      .find((d) => d?.name === 'Controller');
    if (!controller) continue;
    const prefix = stringValue(controller.args[0]) ?? '';
    for (const method of cls.methods.values()) {
      for (const d of decorators(method).map(decoratorCall)) {
        if (d === null || (d.name !== 'Get' && d.name !== 'Post')) continue;
        const full = `${prefix}/${stringValue(d.args[0]) ?? ''}`;
        const pattern = full
          .split('/')
          .filter((s) => s !== '')
          .map((s) => (s.startsWith(':') ? '{}' : s))
          .join('/');
        routes.push({ httpMethod: d.name.toUpperCase(), pattern, method: { file: cls.file, sourceFile: cls.sourceFile, cls: cls.node, node: method }, cls });
      }
    }
  }
  return routes;
}

/** The class-validator rules of a class's properties, as the messages class-validator words by default. */
function validationRules(cls: ClassInfo | undefined): { property: string; constraints: string[] }[] {
  if (!cls) return [];
  const messages: Record<string, (property: string, args: readonly ts.Expression[], sf: ts.SourceFile) => string | null> = {
    IsNotEmpty: (p) => `${p} should not be empty`,
    IsHexadecimal: (p) => `${p} must be a hexadecimal number`,
    IsNumber: (p) => `${p} must be a number conforming to the specified constraints`,
    IsInt: (p) => `${p} must be an integer number`,
    IsString: (p) => `${p} must be a string`,
    IsArray: (p) => `${p} must be an array`,
    Min: (p, a, sf) => `${p} must not be less than ${a[0]?.getText(sf) ?? ''}`,
    IsIn: (p, a, sf) => {
      const options = a[1];
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties)
          if (ts.isPropertyAssignment(prop) && prop.name.getText(sf) === 'message') return stringValue(prop.initializer) ?? null;
      }
      return `${p} must be one of the following values: {values}`;
    },
  };
  const rules: { property: string; constraints: string[] }[] = [];
  for (const member of cls.node.members) {
    if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
    const property = member.name.text;
    const constraints: string[] = [];
    for (const d of decorators(member).map(decoratorCall)) {
      const word = d ? messages[d.name] : undefined;
      const text = d && word ? word(property, d.args, cls.sourceFile) : null;
      if (text !== null) constraints.push(text);
    }
    if (constraints.length > 0) rules.push({ property, constraints });
  }
  return rules;
}

interface Walk {
  throws: OceanErrorEntry[];
  node: boolean;
}

function walkHandler(start: MethodInfo, startClass: ClassInfo, classes: Map<string, ClassInfo>): Walk {
  const throws: OceanErrorEntry[] = [];
  let reachesNode = false;
  const seen = new Set<ts.MethodDeclaration>();
  const visit = (method: ts.MethodDeclaration, cls: ClassInfo, depth: number): void => {
    if (seen.has(method) || depth > 4 || method.body === undefined) return;
    seen.add(method);
    const sf = cls.sourceFile;
    const look = (node: ts.Node): void => {
      if (ts.isThrowStatement(node) && node.expression !== undefined && ts.isNewExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
        const exception = EXCEPTIONS[node.expression.expression.text];
        // A plain Error deep inside a service is a step the endpoint's arguments do not reach (the path finder
        // comparing a token with itself, three calls below a pool listing): only those near the handler are kept.
        // A plain Error thrown inside a try is the handler's own signal to its catch (rawtx.test), not an answer.
        if (exception && (exception.status !== 500 || (depth <= 2 && !insideTry(node, method)))) {
          const arg = node.expression.arguments?.[0];
          // An unknown error's message is not sent (UnknownApiException has none).
          const message = exception.status === 500 ? null : messageOf(arg, sf);
          throws.push({
            status: exception.status,
            type: exception.type,
            message,
            condition: '',
            source: `${cls.file}:${lineOf(sf, node)}`,
            guard: guardOf(node, sf, method),
          });
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const target = node.expression;
        // this.method(...)
        if (target.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const own = cls.methods.get(target.name.text);
          if (own) visit(own, cls, depth + 1);
        }
        // this.field.method(...) and this.field.category.method(...)
        let base: ts.Expression = target.expression;
        while (ts.isPropertyAccessExpression(base) && base.expression.kind !== ts.SyntaxKind.ThisKeyword) base = base.expression;
        if (ts.isPropertyAccessExpression(base) && base.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const typeName = cls.fields.get(base.name.text);
          if (typeName !== undefined && NODE_TYPES.has(typeName)) reachesNode = true;
          const service = typeName !== undefined ? classes.get(typeName) : undefined;
          const called = service?.methods.get(target.name.text);
          if (service && called) visit(called, service, depth + 1);
        }
      }
      ts.forEachChild(node, look);
    };
    look(method.body);
  };
  visit(start.node, startClass, 0);
  return { throws, node: reachesNode };
}

/** The values of an enum the client packages declare (whale-api-client, api-core), joined as EnumCustomException joins them. */
function enumValues(root: string, name: string): string | undefined {
  const dirs = ['packages/whale-api-client/src/api', 'packages/jellyfish-api-core/src/category'].map((dir) => path.join(root, dir));
  for (const file of dirs.flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)))) {
    const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of sourceFile.statements) {
      if (ts.isEnumDeclaration(statement) && statement.name.text === name) {
        return statement.members.map((member) => stringValue(member.initializer) ?? member.name.getText(sourceFile)).join(', ');
      }
    }
  }
  return undefined;
}

async function main(): Promise<void> {
  const [root, ...flags] = process.argv.slice(2);
  if (!root || !fs.existsSync(path.join(root, API_DIR))) {
    console.error('usage: npx tsx scripts/derive-ocean-errors.ts <BirthdayResearch/jellyfishsdk checkout (v4.0.7)> [--check]');
    process.exitCode = 2;
    return;
  }
  const check = flags.includes('--check');
  const site = path.resolve(__dirname, '..');
  const dataPath = path.join(site, 'generator/errors/ocean.json');
  const modelPath = path.join(site, 'generated/ocean-model.json');
  if (!fs.existsSync(modelPath)) throw new Error('generated/ocean-model.json is missing: run npm run generate first');
  const model = JSON.parse(fs.readFileSync(modelPath, 'utf8')) as {
    categories: { name: string; endpoints: { name: string; httpMethod: string; path: string; response: string }[] }[];
  };
  const data = JSON.parse(fs.readFileSync(dataPath, 'utf8')) as DataFile;
  const classes = readClasses(root);
  const routes = routesOf(classes);
  const problems: string[] = [];

  const derived: EndpointEntry[] = [];
  for (const category of model.categories) {
    for (const endpoint of category.endpoints) {
      const key = `${category.name}.${endpoint.name}`;
      const pattern = endpoint.path
        .split('/')
        .map((s) => (s.includes('{') ? '{}' : s))
        .join('/');
      const route = routes.find((r) => r.httpMethod === endpoint.httpMethod && r.pattern === pattern);
      if (!route) {
        problems.push(`${key}: no controller route for ${endpoint.httpMethod} ${endpoint.path}`);
        continue;
      }
      const sf = route.cls.sourceFile;
      const groups = new Set<string>();
      const errors: OceanErrorEntry[] = [];
      for (const param of route.method.node.parameters) {
        for (const d of decorators(param).map(decoratorCall)) {
          if (d === null) continue;
          const name = stringValue(d.args[0]);
          const pipes = d.args.slice(name === undefined ? 0 : 1);
          const typeName = param.type !== undefined && ts.isTypeReferenceNode(param.type) ? param.type.typeName.getText(sf) : '';
          if (d.name === 'Query' && name === undefined && typeName === 'PaginationQuery') groups.add('pagination-values');
          if (d.name === 'Body') {
            const rules = validationRules(classes.get(typeName));
            if (rules.length > 0) {
              errors.push({
                status: 422,
                type: 'ValidationError',
                message: null,
                condition: '',
                source: `${route.cls.file}:${lineOf(classes.get(typeName)?.sourceFile ?? sf, classes.get(typeName)?.node ?? param)}`,
                properties: rules,
              });
            }
          }
          for (const pipe of pipes) {
            const pipeText = pipe.getText(sf);
            if (/^(ParseIntPipe|StringIsIntegerPipe)$/.test(pipeText) || /ParseIntPipe\b/.test(pipeText)) groups.add('integer-path');
            if (/^ParseBoolPipe$/.test(pipeText)) {
              errors.push({
                status: 400,
                type: 'BadRequest',
                message: 'Validation failed (boolean string is expected)',
                condition: '',
                source: `${route.cls.file}:${lineOf(sf, pipe)}`,
              });
            }
            const enumPipe = /ParseEnumPipe\((\w+),.*EnumCustomException\('(\w+)'/s.exec(pipeText);
            if (enumPipe) {
              const values = enumValues(root, enumPipe[1] ?? '');
              errors.push({
                status: 400,
                type: 'BadRequest',
                message: `Invalid query parameter value for ${enumPipe[2] ?? ''}. See the acceptable values: ${values ?? '{values}'}`,
                condition: '',
                source: `${route.cls.file}:${lineOf(sf, pipe)}`,
              });
            }
            // A pipe of the module whose transform throws (MethodWhitelist).
            const own = classes.get(pipeText);
            const transform = own?.methods.get('transform');
            if (own && transform)
              errors.push(...walkHandler({ file: own.file, sourceFile: own.sourceFile, cls: own.node, node: transform }, own, classes).throws);
          }
        }
      }
      const walk = walkHandler(route.method, route.cls, classes);
      errors.push(...walk.throws);
      if (walk.node) groups.add('node-refusal');
      const unique = new Map<string, OceanErrorEntry>();
      for (const e of errors) if (!unique.has(`${e.status} ${e.message ?? ''}`)) unique.set(`${e.status} ${e.message ?? ''}`, e);
      derived.push({
        endpoint: key,
        route: `${endpoint.httpMethod} /{version}/{network}/${endpoint.path}`,
        handler: `${route.cls.file}:${lineOf(sf, route.method.node)}`,
        groups: [...groups].sort(),
        errors: [...unique.values()],
      });
    }
  }

  const knownGroups = new Set(data.groups.map((group) => group.id));
  for (const entry of derived) for (const id of entry.groups) if (!knownGroups.has(id)) problems.push(`${entry.endpoint}: group ${id} is not in the data file`);
  for (const p of problems) console.error(`derive-ocean-errors: ${p}`);
  console.log(
    `derive-ocean-errors: ${derived.length} endpoints, ${derived.reduce((n, e) => n + e.errors.length, 0)} errors of their own, ${problems.length} problems`,
  );
  if (flags.includes('--dump')) {
    console.log(JSON.stringify(derived, null, 2));
    return;
  }

  const changes: string[] = [];
  const keyOf = (e: OceanErrorEntry): string => `${e.status} ${e.message ?? ''}`;
  const before = new Map(data.endpoints.map((e) => [e.endpoint, e]));
  const endpoints = derived.map((fresh) => {
    const old = before.get(fresh.endpoint);
    const oldErrors = new Map((old?.errors ?? []).map((e) => [keyOf(e), e]));
    const errors: OceanErrorEntry[] = [];
    for (const e of fresh.errors) {
      const prior = oldErrors.get(keyOf(e));
      const facts: OceanErrorEntry = { ...e };
      delete facts.guard;
      if (!prior) changes.push(`${fresh.endpoint}: new ${keyOf(e)} (${e.source})`);
      else if (prior.source !== e.source || JSON.stringify(prior.properties) !== JSON.stringify(e.properties))
        changes.push(`${fresh.endpoint}: moved ${keyOf(e)} to ${e.source}`);
      errors.push({ ...prior, ...facts, condition: prior?.condition ?? '' });
      oldErrors.delete(keyOf(e));
    }
    for (const e of oldErrors.values()) {
      if (e.by === 'hand') errors.push(e);
      else changes.push(`${fresh.endpoint}: gone ${keyOf(e)} (was ${e.source})`);
    }
    if (old && old.groups.join() !== fresh.groups.join()) changes.push(`${fresh.endpoint}: groups ${old.groups.join(',')} -> ${fresh.groups.join(',')}`);
    if (old && old.handler !== fresh.handler) changes.push(`${fresh.endpoint}: handler moved to ${fresh.handler}`);
    return { ...old, ...fresh, errors };
  });
  for (const change of changes) console.log(`derive-ocean-errors: ${change}`);
  const missing = endpoints.flatMap((e) => e.errors).filter((e) => e.condition.trim() === '').length;
  if (missing > 0) console.log(`derive-ocean-errors: ${missing} entries have no condition yet`);
  if (check) {
    if (changes.length > 0) {
      console.error(`derive-ocean-errors: generator/errors/ocean.json differs from the sources in ${changes.length} places`);
      process.exitCode = 1;
    }
    return;
  }
  const next: DataFile = { ...data, endpoints };
  const options = (await prettier.resolveConfig(dataPath)) ?? {};
  fs.writeFileSync(dataPath, await prettier.format(JSON.stringify(next), { ...options, filepath: dataPath }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
