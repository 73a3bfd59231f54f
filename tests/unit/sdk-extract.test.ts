// The SDK extractor (generator/extract/sdk) on a fixture package of our own (tests/unit/fixtures/sdk, src/ compiled with
// its tsconfig.json into dist/; rebuild with `npx tsc -p tests/unit/fixtures/sdk/@defichain/fixture-kit`), and on the
// installed packages for the facts the pages rest on.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachBuilderExamples, extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import type { SdkClass, SdkConstant, SdkFunction, SdkMemberExample, SdkSymbol, SdkTypeSymbol } from '../../generator/model/sdk';

const fixture = extractSdkReference({
  nodeModules: path.join(__dirname, 'fixtures/sdk'),
  packages: [
    { short: 'fixture-kit', area: 'ecosystem', summary: 'A fixture.', pages: [{ slug: 'codec', title: 'Codec', summary: 'Encoding.', modules: ['codec'] }] },
  ],
});

function symbol<T extends SdkSymbol>(id: string): T {
  const found = fixture.symbols[id];
  if (found === undefined) throw new Error(`no symbol ${id}`);
  return found as T;
}

describe('extractSdkReference on the fixture package', () => {
  it('lists every export of the entry point, in the order the entry point reaches them, and the declarations they use unexported', () => {
    const [pkg] = fixture.packages;
    expect(pkg?.exports.map((id) => id.replace('fixture-kit.', ''))).toEqual([
      'Shape',
      'Square',
      'Colour',
      'Kit',
      'Composer',
      'CRecord',
      'encode',
      'pack',
      'Hex',
      'defaultLimits',
    ]);
    expect(pkg?.internal).toEqual(['fixture-kit.shapes.Sizes']);
    expect(pkg).toMatchObject({
      name: '@defichain/fixture-kit',
      entry: 'dist/index.d.ts',
      repositoryFolder: 'packages/fixture-kit',
      pages: [{ slug: 'codec' }],
    });
  });

  it('reads a class: heritage, a protected constructor, public members with overloads, statics with their compiled values, accessors', () => {
    const shape = symbol<SdkClass>('fixture-kit.Shape');
    expect(shape).toMatchObject({ kind: 'class', abstract: true, exported: true, module: 'shapes', page: '' });
    expect(shape.members.map((member) => `${member.static ? 'static ' : ''}${member.kind} ${member.name}`)).toEqual([
      'constructor constructor',
      'property name',
      'static property SIDES',
      'method area',
      'method describe',
      'accessor label',
    ]);
    expect(shape.members[0]).toMatchObject({ access: 'protected', id: 'fixture-kit.Shape#constructor' });
    expect(shape.members.find((member) => member.name === 'SIDES')).toMatchObject({
      id: 'fixture-kit.Shape#static.SIDES',
      value: { kind: 'value', value: 0, text: '0' },
    });
    expect(shape.members.find((member) => member.name === 'area')).toMatchObject({ abstract: true, doc: { text: 'The area, in square units.' } });
    const describe = shape.members.find((member) => member.name === 'describe');
    expect(describe?.signatures[0]).toMatchObject({
      parameters: [{ name: 'prefix', optional: true, defaultValue: { kind: 'value', value: '#', text: "'#'" }, description: 'written before the name' }],
      returnsDescription: 'the description',
    });
    expect(shape.members.find((member) => member.name === 'label')).toMatchObject({ kind: 'accessor', readonly: true, accessors: { get: true, set: false } });

    const square = symbol<SdkClass>('fixture-kit.Square');
    expect(square.extends).toEqual({ kind: 'reference', name: 'Shape', target: { kind: 'declared', id: 'fixture-kit.Shape' }, typeArguments: [] });
    expect(square.members.find((member) => member.name === 'of')?.signatures.map((signature) => signature.parameters[0]?.type)).toEqual([
      { kind: 'intrinsic', name: 'number' },
      { kind: 'intrinsic', name: 'string' },
    ]);
    expect(square.members.find((member) => member.name === 'SIDES')?.value).toMatchObject({ value: 4 });
  });

  it('gives a composer its DfTx type from the compiled statics, with the source text of the value', () => {
    const record = symbol<SdkClass>('fixture-kit.CRecord');
    expect(record.dftx).toEqual({ code: 0x73, name: 'OP_FIXTURE_RECORD' });
    expect(record.members.find((member) => member.name === 'OP_CODE')?.value).toEqual({ kind: 'value', value: 115, text: '0x73' });
    expect(record.page).toBe('codec');
  });

  it('reads functions with their defaults, an aliased export under its exported name, and constants with their values and members', () => {
    expect(symbol<SdkFunction>('fixture-kit.encode').signatures[0]?.parameters[1]).toMatchObject({ name: 'width', defaultValue: { value: 4 } });
    expect(symbol<SdkFunction>('fixture-kit.pack')).toMatchObject({ kind: 'function', name: 'pack', declaredName: 'encode' });
    expect(symbol<SdkConstant>('fixture-kit.defaultLimits')).toMatchObject({ kind: 'constant', value: { kind: 'value', value: { size: 10, strict: true } } });
    const hex = symbol<SdkConstant>('fixture-kit.Hex');
    expect(hex.members.map((member) => `${member.kind} ${member.name}`)).toEqual(['method pad', 'property letters']);
    expect(hex.members[0]?.signatures[0]?.parameters[1]).toMatchObject({ name: 'length', defaultValue: { value: 2 }, description: 'wanted length' });
  });

  it('reads an enum, a namespace with its declarations, and an unexported interface the exports use', () => {
    const colour = symbol<SdkTypeSymbol>('fixture-kit.Colour');
    expect(colour.declaration).toMatchObject({
      kind: 'enum',
      members: [
        { name: 'RED', value: 'red' },
        { name: 'BLUE', value: 'blue', doc: { text: 'The default.' } },
      ],
    });
    expect(symbol('fixture-kit.Kit')).toMatchObject({ kind: 'namespace', members: ['fixture-kit.Kit.Part'] });
    expect(symbol('fixture-kit.Kit.Part')).toMatchObject({ kind: 'type', name: 'Kit.Part', namespace: 'Kit', exported: true });
    expect(symbol('fixture-kit.shapes.Sizes')).toMatchObject({ kind: 'type', name: 'Sizes', exported: false, doc: { text: 'Sizes a square is made from.' } });
  });

  it('finds each declaration in the source through the declaration maps', () => {
    expect(symbol('fixture-kit.Square').source).toEqual({ path: 'packages/fixture-kit/src/shapes.ts', line: 37 });
    expect(symbol<SdkClass>('fixture-kit.Shape').members.find((member) => member.name === 'describe')?.source).toEqual({
      path: 'packages/fixture-kit/src/shapes.ts',
      line: 19,
    });
  });
});

describe('extractSdkReference on the installed packages', () => {
  const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });

  it('reads the 458 exports of the 17 packages, and 53 DfTx composers', () => {
    expect(sdk.packages).toHaveLength(17);
    expect(sdk.packages.reduce((sum, pkg) => sum + pkg.exports.length, 0)).toBe(458);
    expect(Object.values(sdk.symbols).filter((found) => found.kind === 'class' && found.dftx !== null)).toHaveLength(53);
  });

  it('resolves a type of another package to its declaration there (CTransactionSegWit in a builder signature)', () => {
    const builder = sdk.symbols['jellyfish-transaction-builder.TxnBuilderDex'];
    const poolSwap = builder?.kind === 'class' ? builder.members.find((member) => member.name === 'poolSwap') : undefined;
    expect(poolSwap?.signatures[0]?.returns).toMatchObject({
      name: 'Promise',
      typeArguments: [{ name: 'TransactionSegWit', target: { kind: 'declared', id: 'jellyfish-transaction.TransactionSegWit' } }],
    });
  });

  it('reads the values the compiled code assigns: network constants, opcode bytes, client defaults', () => {
    expect(sdk.symbols['jellyfish-network.MainNet']).toMatchObject({ value: { value: { name: 'mainnet', bech32: { hrp: 'df' } } } });
    expect(sdk.symbols['jellyfish-transaction.OP_DUP']).toMatchObject({ opcode: 0x76 });
    expect(sdk.symbols['jellyfish-transaction.OP_FALSE']).toMatchObject({ opcode: 0x00 });
    expect(sdk.symbols['jellyfish-transaction.CPoolSwap']).toMatchObject({ dftx: { code: 0x73, name: 'OP_DEFI_TX_POOL_SWAP' } });
    expect(sdk.symbols['jellyfish-api-jsonrpc.defaultOptions']).toMatchObject({ value: { value: { timeout: 60000 } } });
    expect(sdk.symbols['jellyfish-json.BigNumber']).toMatchObject({ kind: 'reexport', from: { module: 'bignumber.js', name: 'BigNumber' } });
  });

  it('writes every default and assigned value as the source does, with no CommonJS alias tsc puts in its place', () => {
    const written: { where: string; text: string }[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) node.forEach((item) => visit(item, where));
      else if (typeof node === 'object' && node !== null) {
        for (const [key, child] of Object.entries(node)) {
          const text = (child as { text?: unknown } | null)?.text;
          if ((key === 'defaultValue' || key === 'value') && typeof text === 'string' && typeof (child as { kind?: unknown }).kind === 'string')
            written.push({ where, text });
          visit(child, where);
        }
      }
    };
    for (const [id, found] of Object.entries(sdk.symbols)) visit(found, id);
    expect(written.length).toBeGreaterThan(100);
    // `jellyfish_transaction_1.SIGHASH.ALL`, `randombytes_1.default`, `exports.MainNetCoinbaseSubsidyOptions`.
    const compiled = written.filter(({ text }) => /\b[A-Za-z_$][\w$]*_\d+\.|\bexports\.|\.default\b/.test(text));
    expect(compiled).toEqual([]);
    const defaultOf = (id: string, member: string, parameter: string): string | undefined => {
      const owner = sdk.symbols[id];
      const signatures =
        owner?.kind === 'function'
          ? owner.signatures
          : owner?.kind === 'class' || owner?.kind === 'constant'
            ? owner.members.find((m) => m.name === member)?.signatures
            : [];
      return signatures?.[0]?.parameters.find((p) => p.name === parameter)?.defaultValue?.text;
    };
    expect(defaultOf('jellyfish-transaction-signature.TransactionSigner', 'signInput', 'sigHashType')).toBe('SIGHASH.ALL');
    expect(defaultOf('jellyfish-wallet-mnemonic.generateMnemonicWords', '', 'rng')).toBe('randomBytes');
    expect(defaultOf('jellyfish-wallet-encrypted.PrivateKeyEncryption', 'constructor', 'scrypt')).toBe('new Scrypt()');
    expect(defaultOf('jellyfish-network.BlockSubsidy', 'constructor', 'options')).toBe('MainNetCoinbaseSubsidyOptions');
  });
});

const BUILDER_EXAMPLES = path.resolve(__dirname, '../../generated/builder-examples.json');

describe.runIf(fs.existsSync(BUILDER_EXAMPLES))('the builder samples on the package pages', () => {
  it('puts every sample (generated/builder-examples.json) on the builder method it calls', () => {
    const sdk = extractSdkReference({ nodeModules: path.resolve(__dirname, '../../node_modules'), packages: SDK_PACKAGES });
    const examples = new Map(Object.entries(JSON.parse(fs.readFileSync(BUILDER_EXAMPLES, 'utf8')) as Record<string, SdkMemberExample>));
    expect(attachBuilderExamples(sdk, examples)).toEqual([]);
    const dex = sdk.symbols['jellyfish-transaction-builder.TxnBuilderDex'];
    expect(dex?.kind === 'class' ? dex.members.find((member) => member.name === 'poolSwap')?.example : undefined).toEqual(examples.get('dex.poolSwap'));
    const base = sdk.symbols['jellyfish-transaction-builder.P2WPKHTxnBuilder'];
    expect(base?.kind === 'class' ? base.members.find((member) => member.name === 'createDeFiTx')?.example : undefined).toEqual(examples.get('createDeFiTx'));
    expect(attachBuilderExamples(sdk, new Map([['dex.noSuchCall', examples.get('dex.poolSwap') as SdkMemberExample]]))).toEqual(['dex.noSuchCall']);
  });
});
