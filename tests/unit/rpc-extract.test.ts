// The RPC extractor on a fixture package of our own (tests/unit/fixtures/rpc-package, compiled with tsc).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import type { RpcMethod, TypeExpr } from '../../generator/model/types';

const FIXTURE = path.join(__dirname, 'fixtures/rpc-package');
const reference = extractRpcReference({ packageDir: FIXTURE, repositoryFolder: 'packages/fixture' });

function method(category: string, name: string): RpcMethod {
  const found = reference.categories.find((candidate) => candidate.name === category)?.methods.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${category}.${name}`);
  return found;
}

function firstSignature(category: string, name: string) {
  const signature = method(category, name).signatures[0];
  if (!signature) throw new Error(`no signature of ${name}`);
  return signature;
}

/** 1-based line of the first line in the fixture source containing `text`. */
function sourceLine(file: string, text: string): number {
  return (
    fs
      .readFileSync(path.join(FIXTURE, file), 'utf8')
      .split('\n')
      .findIndex((line) => line.includes(text)) + 1
  );
}

describe('extractRpcReference on the fixture', () => {
  it('reads the package and its repository', () => {
    expect(reference.package).toEqual({ name: '@fixture/api-core', version: '1.2.3', repositoryUrl: 'https://github.com/example/fixture-sdk', tag: 'v1.2.3' });
  });

  it('takes categories from the properties of ApiClient, with their classes', () => {
    expect(reference.categories.map((category) => [category.name, category.className])).toEqual([
      ['alpha', 'Alpha'],
      ['beta', 'Beta'],
    ]);
    expect(reference.categories[0]?.doc.text).toBe('Alpha RPCs of the fixture');
  });

  it('lists public methods once each, in declaration order, without the private client or constructor', () => {
    expect(reference.categories[0]?.methods.map((candidate) => candidate.name)).toEqual([
      'countThings',
      'listThings',
      'getThing',
      'boxValue',
      'sortThings',
      'countThingsOld',
      'refreshThing',
      'callByName',
      'undocumented',
    ]);
  });

  it('names the one RPC a method calls, with its params', () => {
    expect(method('alpha', 'countThings').rpc).toEqual({ names: ['countthings'], computed: false, arguments: [] });
    expect(method('alpha', 'getThing').rpc.arguments).toEqual([
      { kind: 'parameter', name: 'id' },
      { kind: 'parameter', name: 'verbosity' },
    ]);
  });

  it('says when a method calls two RPCs, or a computed one', () => {
    expect(method('alpha', 'refreshThing').rpc).toEqual({ names: ['refreshthing', 'getthing'], computed: false, arguments: null });
    expect(method('alpha', 'callByName').rpc).toEqual({ names: [], computed: true, arguments: [] });
  });

  it('reads optional parameters, defaults from the compiled code, and dotted @param rows', () => {
    const [pagination, verbose, options] = firstSignature('alpha', 'listThings').parameters;
    expect(pagination).toMatchObject({
      name: 'pagination',
      optional: true,
      defaultValue: { kind: 'value', value: { limit: 100 }, text: '{ limit: 100 }' },
      description: 'which page',
    });
    expect(pagination?.fieldDocs).toEqual([{ path: 'pagination.limit', typeText: 'number', optional: true, defaultValue: null, description: 'page size' }]);
    expect(verbose).toMatchObject({
      name: 'verbose',
      optional: true,
      defaultValue: { kind: 'value', value: true, text: 'true' },
      type: { kind: 'intrinsic', name: 'boolean' },
    });
    expect(options?.fieldDocs[0]).toMatchObject({
      path: 'options.deep',
      defaultValue: { kind: 'value', value: false, text: 'false' },
      description: 'follow nested things',
    });
    expect(firstSignature('alpha', 'countThings').returnsDescription).toBe('how many things there are');
    expect(firstSignature('alpha', 'countThings').doc.see).toEqual(['listThings']);
  });

  it('keeps overloads as signatures of one method, each with its own docs and literal types', () => {
    const overloads = method('alpha', 'getThing').signatures;
    expect(overloads).toHaveLength(2);
    expect(overloads.map((signature) => signature.parameters[1]?.type)).toEqual([
      { kind: 'literal', value: 0, text: '0' },
      { kind: 'literal', value: 1, text: '1' },
    ]);
    expect(overloads.map((signature) => signature.doc.text)).toEqual(['Get a thing as hex.', 'Get a thing as an object.']);
  });

  it('reads generic methods: type parameters with constraints, used in the return type', () => {
    const signature = firstSignature('alpha', 'boxValue');
    expect(signature.typeParameters).toEqual([
      {
        name: 'T',
        constraint: {
          kind: 'union',
          types: [
            { kind: 'intrinsic', name: 'string' },
            { kind: 'intrinsic', name: 'number' },
          ],
        },
        default: null,
      },
    ]);
    expect(signature.returns).toEqual({
      kind: 'reference',
      name: 'Promise',
      target: { kind: 'global', name: 'Promise' },
      typeArguments: [{ kind: 'reference', name: 'Box', target: { kind: 'declared', id: 'alpha.Box' }, typeArguments: [{ kind: 'typeParameter', name: 'T' }] }],
    });
  });

  it('reads unions of enums and literals', () => {
    const [order, level] = firstSignature('alpha', 'sortThings').parameters;
    expect(order?.type).toEqual({ kind: 'reference', name: 'SortOrder', target: { kind: 'declared', id: 'alpha.SortOrder' }, typeArguments: [] });
    expect(level?.type).toEqual({
      kind: 'union',
      types: [
        { kind: 'reference', name: 'Level', target: { kind: 'declared', id: 'alpha.Level' }, typeArguments: [] },
        { kind: 'literal', value: 'any', text: "'any'" },
      ],
    });
  });

  it('reads enums with their values and docs', () => {
    const sortOrder = reference.types['alpha.SortOrder'];
    expect(sortOrder).toMatchObject({ kind: 'enum', name: 'SortOrder', doc: { text: 'How a listing is ordered.' } });
    expect(sortOrder?.kind === 'enum' && sortOrder.members.map((member) => [member.name, member.value, member.doc.text])).toEqual([
      ['ASC', 'asc', 'smallest first'],
      ['DESC', 'desc', ''],
    ]);
    const level = reference.types['alpha.Level'];
    expect(level?.kind === 'enum' && level.members.map((member) => member.value)).toEqual([1, 2]);
  });

  it('reads nested interfaces, inline object types, deprecated fields and enum members as types', () => {
    const thing = reference.types['alpha.Thing'];
    if (thing?.kind !== 'interface') throw new Error('Thing is not an interface');
    expect(thing.fields.map((field) => [field.name, field.optional])).toEqual([
      ['id', false],
      ['parts', false],
      ['order', false],
      ['size', true],
    ]);
    expect(thing.fields[1]?.type).toEqual({
      kind: 'array',
      element: { kind: 'reference', name: 'Part', target: { kind: 'declared', id: 'alpha.Part' }, typeArguments: [] },
    });
    expect(thing.fields[3]?.doc.deprecated).toBe('use parts instead');
    const part = reference.types['alpha.Part'];
    if (part?.kind !== 'interface') throw new Error('Part is not an interface');
    const inner = part.fields.find((field) => field.name === 'inner')?.type as TypeExpr;
    expect(inner).toMatchObject({
      kind: 'object',
      fields: [
        { name: 'depth' },
        { name: 'tag', optional: true, type: { kind: 'reference', name: 'SortOrder.ASC', target: { kind: 'declared', id: 'alpha.SortOrder' } } },
      ],
    });
    expect(part.fields.find((field) => field.name === 'meta')?.type).toMatchObject({ kind: 'reference', name: 'Record', target: { kind: 'global' } });
  });

  it('collects every type a category uses, transitively, sorted by name', () => {
    expect(reference.categories[1]?.typeIds).toEqual(['alpha.Level', 'alpha.ListOptions', 'alpha.Part', 'alpha.SortOrder', 'alpha.Thing', 'alpha.ThingOrId']);
    expect(reference.types['alpha.ThingOrId']).toMatchObject({ kind: 'alias', doc: { text: 'Either a thing or its id.' } });
  });

  it('marks deprecated methods with the reason', () => {
    expect(firstSignature('alpha', 'countThingsOld').doc.deprecated).toBe('use beta category instead');
    expect(firstSignature('alpha', 'countThings').doc.deprecated).toBeNull();
  });

  it('locates methods and types in the repository through the declaration maps', () => {
    expect(firstSignature('alpha', 'countThings').source).toEqual({
      path: 'packages/fixture/src/category/alpha.ts',
      line: sourceLine('src/category/alpha.ts', 'async countThings ()'),
    });
    expect(reference.types['alpha.Thing']?.source).toEqual({
      path: 'packages/fixture/src/category/alpha.ts',
      line: sourceLine('src/category/alpha.ts', 'export interface Thing'),
    });
    expect(reference.categories[1]?.source).toEqual({ path: 'packages/fixture/src/category/beta.ts', line: null });
  });

  it('warns about a method or parameter without docs', () => {
    expect(reference.warnings).toContain('alpha.undocumented: no doc comment');
    expect(reference.warnings).toContain('alpha.undocumented(flag): parameter has no @param description');
    expect(reference.warnings.some((warning) => warning.startsWith('alpha.countThings'))).toBe(false);
  });

  it('knows how the package exports each module', () => {
    expect(reference.namespaceExports).toEqual({ alpha: 'alpha' });
    expect(reference.modulePaths).toMatchObject({ index: '@fixture/api-core', beta: '@fixture/api-core/dist/category/beta' });
  });

  it('extracts the same model on every run (stable output)', () => {
    const again = extractRpcReference({ packageDir: FIXTURE, repositoryFolder: 'packages/fixture' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(reference));
  });

  it('names a destructured parameter after its type and maps its fields', () => {
    const configure = method('beta', 'configure');
    const [parameter] = configure.signatures[0]?.parameters ?? [];
    expect(parameter).toMatchObject({ name: 'listOptions', fieldDocs: [{ path: 'listOptions.deep', description: 'follow nested things' }] });
    expect(configure.rpc.arguments).toEqual([{ kind: 'field', parameter: 'listOptions', path: ['deep'], text: 'listOptions.deep' }]);
  });
});
