// The model's queries that the pages and the MCP server share (generator/model/queries.ts, sdk-queries.ts), each on
// a small model of our own: what a symbol is, what a class inherits and how its inherited constructor reads, whether a
// callable returns nothing, the source link, the deprecation's words, the first sentence, a method's deprecation and
// the method that replaces it, an Ocean endpoint's path and base URL, the field a `@param a.b` row names and whether it
// must be given.
import { describe, expect, it } from 'vitest';
import type {
  Doc,
  Field,
  MethodSignature,
  OceanEndpoint,
  OceanReference,
  Parameter,
  ParameterFieldDoc,
  RpcCategory,
  RpcMethod,
  RpcReference,
  TypeDeclaration,
  TypeExpr,
} from '../../generator/model/types';
import type { SdkClass, SdkMember, SdkReference, SdkSymbol } from '../../generator/model/sdk';
import {
  deprecationText,
  fieldRequired,
  fieldTypeAt,
  firstSentence,
  methodDeprecated,
  namedErrorGroups,
  namedReplacement,
  oceanBaseUrl,
  oceanEndpointPath,
  returnsNothing,
  sourceUrl,
} from '../../generator/model/queries';
import {
  declarationKindName,
  inheritedConstructor,
  inheritedMembers,
  sdkIndexKind,
  sdkKindName,
  substituteTypeParameters,
} from '../../generator/model/sdk-queries';

const doc = (text = '', deprecated: string | null = null): Doc => ({ text, deprecated, see: [] });
const intrinsic = (name: string): TypeExpr => ({ kind: 'intrinsic', name });
const param = (name: string): TypeExpr => ({ kind: 'typeParameter', name });
const ref = (name: string, id: string, typeArguments: TypeExpr[] = []): TypeExpr => ({
  kind: 'reference',
  name,
  target: { kind: 'declared', id },
  typeArguments,
});
const promise = (inner: TypeExpr): TypeExpr => ({
  kind: 'reference',
  name: 'Promise',
  target: { kind: 'external', module: 'typescript', name: 'Promise' },
  typeArguments: [inner],
});

function parameter(name: string, type: TypeExpr): Parameter {
  return { name, type, optional: false, rest: false, defaultValue: null, description: '', fieldDocs: [] };
}

function signature(parameters: Parameter[], returns: TypeExpr = intrinsic('void')): MethodSignature {
  return { typeParameters: [], parameters, returns, returnsDescription: '', doc: doc(), source: null };
}

function member(owner: string, name: string, kind: SdkMember['kind'], options: Partial<SdkMember> = {}): SdkMember {
  return {
    id: `${owner}#${options.static ? 'static.' : ''}${name}`,
    name,
    kind,
    static: false,
    access: 'public',
    abstract: false,
    readonly: false,
    optional: false,
    signatures: [],
    type: null,
    value: null,
    doc: doc(),
    source: null,
    ...options,
  };
}

function sdkClass(name: string, options: Partial<SdkClass> = {}): SdkClass {
  return {
    id: `kit.${name}`,
    name,
    declaredName: name,
    package: 'kit',
    module: 'index',
    exported: true,
    deepImport: null,
    namespace: null,
    page: '',
    doc: doc(),
    source: null,
    kind: 'class',
    abstract: false,
    typeParameters: [],
    extends: null,
    implements: [],
    members: [],
    dftx: null,
    opcode: null,
    ...options,
  };
}

function sdkReference(symbols: SdkSymbol[]): SdkReference {
  return {
    version: '1.0.0',
    repositoryUrl: 'https://github.com/example/kit',
    tag: 'v1.0.0',
    packages: [],
    symbols: Object.fromEntries(symbols.map((symbol) => [symbol.id, symbol])),
    warnings: [],
  };
}

// Holder<T> declares `constructor(data: T)`; Middle<U> extends Holder<U[]> and declares none; Leaf extends
// Middle<string> and declares none: `new Leaf(data: string[])`, the type parameter bound twice.
const holder = sdkClass('Holder', {
  abstract: true,
  typeParameters: [{ name: 'T', constraint: null, default: null }],
  members: [
    member('kit.Holder', 'constructor', 'constructor', { signatures: [signature([parameter('data', param('T'))])] }),
    member('kit.Holder', 'data', 'property', { type: param('T'), readonly: true }),
    member('kit.Holder', 'toBuffer', 'method', { signatures: [signature([])] }),
    member('kit.Holder', 'VERSION', 'property', { static: true, type: intrinsic('number') }),
  ],
});
const middle = sdkClass('Middle', {
  typeParameters: [{ name: 'U', constraint: null, default: null }],
  extends: ref('Holder', 'kit.Holder', [{ kind: 'array', element: param('U') }]),
  members: [member('kit.Middle', 'toBuffer', 'method', { signatures: [signature([])] })],
});
const leaf = sdkClass('Leaf', { extends: ref('Middle', 'kit.Middle', [intrinsic('string')]) });
const own = sdkClass('Own', {
  extends: ref('Holder', 'kit.Holder', [intrinsic('number')]),
  members: [member('kit.Own', 'constructor', 'constructor', { signatures: [signature([])] })],
});
const outside = sdkClass('Outside', {
  extends: { kind: 'reference', name: 'EventEmitter', target: { kind: 'external', module: 'events', name: 'EventEmitter' }, typeArguments: [] },
});
const reference = sdkReference([holder, middle, leaf, own, outside]);

describe('inheritedConstructor', () => {
  it("takes the nearest base's constructor, its type parameters bound through every class between", () => {
    const inherited = inheritedConstructor(reference, leaf);
    expect(inherited?.from.name).toBe('Holder');
    expect(inherited?.constructor.kind).toBe('constructor');
    expect(inherited?.signatures.map((each) => each.parameters.map((one) => one.type))).toEqual([[{ kind: 'array', element: intrinsic('string') }]]);
    expect(inheritedConstructor(reference, middle)?.signatures[0]?.parameters[0]?.type).toEqual({ kind: 'array', element: param('U') });
  });

  it('is null for a class that declares its own, or whose bases the model does not hold', () => {
    expect(inheritedConstructor(reference, own)).toBeNull();
    expect(inheritedConstructor(reference, outside)).toBeNull();
    expect(inheritedConstructor(reference, holder)).toBeNull();
  });
});

describe('inheritedMembers', () => {
  it('lists each base nearest first with the members no nearer class declares, statics apart', () => {
    const found = inheritedMembers(reference, leaf).map((each) =>
      'outside' in each
        ? { outside: each.outside.name }
        : { from: each.from.name, members: each.members.map((one) => one.name), statics: each.statics.map((one) => one.name) },
    );
    // toBuffer comes from Middle, which declares it again; Holder gives data and its static VERSION.
    expect(found).toEqual([
      { from: 'Middle', members: ['toBuffer'], statics: [] },
      { from: 'Holder', members: ['data'], statics: ['VERSION'] },
    ]);
  });

  it('ends at a base outside the model, named as it is', () => {
    expect(inheritedMembers(reference, outside)).toEqual([{ outside: outside.extends }]);
    expect(inheritedMembers(reference, holder)).toEqual([]);
  });
});

describe('substituteTypeParameters', () => {
  it('replaces a type parameter wherever it stands, and leaves the others', () => {
    const map = new Map([['T', intrinsic('number')]]);
    const type: TypeExpr = { kind: 'union', types: [{ kind: 'array', element: param('T') }, param('V')] };
    expect(substituteTypeParameters(type, map)).toEqual({ kind: 'union', types: [{ kind: 'array', element: intrinsic('number') }, param('V')] });
  });
});

describe('the kind of a symbol', () => {
  const alias: TypeDeclaration = {
    kind: 'alias',
    id: 'kit.Id',
    name: 'Id',
    module: 'index',
    typeParameters: [],
    type: intrinsic('string'),
    doc: doc(),
    source: null,
  };
  const typeSymbol = (declaration: TypeDeclaration): SdkSymbol => ({ ...sdkClass('T'), kind: 'type', declaration }) as unknown as SdkSymbol;

  it('names it as its section does', () => {
    expect(sdkKindName(leaf)).toBe('class');
    expect(sdkKindName(holder)).toBe('abstract class');
    expect(sdkKindName({ ...leaf, dftx: { code: 0x73, name: 'OP_DEFI_TX_POOL_SWAP' } })).toBe('DfTx composer class');
    expect(sdkKindName(typeSymbol(alias))).toBe('type alias');
    expect(sdkKindName({ ...sdkClass('B'), kind: 'reexport', from: { module: 'bignumber.js', name: 'BigNumber' } } as unknown as SdkSymbol)).toBe('re-export');
    expect(declarationKindName(alias)).toBe('type alias');
    expect(declarationKindName({ ...alias, kind: 'enum', members: [] } as unknown as TypeDeclaration)).toBe('enum');
    expect(declarationKindName({ ...alias, kind: 'interface', fields: [], extends: [], indexSignatures: [] } as unknown as TypeDeclaration)).toBe('interface');
  });

  it('files it in the symbol index: a composer as dftx, a namespace and a re-export as types', () => {
    expect(sdkIndexKind(leaf)).toBe('class');
    expect(sdkIndexKind({ ...leaf, dftx: { code: 0x73, name: 'OP_DEFI_TX_POOL_SWAP' } })).toBe('dftx');
    expect(sdkIndexKind(typeSymbol(alias))).toBe('type');
    expect(sdkIndexKind({ ...sdkClass('N'), kind: 'namespace', members: [] } as unknown as SdkSymbol)).toBe('type');
  });
});

describe('returnsNothing', () => {
  it('is true of void and a Promise of void, false of anything else', () => {
    expect(returnsNothing(intrinsic('void'))).toBe(true);
    expect(returnsNothing(promise(intrinsic('void')))).toBe(true);
    expect(returnsNothing(promise(intrinsic('string')))).toBe(false);
    expect(returnsNothing(intrinsic('undefined'))).toBe(false);
  });
});

describe('sourceUrl', () => {
  it('links a file at the tag, and its line when there is one', () => {
    expect(sourceUrl(reference, 'packages/kit/src/leaf.ts', 12)).toBe('https://github.com/example/kit/blob/v1.0.0/packages/kit/src/leaf.ts#L12');
    expect(sourceUrl(reference, 'packages/kit/src/leaf.ts', null)).toBe('https://github.com/example/kit/blob/v1.0.0/packages/kit/src/leaf.ts');
  });
});

describe('deprecationText', () => {
  it("is the package's reason, or says that it names none, or null", () => {
    expect(deprecationText('use fromAddress instead', 'this method')).toBe('use fromAddress instead');
    expect(deprecationText('', '`Leaf`')).toBe('The package marks `Leaf` as deprecated without naming a replacement.');
    expect(deprecationText(null, 'this method')).toBeNull();
  });
});

describe('firstSentence', () => {
  it('stops at the first full stop before a space, within the first paragraph', () => {
    expect(firstSentence('Get the height. Of the chain.')).toBe('Get the height.');
    expect(firstSentence('Version 1.2 of it\nwraps here')).toBe('Version 1.2 of it wraps here');
    expect(firstSentence('Get the best block hash\n\nThe hash of the tip. More.')).toBe('Get the best block hash');
  });
});

describe("a method's deprecation", () => {
  const method = (name: string, ...deprecated: Array<string | null>): RpcMethod =>
    ({ name, signatures: deprecated.map((reason) => ({ ...signature([]), doc: doc('', reason) })) }) as unknown as RpcMethod;
  const loan = { name: 'loan', methods: [method('createVault', 'Vault methods are moving to vault')] } as unknown as RpcCategory;
  const vault = { name: 'vault', methods: [method('createVault', null)] } as unknown as RpcCategory;
  const rpc = { categories: [loan, vault] } as unknown as RpcReference;

  it('is the whole method only when every overload is deprecated', () => {
    expect(methodDeprecated(method('a', 'old', 'old'))).toBe(true);
    expect(methodDeprecated(method('a', 'old', null))).toBe(false);
  });

  it('names the same method of the category its reason names', () => {
    const [createVault] = loan.methods;
    if (createVault === undefined) throw new Error('no createVault');
    expect(namedReplacement(rpc, loan, createVault, 'Vault methods are moving to vault')).toEqual({ category: vault, method: vault.methods[0] });
    expect(namedReplacement(rpc, loan, createVault, 'no longer supported')).toBeNull();
    expect(namedReplacement(rpc, loan, createVault, 'see the loan category')).toBeNull();
  });
});

describe("an Ocean endpoint's path and base URL", () => {
  const ocean = (urlLayout: string[], url = 'https://{network}.ocean.example.com'): OceanReference =>
    ({ defaults: { url, version: 'v0', network: 'mainnet', timeout: 60000, urlLayout } }) as unknown as OceanReference;
  const blocks = { path: 'blocks/{id}' } as unknown as OceanEndpoint;

  it('follows the client’s URL layout: the version filled in, the network a placeholder', () => {
    expect(oceanEndpointPath(ocean(['url', 'version', 'network', 'path']), blocks)).toBe('/v0/{network}/blocks/{id}');
    expect(oceanEndpointPath(ocean(['url', 'network', 'path']), blocks)).toBe('/{network}/blocks/{id}');
  });

  it('fills the network into every place of the base URL', () => {
    expect(oceanBaseUrl(ocean([]))).toBe('https://mainnet.ocean.example.com');
    expect(oceanBaseUrl(ocean([], 'https://{network}.example.com/{network}'), 'testnet')).toBe('https://testnet.example.com/testnet');
  });
});

describe('the field a `@param options.field` row names', () => {
  const field = (name: string, optional = false, type: TypeExpr = intrinsic('string')): Field => ({ name, type, optional, readonly: false, doc: doc() });
  const types: Record<string, TypeDeclaration> = {
    'm.Base': {
      kind: 'interface',
      id: 'm.Base',
      name: 'Base',
      fields: [field('limit', true, intrinsic('number'))],
      extends: [],
      indexSignatures: [],
    } as unknown as TypeDeclaration,
    'm.Options': {
      kind: 'interface',
      id: 'm.Options',
      name: 'Options',
      fields: [field('address')],
      extends: [ref('Base', 'm.Base')],
      indexSignatures: [],
    } as unknown as TypeDeclaration,
  };
  const tag = (options: Partial<ParameterFieldDoc> = {}): ParameterFieldDoc => ({
    path: 'options.x',
    typeText: '',
    optional: false,
    defaultValue: null,
    description: '',
    ...options,
  });

  it('is found in the interface, the interfaces it extends, and an array’s element', () => {
    expect(fieldTypeAt(types, ref('Options', 'm.Options'), ['address'])?.type).toEqual(intrinsic('string'));
    expect(fieldTypeAt(types, ref('Options', 'm.Options'), ['limit'])?.type).toEqual(intrinsic('number'));
    expect(fieldTypeAt(types, { kind: 'array', element: ref('Options', 'm.Options') }, ['limit'])?.optional).toBe(true);
    expect(fieldTypeAt(types, ref('Options', 'm.Options'), ['nothing'])).toBeNull();
  });

  it('must be given when the declared field says so; the tag decides only where the type does not', () => {
    expect(fieldRequired(field('a'), tag({ optional: true }))).toBe(true);
    expect(fieldRequired(field('a', true), tag())).toBe(false);
    expect(fieldRequired(null, tag({ defaultValue: { kind: 'value', value: 1, text: '1' } }))).toBe(false);
    expect(fieldRequired(null, tag({ optional: true }))).toBe(false);
    expect(fieldRequired(null, tag({ typeText: 'string' }))).toBeNull();
  });
});

describe('namedErrorGroups', () => {
  it('gives the groups a method names in its order, with the titles of the catalog', () => {
    const catalog = {
      groups: [
        { id: 'usage', title: 'Wrong number of arguments' },
        { id: 'hex', title: 'Malformed hash or hex' },
      ],
    };
    expect(namedErrorGroups(['hex', 'usage', 'gone'], catalog)).toEqual([
      { id: 'hex', title: 'Malformed hash or hex' },
      { id: 'usage', title: 'Wrong number of arguments' },
      { id: 'gone', title: 'gone' },
    ]);
  });
});
