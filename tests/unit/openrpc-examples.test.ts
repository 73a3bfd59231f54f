// The generated /node/openrpc.json (static/node/openrpc.json, written by `npm run generate`): every method carries
// example pairings from the reference's run examples, and each validates against its method's own param and result
// schemas; no param is an unnamed position or an empty schema, and property names carry no quotes.
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { OpenRpcDocument, OpenRpcMethod } from '../../generator/emit/openrpc';
import { formatErrors, validateOpenRpc } from '../support/spec-validate';

const ROOT = path.resolve(__dirname, '../..');
const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'static/node/openrpc.json'), 'utf8')) as OpenRpcDocument;

/** Segments of a gap path (`tx[].vin[]` → tx, [], vin, []; `*.size` → *, size; '' → none). */
function gapSegments(path: string): string[] {
  return path === ''
    ? []
    : path
        .replace(/\[\]/g, '.[]')
        .split('.')
        .filter((segment) => segment !== '');
}

/** Whether a validation error lies inside a declared gap: its instance path (with a missing property) starts with the gap. */
function inGap(error: ErrorObject, gaps: readonly string[]): boolean {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') segments.push(missing);
  return gaps.some((gap) => {
    const expected = gapSegments(gap);
    return (
      expected.length <= segments.length &&
      expected.every((segment, index) => segment === '*' || (segment === '[]' ? /^\d+$/.test(segments[index] ?? '') : segment === segments[index]))
    );
  });
}

/**
 * Result errors that no declared gap explains. An answer that fails a union of overload results is explained when one
 * branch fails only inside gaps.
 */
function unexplained(errors: readonly ErrorObject[], gaps: readonly string[], branchCount: number): ErrorObject[] {
  const branches = new Map<string, ErrorObject[]>();
  const rest: ErrorObject[] = [];
  for (const error of errors) {
    if (error.schemaPath === '#/anyOf') continue;
    const branch = /^#\/anyOf\/(\d+)\//.exec(error.schemaPath)?.[1];
    if (branch === undefined) rest.push(error);
    else branches.set(branch, [...(branches.get(branch) ?? []), error]);
  }
  const outside = rest.filter((error) => !inGap(error, gaps));
  if (branches.size === 0) return outside;
  // A branch that is a $ref reports its errors at the referenced schema's path (among `rest`): when such a branch
  // exists and every one of those errors lies in a gap, that branch explains the answer.
  if (branches.size < branchCount && outside.length === 0) return [];
  const best = [...branches.values()].map((list) => list.filter((error) => !inGap(error, gaps))).sort((a, b) => a.length - b.length)[0] ?? [];
  return [...outside, ...best];
}

/** Problems of one method's examples against its own schemas (components resolved through the document). */
function exampleProblems(doc: OpenRpcDocument, method: OpenRpcMethod): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const schema = (inner: unknown): unknown => JSON.parse(JSON.stringify(inner).replace(/"#\/components\//g, '"doc#/components/'));
  const problems: string[] = [];
  for (const example of method.examples ?? []) {
    example.params.forEach((param, index) => {
      const descriptor = method.params[index];
      if (!descriptor) return problems.push(`${method.name} ${example.name}: no param at position ${index + 1}`);
      if (param.name !== descriptor.name)
        problems.push(`${method.name} ${example.name}: param ${index + 1} is named ${param.name}, the method calls it ${descriptor.name}`);
      // An optional position the client leaves empty travels as null: the node reads it as its default.
      if (param.value === null && descriptor.required !== true) return undefined;
      const validate = ajv.compile(schema(descriptor.schema) as object);
      if (!validate(param.value)) problems.push(`${method.name} ${example.name}: param ${descriptor.name}: ${formatErrors(validate.errors).join('; ')}`);
      return undefined;
    });
    const missing = method.params.slice(example.params.length).filter((descriptor) => descriptor.required === true);
    if (missing.length > 0) problems.push(`${method.name} ${example.name}: leaves out required ${missing.map((descriptor) => descriptor.name).join(', ')}`);
    const validate = ajv.compile(schema(method.result.schema) as object);
    const gaps = (method['x-jellyfish-type-gaps'] ?? []).map((gap) => gap.path);
    const branchCount = Array.isArray((method.result.schema as { anyOf?: unknown }).anyOf) ? (method.result.schema as { anyOf: unknown[] }).anyOf.length : 0;
    const left = validate(example.result.value) ? [] : unexplained(validate.errors ?? [], gaps, branchCount);
    if (left.length > 0) problems.push(`${method.name} ${example.name}: result: ${formatErrors(left).slice(0, 3).join('; ')}`);
  }
  return problems;
}

describe('/node/openrpc.json examples and schemas', () => {
  it('is valid OpenRPC, examples included', () => {
    expect(validateOpenRpc(document)).toEqual([]);
  });

  it('gives every method at least one example', () => {
    expect(document.methods.filter((method) => (method.examples ?? []).length === 0).map((method) => method.name)).toEqual([]);
  });

  it("validates each example against its method's param and result schemas", () => {
    expect(document.methods.flatMap((method) => exampleProblems(document, method))).toEqual([]);
  });

  it('names every param and gives each a schema', () => {
    const faults = document.methods.flatMap((method) =>
      method.params
        .filter((param) => /^param\d+$/.test(param.name) || JSON.stringify(param.schema) === '{}')
        .map((param) => `${method.name}: ${param.name} ${JSON.stringify(param.schema)}`),
    );
    expect(faults).toEqual([]);
  });

  it('writes property names as the wire does, without quotes', () => {
    const quoted = JSON.stringify(document).match(/"'[^"']+'":/g) ?? [];
    expect(quoted).toEqual([]);
  });

  it('describes what the wire carries where the client reshapes it', () => {
    const method = (name: string): OpenRpcMethod => {
      const found = document.methods.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no ${name}`);
      return found;
    };
    expect(method('testmempoolaccept').result.schema).toMatchObject({ type: 'array' });
    expect(method('createmasternode').params.map((param) => param.name)).toEqual(['ownerAddress', 'operatorAddress', 'utxos', 'timelock']);
    expect(method('getrawtransaction').params.find((param) => param.name === 'blockHash')?.required).toBe(false);
    expect(method('setmocktime').params[0]?.schema).toEqual({ type: 'integer' });
    expect(
      method('sendmany')
        .params.slice(0, 3)
        .map((param) => [param.name, param.schema]),
    ).toEqual([
      ['dummy', { const: '' }],
      ['amounts', expect.anything()],
      ['minconf', { const: 0 }],
    ]);
    expect(Object.keys((method('icx_claimdfchtlc').params[0]?.schema as { properties?: object }).properties ?? {})).toEqual(['dfchtlcTx', 'seed']);
  });

  it('goes red on an example that does not fit its schema', () => {
    const copy = structuredClone(document);
    const target = copy.methods.find((method) => method.name === 'getblockcount');
    const example = target?.examples?.[0];
    if (!target || !example) throw new Error('getblockcount has no example');
    example.result.value = 'three million';
    expect(exampleProblems(copy, target).join('\n')).toMatch(/getblockcount .* result: .* must be/);
  });
});
