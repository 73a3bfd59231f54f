// The MCP server's readers of Markdown twins (server/mcp/markdown.ts) and its type printer (server/mcp/type-text.ts),
// on text of our own; tests/build/mcp-answers.test.ts holds both against every page of the build.
import { describe, expect, it } from 'vitest';
import type { MethodSignature, TypeDeclaration, TypeExpr } from '../../generator/model/types';
import { codeBlocks, headings, labelledText, plainText, sectionAt, slug } from '../../server/mcp/markdown';
import { declarationHead, referencedTypeIds, signatureText, typeText } from '../../server/mcp/type-text';

const PAGE = [
  '# Blockchain',
  '',
  'Intro with `code`.',
  '',
  '## getBlock',
  '',
  '**Node RPC:** `getblock`',
  '',
  '```ts',
  'getBlock(hash: string): Promise<string>',
  '```',
  '',
  '**Example: by hash**',
  '',
  '**TypeScript**',
  '',
  '```ts title="blockchain.getBlock.ts"',
  '// ## not a heading',
  "const block = await client.blockchain.getBlock('00');",
  '```',
  '',
  '**JSON-RPC (curl)**',
  '',
  '````bash',
  "curl --data-binary '```'",
  '````',
  '',
  '```json title="Response of getblock"',
  '{ "result": "00" }',
  '```',
  '',
  '> **Types at run time**',
  '>',
  '> - `block`: a `number` at run time.',
  '',
  '**Errors:** a failed call throws',
  '`RpcApiError`.',
  '',
  '### A sub-heading',
  '',
  'Text.',
  '',
  '## Types',
  '',
  '### Block \\<T>',
  '',
].join('\n');

describe('twin sections', () => {
  it('finds the headings outside code blocks, however long their fences', () => {
    expect(headings(PAGE).map((heading) => `${heading.level} ${heading.text}`)).toEqual([
      '1 Blockchain',
      '2 getBlock',
      '3 A sub-heading',
      '2 Types',
      '3 Block <T>',
    ]);
  });

  it('cuts a section at the next heading of its level or above', () => {
    const all = headings(PAGE);
    const method = sectionAt(PAGE, all[1]!);
    expect(method.markdown.startsWith('## getBlock\n')).toBe(true);
    expect(method.markdown).toContain('### A sub-heading');
    expect(method.markdown).not.toContain('## Types');
    expect(sectionAt(PAGE, all[2]!).markdown).toBe('### A sub-heading\n\nText.\n');
  });

  it('labels each code block with the bold line above it and the example it belongs to', () => {
    const blocks = codeBlocks(sectionAt(PAGE, headings(PAGE)[1]!).markdown);
    expect(blocks.map((block) => [block.language, block.title, block.label, block.example])).toEqual([
      ['ts', '', '', ''],
      ['ts', 'blockchain.getBlock.ts', 'TypeScript', 'by hash'],
      ['bash', '', 'JSON-RPC (curl)', 'by hash'],
      ['json', 'Response of getblock', '', 'by hash'],
    ]);
    expect(blocks[1]?.code).toBe("// ## not a heading\nconst block = await client.blockchain.getBlock('00');");
    expect(blocks[2]?.code).toBe("curl --data-binary '```'");
  });

  it('reads labelled paragraphs and notes as plain text', () => {
    expect(labelledText(PAGE, 'Errors')).toBe('a failed call throws RpcApiError.');
    expect(labelledText(PAGE, 'Types at run time')).toBe('- block: a number at run time.');
    expect(labelledText(PAGE, 'Pagination')).toBeUndefined();
  });

  it('writes inline Markdown as plain text and heading ids as Docusaurus does', () => {
    expect(plainText('[`Block`](https://x.example/#block)`<string>` \\[draft\\]')).toBe('Block<string> [draft]');
    expect(slug('Node.js, ES modules and TypeScript')).toBe('nodejs-es-modules-and-typescript');
    expect(slug('GET /v1/getsubgraphswaps')).toBe('get-v1getsubgraphswaps');
  });
});

const string: TypeExpr = { kind: 'intrinsic', name: 'string' };
const number: TypeExpr = { kind: 'intrinsic', name: 'number' };
const declared = (name: string, id: string, typeArguments: TypeExpr[] = []): TypeExpr => ({
  kind: 'reference',
  name,
  target: { kind: 'declared', id },
  typeArguments,
});

describe('type text', () => {
  it('writes each kind of type as the pages do, with parentheses only where TypeScript needs them', () => {
    const union: TypeExpr = { kind: 'union', types: [string, number] };
    expect(typeText({ kind: 'array', element: union })).toBe('(string | number)[]');
    expect(typeText({ kind: 'array', element: string })).toBe('string[]');
    expect(typeText({ kind: 'union', types: [union, { kind: 'literal', value: 'main', text: "'main'" }] })).toBe("string | number | 'main'");
    expect(typeText({ kind: 'intersection', types: [union, declared('A', 'm.A')] })).toBe('(string | number) & A');
    expect(
      typeText({
        kind: 'object',
        fields: [{ name: 'reserveA/reserveB', optional: true, readonly: true, type: number, doc: { text: '', deprecated: null, see: [] } }],
        indexSignatures: [{ keyName: 'id', keyType: string, type: declared('Info', 'm.Info') }],
      }),
    ).toBe("{ [id: string]: Info; readonly 'reserveA/reserveB'?: number }");
    expect(typeText({ kind: 'object', fields: [], indexSignatures: [] })).toBe('{}');
    expect(typeText({ kind: 'function', parameters: [], returns: string })).toBe('() => string');
    expect(typeText({ kind: 'array', element: { kind: 'function', parameters: [], returns: string } })).toBe('(() => string)[]');
    expect(typeText({ kind: 'operator', operator: 'keyof', type: declared('A', 'm.A') })).toBe('keyof A');
    expect(typeText({ kind: 'indexedAccess', object: declared('A', 'm.A'), index: { kind: 'literal', value: 'x', text: "'x'" } })).toBe("A['x']");
    expect(typeText({ kind: 'tuple', elements: [string, number] })).toBe('[string, number]');
    expect(typeText(declared('Block', 'blockchain.Block', [string]))).toBe('Block<string>');
  });

  it('writes signatures and declaration heads', () => {
    const signature: MethodSignature = {
      typeParameters: [{ name: 'T', constraint: string, default: null }],
      parameters: [
        { name: 'hash', type: string, optional: false, rest: false, defaultValue: null, description: '', fieldDocs: [] },
        { name: 'rest', type: { kind: 'array', element: number }, optional: true, rest: true, defaultValue: null, description: '', fieldDocs: [] },
      ],
      returns: { kind: 'reference', name: 'Promise', target: { kind: 'global', name: 'Promise' }, typeArguments: [{ kind: 'typeParameter', name: 'T' }] },
      returnsDescription: '',
      doc: { text: '', deprecated: null, see: [] },
      source: null,
    };
    expect(signatureText('call', signature)).toBe('call<T extends string>(hash: string, ...rest?: number[]): Promise<T>');
    const base = { id: 'vault.VaultActive', name: 'VaultActive', module: 'vault', doc: { text: '', deprecated: null, see: [] }, source: null };
    const active: TypeDeclaration = {
      ...base,
      typeParameters: [],
      kind: 'interface',
      extends: [declared('Vault', 'vault.Vault')],
      fields: [],
      indexSignatures: [],
    };
    expect(declarationHead(active)).toBe('interface VaultActive extends Vault');
    expect(declarationHead({ ...base, typeParameters: [], kind: 'enum', members: [] })).toBe('enum VaultActive');
    expect(declarationHead({ ...base, typeParameters: [{ name: 'T', constraint: null, default: number }], kind: 'alias', type: string })).toBe(
      'type VaultActive<T = number> = string',
    );
  });

  it('lists the declared types a type names, not globals or other packages', () => {
    const type: TypeExpr = {
      kind: 'union',
      types: [
        declared('Block', 'blockchain.Block', [declared('Transaction', 'blockchain.Transaction')]),
        { kind: 'reference', name: 'BigNumber', target: { kind: 'external', module: 'bignumber.js', name: 'BigNumber' }, typeArguments: [] },
      ],
    };
    expect([...referencedTypeIds(type)].sort()).toEqual(['blockchain.Block', 'blockchain.Transaction']);
  });
});
