// The OpenRPC stage on a small model of our own: params read from the sent array, schemas from the model's types.
import { describe, expect, it } from 'vitest';
import { buildOpenRpc, sentences, type OpenRpcOptions } from '../../generator/emit/openrpc';
import { firstSentence } from '../../generator/model/queries';
import { unresolvedRefs, validateOpenRpc } from '../support/spec-validate';
import type { Doc, MethodSignature, Parameter, RpcMethod, RpcReference, TypeDeclaration, TypeExpr } from '../../generator/model/types';

const doc = (text: string, deprecated: string | null = null): Doc => ({ text, deprecated, see: [], examples: [] });
const str: TypeExpr = { kind: 'intrinsic', name: 'string' };
const num: TypeExpr = { kind: 'intrinsic', name: 'number' };
const bool: TypeExpr = { kind: 'intrinsic', name: 'boolean' };
const ref = (id: string, typeArguments: TypeExpr[] = []): TypeExpr => ({
  kind: 'reference',
  name: id.split('.')[1] ?? id,
  target: { kind: 'declared', id },
  typeArguments,
});
const promise = (type: TypeExpr): TypeExpr => ({ kind: 'reference', name: 'Promise', target: { kind: 'global', name: 'Promise' }, typeArguments: [type] });
const bigNumber: TypeExpr = {
  kind: 'reference',
  name: 'BigNumber',
  target: { kind: 'external', module: 'bignumber.js', name: 'BigNumber' },
  typeArguments: [],
};

function param(name: string, type: TypeExpr, extra: Partial<Parameter> = {}): Parameter {
  return { name, type, optional: false, rest: false, defaultValue: null, description: '', fieldDocs: [], ...extra };
}

function signature(parameters: Parameter[], returns: TypeExpr, text = '', extra: Partial<MethodSignature> = {}): MethodSignature {
  return { typeParameters: [], parameters, returns: promise(returns), returnsDescription: '', doc: doc(text), source: null, ...extra };
}

function method(name: string, rpc: string, signatures: MethodSignature[], args: RpcMethod['rpc']['arguments']): RpcMethod {
  return { name, signatures, rpc: { names: [rpc], computed: false, arguments: args }, examples: [], exampleNotes: [] };
}

const types: Record<string, TypeDeclaration> = {
  'chain.Block': {
    id: 'chain.Block',
    name: 'Block',
    module: 'chain',
    doc: doc('A block.'),
    source: null,
    typeParameters: [{ name: 'T', constraint: null, default: null }],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [
      { name: 'hash', optional: false, readonly: false, type: str, doc: doc('Block hash.') },
      { name: 'tx', optional: false, readonly: false, type: { kind: 'array', element: { kind: 'typeParameter', name: 'T' } }, doc: doc('') },
    ],
  },
  'chain.Transaction': {
    id: 'chain.Transaction',
    name: 'Transaction',
    module: 'chain',
    doc: doc(''),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [{ name: 'txid', optional: false, readonly: false, type: str, doc: doc('') }],
  },
  'wallet.Mode': {
    id: 'wallet.Mode',
    name: 'Mode',
    module: 'wallet',
    doc: doc('Fee estimate mode.'),
    source: null,
    typeParameters: [],
    kind: 'enum',
    members: [
      { name: 'ECONOMICAL', value: 'ECONOMICAL', doc: doc('') },
      { name: 'CONSERVATIVE', value: 'CONSERVATIVE', doc: doc('') },
    ],
  },
  'wallet.SendOptions': {
    id: 'wallet.SendOptions',
    name: 'SendOptions',
    module: 'wallet',
    doc: doc(''),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [
      { name: 'comment', optional: true, readonly: false, type: str, doc: doc('A note kept in the wallet.') },
      { name: 'estimateMode', optional: true, readonly: false, type: ref('wallet.Mode'), doc: doc('') },
    ],
  },
  'vault.UTXO': {
    id: 'vault.UTXO',
    name: 'UTXO',
    module: 'vault',
    doc: doc(''),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [{ name: 'vout', optional: false, readonly: false, type: num, doc: doc('') }],
  },
  'loan.UTXO': {
    id: 'loan.UTXO',
    name: 'UTXO',
    module: 'loan',
    doc: doc(''),
    source: null,
    typeParameters: [],
    kind: 'interface',
    extends: [],
    indexSignatures: [],
    fields: [{ name: 'txid', optional: false, readonly: false, type: str, doc: doc('') }],
  },
};

const reference: RpcReference = {
  package: { name: '@example/api-core', version: '1.2.3', repositoryUrl: 'https://example.org/repo', tag: 'v1.2.3' },
  types,
  namespaceExports: {},
  modulePaths: {},
  warnings: [],
  categories: [
    {
      name: 'chain',
      className: 'Chain',
      module: 'chain',
      doc: doc(''),
      typeIds: [],
      source: { path: 'chain.ts', line: null },
      methods: [
        method(
          'getBlock',
          'getblock',
          [
            signature(
              [param('hash', str, { description: 'of the block' }), param('verbosity', { kind: 'literal', value: 0, text: '0' })],
              str,
              'Get a block as hex. Then more.',
            ),
            signature([param('hash', str), param('verbosity', { kind: 'literal', value: 2, text: '2' })], ref('chain.Block', [ref('chain.Transaction')])),
          ],
          [
            { kind: 'parameter', name: 'hash' },
            { kind: 'parameter', name: 'verbosity' },
          ],
        ),
      ],
    },
    {
      name: 'wallet',
      className: 'Wallet',
      module: 'wallet',
      doc: doc(''),
      typeIds: [],
      source: { path: 'wallet.ts', line: null },
      methods: [
        method(
          'getBalance',
          'getbalance',
          [
            signature(
              [param('minimumConfirmation', num, { optional: true, defaultValue: { kind: 'value', value: 0, text: '0' } })],
              bigNumber,
              'Wallet balance.',
            ),
          ],
          [
            { kind: 'literal', value: '*' },
            { kind: 'parameter', name: 'minimumConfirmation' },
          ],
        ),
        method(
          'sendToAddress',
          'sendtoaddress',
          [
            signature(
              [
                param('address', str),
                param('amount', num),
                param('options', ref('wallet.SendOptions'), { defaultValue: { kind: 'value', value: {}, text: '{}' } }),
              ],
              str,
              'Send to an address.',
            ),
          ],
          [
            { kind: 'parameter', name: 'address' },
            { kind: 'parameter', name: 'amount' },
            { kind: 'field', parameter: 'options', path: ['comment'], text: 'options.comment' },
            { kind: 'field', parameter: 'options', path: ['estimateMode'], text: 'options.estimateMode' },
          ],
        ),
        method(
          'testAccept',
          'testaccept',
          [signature([param('signedTx', str), param('fee', bigNumber, { defaultValue: { kind: 'expression', text: 'BigNumber.sum(fees)' } })], bool)],
          [
            { kind: 'array', parameters: ['signedTx'], text: '[signedTx]' },
            { kind: 'parameter', name: 'fee' },
          ],
        ),
        method(
          'createToken',
          'createtoken',
          [signature([param('metadata', ref('wallet.SendOptions'), { description: 'what to create' })], str)],
          [{ kind: 'defaulted', parameter: 'metadata', defaults: {}, opaque: true, text: 'Object.assign(Object.assign({}, defaultMetadata), metadata)' }],
        ),
        method(
          'sendMany',
          'sendmany',
          [signature([param('amounts', { kind: 'object', fields: [], indexSignatures: [{ keyName: 'address', keyType: str, type: num }] })], str)],
          [
            { kind: 'expression', text: 'dummy', name: 'dummy' },
            { kind: 'parameter', name: 'amounts' },
          ],
        ),
      ],
    },
    {
      name: 'loan',
      className: 'Loan',
      module: 'loan',
      doc: doc(''),
      typeIds: [],
      source: { path: 'loan.ts', line: null },
      methods: [
        method(
          'createVault',
          'createvault',
          [
            {
              ...signature(
                [param('owner', str), param('utxos', { kind: 'array', element: ref('loan.UTXO') }, { defaultValue: { kind: 'value', value: [], text: '[]' } })],
                str,
              ),
              doc: doc('Old way.', 'Use client.vault.createVault'),
            },
          ],
          [
            { kind: 'parameter', name: 'owner' },
            { kind: 'parameter', name: 'utxos' },
          ],
        ),
        method('closeVault', 'closevault', [{ ...signature([param('id', str)], str), doc: doc('Close.', '') }], [{ kind: 'parameter', name: 'id' }]),
      ],
    },
    {
      name: 'vault',
      className: 'Vault',
      module: 'vault',
      doc: doc(''),
      typeIds: [],
      source: { path: 'vault.ts', line: null },
      methods: [
        method(
          'createVault',
          'createvault',
          [
            signature(
              [param('owner', str), param('utxos', { kind: 'array', element: ref('vault.UTXO') }, { defaultValue: { kind: 'value', value: [], text: '[]' } })],
              str,
              'Create a vault.',
            ),
          ],
          [
            { kind: 'parameter', name: 'owner' },
            { kind: 'parameter', name: 'utxos' },
          ],
        ),
      ],
    },
  ],
};

const options: OpenRpcOptions = {
  siteUrl: 'https://docs.example.org',
  pagesRoute: '/node/api',
  servers: [{ name: 'regtest', url: 'http://127.0.0.1:19554' }],
  license: { name: 'MIT', url: 'https://example.org/LICENSE' },
};
const document = buildOpenRpc(reference, options);
const byName = (name: string) => {
  const found = document.methods.find((entry) => entry.name === name);
  if (!found) throw new Error(`no method ${name}`);
  return found;
};

describe('buildOpenRpc', () => {
  it('is a valid OpenRPC document whose $refs all resolve', () => {
    expect(validateOpenRpc(document)).toEqual([]);
    expect(unresolvedRefs(document)).toEqual([]);
    expect(document.openrpc).toBe('1.3.2');
    expect(document.info.version).toBe('1.2.3');
    expect(document.servers).toEqual(options.servers);
  });

  it('has one method per node RPC, sorted, however many client methods call it', () => {
    expect(document.methods.map((entry) => entry.name)).toEqual([
      'closevault',
      'createtoken',
      'createvault',
      'getbalance',
      'getblock',
      'sendmany',
      'sendtoaddress',
      'testaccept',
    ]);
    expect(byName('createvault')['x-jellyfish-methods']).toEqual(['client.loan.createVault', 'client.vault.createVault']);
    expect(byName('createvault').tags).toEqual([{ name: 'loan' }, { name: 'vault' }]);
  });

  it('describes an RPC by the client method that is not deprecated, and links its section', () => {
    const createVault = byName('createvault');
    expect(createVault.description).toBe('Create a vault.');
    expect(createVault.deprecated).toBeUndefined();
    expect(createVault.externalDocs.url).toBe('https://docs.example.org/node/api/vault#createvault');
    expect(createVault.params[1]?.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/vault.UTXO' }, default: [] });
  });

  it('marks an RPC deprecated when every caller is, and says so in the description', () => {
    expect(byName('closevault').deprecated).toBe(true);
    expect(byName('closevault').description).toBe('Close.\n\nDeprecated.');
  });

  it('merges overloads: parameter types and results become unions; generics are expanded', () => {
    const getBlock = byName('getblock');
    expect(getBlock.summary).toBe('Get a block as hex.');
    expect(getBlock.params).toEqual([
      { name: 'hash', schema: { type: 'string' }, required: true, description: '`hash` of the block.' },
      { name: 'verbosity', schema: { anyOf: [{ const: 0 }, { const: 2 }] }, required: true },
    ]);
    expect(getBlock.result.schema).toEqual({
      anyOf: [
        { type: 'string' },
        {
          title: 'Block',
          description: 'A block.',
          type: 'object',
          properties: { hash: { type: 'string', description: 'Block hash.' }, tx: { type: 'array', items: { $ref: '#/components/schemas/Transaction' } } },
          required: ['hash', 'tx'],
        },
      ],
    });
    expect(getBlock.description).toContain('2 overloads');
  });

  it('writes constants the client always sends, and defaults written as literals', () => {
    expect(byName('getbalance').params).toEqual([
      { name: 'dummy', description: 'The client always sends "*".', required: true, schema: { const: '*' } },
      { name: 'minimumConfirmation', schema: { type: 'number', default: 0 }, required: false },
    ]);
    expect(byName('getbalance').result.schema).toMatchObject({ type: 'number' });
  });

  it('reads fields of an options parameter, with their docs and types', () => {
    const params = byName('sendtoaddress').params;
    expect(params.map((entry) => [entry.name, entry.required])).toEqual([
      ['address', true],
      ['amount', true],
      ['comment', false],
      ['estimateMode', false],
    ]);
    // A field the caller may leave out travels as null in its position: the schema takes null too, and says why.
    expect(params[2]).toMatchObject({
      schema: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      description:
        'A note kept in the wallet. The client sends `options.comment`. When the argument is left out the client sends null here, and the node uses its default.',
    });
    expect(params[3]?.schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/Mode' }, { type: 'null' }] });
    expect(document.components.schemas.Mode).toEqual({
      title: 'Mode',
      description: 'Fee estimate mode.',
      enum: ['ECONOMICAL', 'CONSERVATIVE'],
      type: 'string',
    });
  });

  it('wraps values the client builds, and says so when a default is code', () => {
    const [wrapped, fee] = byName('testaccept').params;
    expect(wrapped).toMatchObject({ name: 'signedTx', required: true, schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1 } });
    expect(fee?.description).toBe('The client fills in a default when it is left out.');
    expect(fee?.schema).toMatchObject({ type: 'number' });
  });

  it('reads a parameter merged with defaults through Object.assign as that parameter', () => {
    expect(byName('createtoken').params).toEqual([
      {
        name: 'metadata',
        required: true,
        schema: { $ref: '#/components/schemas/SendOptions' },
        description: 'what to create. The client merges its own defaults into it: `Object.assign(Object.assign({}, defaultMetadata), metadata)`.',
      },
    ]);
  });

  it('keeps required params first: a computed value before a required one counts as required', () => {
    const [dummy, amounts] = byName('sendmany').params;
    expect(dummy).toMatchObject({ name: 'dummy', required: true, schema: {} });
    expect(amounts).toMatchObject({ name: 'amounts', required: true, schema: { type: 'object', additionalProperties: { type: 'number' } } });
  });

  it('lists only referenced types as components, qualified by module where two modules share a name', () => {
    // loan.UTXO is used only by a deprecated caller, whose twin in vault describes the RPC: it is not referenced.
    expect(Object.keys(document.components.schemas)).toEqual(['Mode', 'SendOptions', 'Transaction', 'vault.UTXO']);
  });

  it('fails validation for a broken document', () => {
    const broken = structuredClone(document) as unknown as { methods: Array<{ params: Array<{ schema: unknown }> }> };
    const first = broken.methods[0]?.params[0];
    if (first) first.schema = { type: 'text' };
    expect(validateOpenRpc(broken).length).toBeGreaterThan(0);
    expect(unresolvedRefs({ a: { $ref: '#/components/schemas/Missing' } })).toEqual(['/a: #/components/schemas/Missing']);
  });
});

describe('errors in buildOpenRpc', () => {
  const withErrors = structuredClone(reference);
  const e = (code: number | null, message: string, httpStatus = 500) => ({
    code,
    codeName: '',
    httpStatus,
    message,
    condition: `When ${message}.`,
    source: 'src/x.cpp:1',
  });
  withErrors.errors = {
    source: { repository: 'https://github.com/DeFiCh/ain', tag: 'v4.0.9' },
    groups: [
      { id: 'warm-up', title: 'Still starting', scope: 'every', summary: 's', errors: [e(-28, '{status}')] },
      { id: 'authentication', title: 'Authentication', scope: 'every', summary: 's', errors: [e(null, '', 401)] },
      { id: 'wallet-locked', title: 'Wallet locked', scope: 'method', summary: 's', errors: [e(-13, 'Unlock it')] },
    ],
  };
  const first = withErrors.categories[0]?.methods[0];
  if (first)
    first.errors = { handler: 'src/x.cpp:1', groups: ['wallet-locked'], errors: [e(-5, 'Block not found'), e(null, 'Add-on auth TX failed: {reason}')] };
  const built = buildOpenRpc(withErrors, options);
  const method = built.methods.find((candidate) => candidate.name === first?.rpc.names[0]);

  it("lists a method's errors: references to its groups and those of every call, then its own; HTTP-only answers left out", () => {
    expect(method?.errors).toEqual([
      { $ref: '#/components/errors/warm-up-1' },
      { $ref: '#/components/errors/wallet-locked-1' },
      { code: -5, message: 'Block not found' },
    ]);
    expect(method?.['x-jellyfish-error-notes']).toEqual([
      { code: -5, message: 'Block not found', when: 'When Block not found.', httpStatus: 500, source: 'src/x.cpp:1' },
    ]);
    expect(built.components.errors).toEqual({ 'warm-up-1': { code: -28, message: '{status}' }, 'wallet-locked-1': { code: -13, message: 'Unlock it' } });
    expect(built.components['x-jellyfish-error-notes']?.['warm-up-1']).toMatchObject({ when: 'When {status}.', httpStatus: 500 });
  });

  it('stays a valid OpenRPC document with every $ref resolving', () => {
    expect(validateOpenRpc(built)).toEqual([]);
    expect(unresolvedRefs(built)).toEqual([]);
  });
});

describe('helpers', () => {
  it('takes the first sentence of a doc text', () => {
    expect(firstSentence('Get the height. Of the chain.')).toBe('Get the height.');
    expect(firstSentence('Version 1.2 of it\nwraps here')).toBe('Version 1.2 of it wraps here');
    expect(firstSentence('One.\n\nTwo.')).toBe('One.');
  });

  it('joins description parts as sentences', () => {
    expect(sentences('of the block', '', 'The client sends `x`.')).toBe('of the block. The client sends `x`.');
    expect(sentences('Ends well!', 'Default: `0`')).toBe('Ends well! Default: `0`');
  });
});

describe('x-since (the release history, generator/history)', () => {
  it('is the oldest first version among the client methods that call the RPC; one of the first covered release counts as it', () => {
    const dated: RpcReference = structuredClone(reference);
    dated.history = { first: '0.0.12', latest: '1.2.3', versions: 3, removed: [] };
    const [first, second] = dated.categories.flatMap((category) => category.methods).filter((client) => client.rpc.names.length === 1);
    if (!first || !second || first.rpc.names[0] === second.rpc.names[0]) throw new Error('the small model has two methods calling two RPCs');
    first.history = { since: '0.5.0', changed: [], deprecated: null };
    const methods = buildOpenRpc(dated, options).methods;
    const of = (client: RpcMethod): string | undefined =>
      methods.find((rpc) => rpc['x-jellyfish-methods'].some((name) => name.endsWith(`.${client.name}`)))?.['x-since'];
    expect(of(first)).toBe('0.5.0');
    expect(of(second)).toBe('0.0.12');
    expect(buildOpenRpc(dated, options).info.description).toContain('x-since is the first published version of @example/api-core');
    expect(document.methods.every((rpc) => rpc['x-since'] === undefined)).toBe(true);
  });
});
