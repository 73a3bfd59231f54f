// Every Ocean example response is checked against the client's own response type, and every endpoint has one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typeCheck } from './ocean-compile';

const EXAMPLES = path.resolve(__dirname, '../../generator/examples/ocean');
const CLIENT = require.resolve('@defichain/whale-api-client/dist/whale.api.client.d.ts');

interface ExampleFile {
  arguments: Record<string, unknown>;
  response: unknown;
  typeArguments?: string[];
}

function readExamples(): Map<string, ExampleFile> {
  const examples = new Map<string, ExampleFile>();
  for (const category of readdirSync(EXAMPLES)) {
    // Files beside the category folders (pagination.json) are not examples.
    if (!statSync(path.join(EXAMPLES, category)).isDirectory()) continue;
    for (const file of readdirSync(path.join(EXAMPLES, category))) {
      examples.set(`${category}.${path.basename(file, '.json')}`, JSON.parse(readFileSync(path.join(EXAMPLES, category, file), 'utf8')) as ExampleFile);
    }
  }
  return examples;
}

/** `category.method` for every public method of every category class of WhaleApiClient, read with the checker. */
function listEndpoints(): string[] {
  const program = ts.createProgram([CLIENT], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(CLIENT);
  if (sourceFile === undefined) throw new Error('whale.api.client.d.ts not found');
  const endpoints: string[] = [];
  ts.forEachChild(sourceFile, (node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== 'WhaleApiClient') return;
    for (const member of node.members) {
      if (!ts.isPropertyDeclaration(member) || member.type === undefined) continue;
      if (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const categoryType = checker.getTypeFromTypeNode(member.type);
      for (const property of checker.getPropertiesOfType(categoryType)) {
        const declaration = property.valueDeclaration;
        if (declaration === undefined || !ts.isMethodDeclaration(declaration)) continue;
        if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        endpoints.push(`${member.name.getText()}.${property.name}`);
      }
    }
  });
  return endpoints.sort();
}

/**
 * The envelope the API sends for a client method's resolved type: a page for ApiPagedResponse, one item otherwise,
 * nothing for void. Enums become their values (`Wire`), because JSON carries the value, not the enum member.
 */
const PRELUDE = `import type { WhaleApiClient, WhaleApiResponse, ApiPagedResponse, ApiPage } from '@defichain/whale-api-client';
declare const client: WhaleApiClient;
type Wire<T> = T extends string ? \`\${T}\` : T extends Array<infer E> ? Array<Wire<E>> : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
type Envelope<R> = [R] extends [void] ? { data?: undefined; page?: ApiPage } : R extends ApiPagedResponse<infer X> ? Omit<WhaleApiResponse<Wire<X>[]>, 'error'> : Omit<WhaleApiResponse<Wire<R>>, 'error'>;
`;

describe('Ocean example responses', () => {
  const examples = readExamples();
  const endpoints = listEndpoints();

  it('has one example per endpoint of the client, and none for a method the client lacks', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(60);
    expect([...examples.keys()].sort()).toEqual(endpoints);
  });

  it('type-checks each example against the response type of its client method', () => {
    const lines = [PRELUDE];
    const owner: string[] = [];
    for (const [key, example] of examples) {
      const [category, method] = key.split('.') as [string, string];
      const typeArguments = example.typeArguments === undefined ? '' : `<${example.typeArguments.join(', ')}>`;
      const start = lines.join('\n').split('\n').length;
      lines.push(
        `export const example_${category}_${method}: Envelope<Awaited<ReturnType<typeof client.${category}.${method}${typeArguments}>>> = ${JSON.stringify(example.response, null, 2)};`,
      );
      const end = lines.join('\n').split('\n').length;
      for (let line = start; line <= end; line++) owner[line] = key;
    }
    const diagnostics = typeCheck({ 'ocean-examples.virtual.ts': lines.join('\n') })['ocean-examples.virtual.ts'] ?? [];
    expect(diagnostics.map((d) => `${owner[d.line] ?? 'prelude'}: ${d.message}`)).toEqual([]);
  });

  it('uses realistic values: list pages hold items and every 64-character id is hexadecimal', () => {
    for (const [key, example] of examples) {
      const text = JSON.stringify(example.response);
      for (const match of text.matchAll(/"([0-9a-zA-Z]{64})"/g)) expect(match[1], key).toMatch(/^[0-9a-f]{64}$/);
      const response = example.response as { data?: unknown };
      if (Array.isArray(response.data)) expect(response.data.length, key).toBeGreaterThan(0);
    }
  });
});
