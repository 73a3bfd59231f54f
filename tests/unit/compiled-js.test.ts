// Reading compiled JavaScript (acorn) and source maps: the two shapes tsc emits for async methods, and VLQ decoding.
import { describe, expect, it } from 'vitest';
import { readCompiledModule } from '../../generator/extract/rpc/compiled';
import { decodeVlq, SourceMap } from '../../generator/extract/common/source-map';

// The shape older compilers emit (api-core 4.0.7): parameters and defaults stay on the method.
const OLDER = `
class Account {
    constructor(client) { this.client = client; }
    listAccounts(pagination = { limit: 100 }, verbose = true, options = { indexedAmounts: false }) {
        return __awaiter(this, void 0, void 0, function* () {
            const { indexedAmounts = false, isMineOnly } = options;
            return yield this.client.call('listaccounts', [pagination, verbose, indexedAmounts, isMineOnly], 'bignumber');
        });
    }
    evmtx({ from, nonce }) {
        return __awaiter(this, void 0, void 0, function* () {
            return yield this.client.call('evmtx', [from, nonce, 'x', 1], 'bignumber');
        });
    }
    decode(hex, witness) {
        return __awaiter(this, void 0, void 0, function* () {
            if (witness === undefined) return yield this.client.call('decodecustomtx', [hex], 'number');
            return yield this.client.call('decodecustomtx', [hex, witness], 'number');
        });
    }
}`;

describe('readCompiledModule', () => {
  const methods = readCompiledModule(OLDER).get('Account');

  it('reads defaults on the method and destructuring defaults in its body', () => {
    const listAccounts = methods?.get('listAccounts');
    expect(Object.fromEntries(listAccounts?.defaults ?? [])).toEqual({
      pagination: { kind: 'value', value: { limit: 100 }, text: '{ limit: 100 }' },
      verbose: { kind: 'value', value: true, text: 'true' },
      options: { kind: 'value', value: { indexedAmounts: false }, text: '{ indexedAmounts: false }' },
      'options.indexedAmounts': { kind: 'value', value: false, text: 'false' },
    });
    expect(listAccounts?.rpc).toEqual({
      names: ['listaccounts'],
      computed: false,
      arguments: [
        { kind: 'parameter', name: 'pagination' },
        { kind: 'parameter', name: 'verbose' },
        { kind: 'field', parameter: 'options', path: ['indexedAmounts'], text: 'options.indexedAmounts' },
        { kind: 'field', parameter: 'options', path: ['isMineOnly'], text: 'options.isMineOnly' },
      ],
    });
  });

  it('maps fields of a destructured parameter to its position, and keeps literals', () => {
    expect(methods?.get('evmtx')?.rpc.arguments).toEqual([
      { kind: 'field', parameter: '#0', path: ['from'], text: '#0.from' },
      { kind: 'field', parameter: '#0', path: ['nonce'], text: '#0.nonce' },
      { kind: 'literal', value: 'x' },
      { kind: 'literal', value: 1 },
    ]);
  });

  it('names an RPC called from two places once, without guessing its params', () => {
    expect(methods?.get('decode')?.rpc).toEqual({ names: ['decodecustomtx'], computed: false, arguments: null });
  });
});

describe('source maps', () => {
  it('decodes Base64 VLQ values', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('IACG')).toEqual([4, 0, 1, 3]);
    expect(decodeVlq('D')).toEqual([-1]);
    expect(decodeVlq('gB')).toEqual([16]);
  });

  it('finds the original line of a generated position', () => {
    // line 0 -> source line 0; line 1: column 4 -> source line 5, column 10 -> source line 6
    const map = new SourceMap({ version: 3, sources: ['../src/a.ts'], mappings: 'AAAA;IAKA,MACA' });
    expect(map.originalPosition(0, 0)).toEqual({ source: '../src/a.ts', line: 0, column: 0 });
    expect(map.originalPosition(1, 4)).toMatchObject({ line: 5 });
    expect(map.originalPosition(1, 12)).toMatchObject({ line: 6 });
  });
});
