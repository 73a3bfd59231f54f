// The generated /node/openrpc.json (static/node/openrpc.json, written by `npm run generate`): every method carries
// example pairings from the reference's run examples, and each validates against its method's own param and result
// schemas; no param is an unnamed position or an empty schema, and property names carry no quotes.
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { OpenRpcDocument, OpenRpcMethod } from '../../generator/emit/openrpc';
import { formatErrors, validateOpenRpc } from '../support/spec-validate';

const ROOT = path.resolve(__dirname, '../..');
const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'static/node/openrpc.json'), 'utf8')) as OpenRpcDocument;

/**
 * Problems of one method's examples against its own schemas (components resolved through the document), under a plain
 * JSON Schema validator: no vendor extension is read, no error excused. Every param value, null ones included, and
 * every result must validate as generic tools (client generators, the OpenRPC playground) would validate them.
 */
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
      const validate = ajv.compile(schema(descriptor.schema) as object);
      if (!validate(param.value)) problems.push(`${method.name} ${example.name}: param ${descriptor.name}: ${formatErrors(validate.errors).join('; ')}`);
      return undefined;
    });
    const missing = method.params.slice(example.params.length).filter((descriptor) => descriptor.required === true);
    if (missing.length > 0) problems.push(`${method.name} ${example.name}: leaves out required ${missing.map((descriptor) => descriptor.name).join(', ')}`);
    const validate = ajv.compile(schema(method.result.schema) as object);
    if (!validate(example.result.value)) problems.push(`${method.name} ${example.name}: result: ${formatErrors(validate.errors).slice(0, 3).join('; ')}`);
  }
  return problems;
}

describe('/node/openrpc.json examples and schemas', () => {
  it('is valid OpenRPC, examples included', () => {
    expect(validateOpenRpc(document)).toEqual([]);
  });

  it('gives every method at least one example (an RPC the SDK does not type, unless its help contradicts itself)', () => {
    expect(document.methods.filter((method) => (method.examples ?? []).length === 0).map((method) => method.name)).toEqual([
      // The help types spv_fundaddress's address as a number; votegovbatch's votes as an array of strings, each vote
      // being an array: no params fit those types and mean what the node reads.
      'spv_fundaddress',
      'votegovbatch',
    ]);
    expect(document.methods.filter((method) => method['x-typed'] === false)).toHaveLength(119);
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

  it('folds what the node sends into the result schemas, and keeps the declared type in x-jellyfish-declared', () => {
    const method = (name: string): OpenRpcMethod => {
      const found = document.methods.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no ${name}`);
      return found;
    };
    const text = JSON.stringify(document);
    expect(text).not.toContain('x-jellyfish-type-gaps');
    // decoderawtransaction: block fields the node leaves out are optional; `sequence` is the number the node prints.
    const decoded = JSON.stringify(method('decoderawtransaction').result.schema);
    expect(decoded).toContain('"sequence":{"type":"number","description":"The node prints `sequence` as a number');
    expect(decoded).toContain('"x-jellyfish-declared":{"type":"string"}');
    expect(decoded).toContain('"x-jellyfish-declared-required":true');
    // A shape the declared type does not have, written from the node's code, cited.
    expect(JSON.stringify(method('listanchors').result.schema)).toContain('https://github.com/DeFiCh/ain/blob/v4.0.9/src/dfi/rpc_masternodes.cpp#L931-L968');
    expect(method('listanchors').result.schema).toMatchObject({ type: 'array', 'x-jellyfish-declared': { title: 'MasternodeResult', type: 'object' } });
  });

  it('claims BigNumber nowhere: the shared schema is neutral and each method says how its client parses numbers', () => {
    expect(JSON.stringify(document)).not.toMatch(/reads (it )?as a BigNumber/);
    const precision = (name: string): unknown => document.methods.find((method) => method.name === name)?.['x-jellyfish-precision'];
    // The client parses these answers with precision number although the package types amounts in them as BigNumber.
    const said = (name: string): string => document.methods.find((method) => method.name === name)?.result.description ?? '';
    for (const name of ['getrawtransaction', 'decoderawtransaction', 'getaccount']) {
      expect(precision(name), name).toBe('number');
      expect(said(name), name).toContain('fields the package types as BigNumber included, comes back as a plain JavaScript number');
    }
    // listvaults reads four fields as BigNumber; the others the package types so (nextCollateralRatio) arrive as numbers.
    expect(precision('listvaults')).toEqual({
      collateralValue: 'bignumber',
      loanValue: 'bignumber',
      interestValue: 'bignumber',
      informativeRatio: 'bignumber',
    });
    expect(said('listvaults')).toContain(
      '`informativeRatio` as BigNumber (in a list, in each of its items), and every other number as a plain JavaScript number',
    );
    expect(precision('listunspent')).toEqual({ amount: 'bignumber' });
    expect(precision('getblock')).toMatchObject({ 'client.blockchain.getBlock (verbosity 2: full transactions)': { tx: { vout: { value: 'bignumber' } } } });
  });

  it('accepts null in an optional position the client sends as null, and says so', () => {
    const blockHash = document.methods.find((method) => method.name === 'getrawtransaction')?.params.find((param) => param.name === 'blockHash');
    expect(blockHash?.schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(blockHash?.description).toContain('the client sends null here');
  });

  it('goes red on an example that does not fit its schema', () => {
    const copy = structuredClone(document);
    const target = copy.methods.find((method) => method.name === 'getblockcount');
    const example = target?.examples?.[0];
    if (!target || !example) throw new Error('getblockcount has no example');
    example.result.value = 'three million';
    expect(exampleProblems(copy, target).join('\n')).toMatch(/getblockcount .* result: .* must be/);
    // A null where the schema takes none is a problem too: nothing is excused.
    const raw = copy.methods.find((method) => method.name === 'getrawtransaction');
    const skipped = raw?.examples?.find((pairing) => pairing.params.some((param) => param.value === null));
    const position = raw?.params.findIndex((param) => param.name === 'blockHash') ?? -1;
    if (!raw || !skipped || position < 0) throw new Error('getrawtransaction sends no null');
    const param = raw.params[position];
    if (param) param.schema = { type: 'string' };
    expect(exampleProblems(copy, raw).join('\n')).toMatch(/param blockHash: .*must be string/);
  });
});
