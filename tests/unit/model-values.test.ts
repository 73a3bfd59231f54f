// The model carries values, not code: defaults and RPC params are read once by the extractor (generator/extract/common/js-value.ts),
// and nothing after the model parses source text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArgument, readCodeValue } from '../../generator/extract/common/js-value';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import type { CodeValue, RpcArgument } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');

describe('readCodeValue', () => {
  it('reads literals, negative numbers, arrays and objects of them, and BigNumbers into JSON values', () => {
    const cases: [string, unknown][] = [
      ['0', 0],
      ["'*'", '*'],
      ['-1', -1],
      ['true', true],
      ['null', null],
      ['[]', []],
      ['{ a: true, "b": [1, -2] }', { a: true, b: [1, -2] }],
      ["new BigNumber('0.5')", 0.5],
      ["{ feeRate: new BigNumber('10000') }", { feeRate: 10000 }],
    ];
    for (const [text, value] of cases) expect(readCodeValue(text)).toEqual({ kind: 'value', value, text });
  });

  it('names an enum member, and keeps any other code as code', () => {
    expect(readCodeValue('EstimateMode.CONSERVATIVE')).toEqual({
      kind: 'enumMember',
      enum: 'EstimateMode',
      member: 'CONSERVATIVE',
      text: 'EstimateMode.CONSERVATIVE',
    });
    for (const text of ['a + 1', '{ mode: Mode.PIE }', "new bignumber_js_1.default('0')", '1 2'])
      expect(readCodeValue(text)).toEqual({ kind: 'expression', text });
  });
});

describe('readArgument', () => {
  const parameters = new Set(['options', 'owner', 'operator', 'ts', 'signedTx', 'start', 'metadata']);
  const read = (text: string): RpcArgument => readArgument(text, parameters);

  it('reads fields, wrapped parameters and objects built from parameters', () => {
    expect(read('options.utxos')).toEqual({ kind: 'field', parameter: 'options', path: ['utxos'], text: 'options.utxos' });
    expect(read('[signedTx]')).toEqual({ kind: 'array', parameters: ['signedTx'], text: '[signedTx]' });
    expect(read('({ begin: start, owner })')).toEqual({
      kind: 'object',
      fields: [
        { key: 'begin', parameter: 'start' },
        { key: 'owner', parameter: 'owner' },
      ],
      text: '({ begin: start, owner })',
    });
  });

  it('reads defaults merged with Object.assign, for the whole parameter or one field', () => {
    expect(read('Object.assign(Object.assign({}, ({ limit: 100 })), options)')).toMatchObject({
      kind: 'defaulted',
      parameter: 'options',
      defaults: { limit: 100 },
      opaque: false,
    });
    expect(read('Object.assign(Object.assign({}, defaultMetadata), metadata)')).toMatchObject({
      kind: 'defaulted',
      parameter: 'metadata',
      defaults: {},
      opaque: true,
    });
    expect(read('(Object.assign({ send: true, feerate: -1 }, options)).feerate')).toMatchObject({
      kind: 'defaultedField',
      parameter: 'options',
      field: 'feerate',
      defaults: { send: true, feerate: -1 },
    });
  });

  it('reads conditional values and trailing params sent only when given', () => {
    expect(read('operator !== null && operator !== void 0 ? operator : owner')).toMatchObject({
      kind: 'derived',
      parameter: 'operator',
      others: ['owner'],
      integer: false,
    });
    expect(read('(ts.toString().length === 13 ? Math.floor(ts / 1e3) : ts)')).toMatchObject({ kind: 'derived', parameter: 'ts', others: [], integer: true });
    const text = '...(options.timelock !== undefined ? [options.timelock] : [])';
    expect(read(text)).toEqual({ kind: 'optional', argument: { kind: 'field', parameter: 'options', path: ['timelock'], text: 'options.timelock' }, text });
  });

  it('keeps anything else as code, named when it is a local', () => {
    expect(read('dummy')).toEqual({ kind: 'expression', text: 'dummy', name: 'dummy' });
    expect(read('[signedTx, other]')).toEqual({ kind: 'expression', text: '[signedTx, other]', name: null });
    expect(read('a(')).toEqual({ kind: 'expression', text: 'a(', name: null });
  });
});

describe('the api-core model', () => {
  const reference = extractRpcReference({
    packageDir: path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core'),
    repositoryFolder: 'packages/jellyfish-api-core',
  });
  const defaults = new Map<string, CodeValue>();
  for (const category of reference.categories) {
    for (const method of category.methods) {
      for (const parameter of method.signatures.flatMap((signature) => signature.parameters)) {
        if (parameter.defaultValue) defaults.set(`${category.name}.${method.name}(${parameter.name})`, parameter.defaultValue);
      }
    }
  }

  it('holds defaults as values: literals, objects of them and BigNumbers evaluated, enum members named', () => {
    expect(defaults.get('account.listAccounts(pagination)')).toEqual({ kind: 'value', value: { limit: 100 }, text: '{ limit: 100 }' });
    expect(defaults.get('spv.sendToAddress(options)')).toEqual({ kind: 'value', value: { feeRate: 10000 }, text: "{ feeRate: new BigNumber('10000') }" });
    expect(defaults.get('mining.estimateSmartFee(estimateMode)')).toMatchObject({ kind: 'enumMember', enum: 'EstimateMode', member: 'CONSERVATIVE' });
    // The one default that is still code: an object holding an enum member.
    expect([...defaults].filter(([, value]) => value.kind === 'expression').map(([where]) => where)).toEqual(['account.sendTokensToAddress(options)']);
  });

  it('holds every RPC param as a structured argument', () => {
    const kinds = new Set(
      reference.categories.flatMap((category) => category.methods.flatMap((method) => (method.rpc.arguments ?? []).map((argument) => argument.kind))),
    );
    expect(kinds).not.toContain('expression');
    const createMasternode = reference.categories
      .find((category) => category.name === 'masternode')
      ?.methods.find((method) => method.name === 'createMasternode');
    expect(createMasternode?.rpc.arguments?.map((argument) => argument.kind)).toEqual(['parameter', 'derived', 'field', 'optional']);
  });
});

describe('the direction of flow', () => {
  /** Every TypeScript file under a folder. */
  const files = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? files(full) : entry.name.endsWith('.ts') ? [full] : [];
    });

  it('imports acorn in generator/extract only', () => {
    const readers = files(path.join(ROOT, 'generator'))
      .filter((file) => /(from|import)\s*['"]acorn(-walk)?['"]|require\(\s*['"]acorn/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.filter((file) => !file.startsWith('generator/extract/'))).toEqual([]);
  });
});
