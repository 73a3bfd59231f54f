// The usage examples on the RPC pages type-check against the installed packages (strict TypeScript): every example of
// every method, as generated from its data file and run through the SDK (tests/unit/rpc-run.test.ts runs them).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import { attachRpcExamples, readRpcExampleFiles } from '../../generator/extract/rpc/examples';
import { renderCategoryPages } from '../../generator/render/rpc-page';
import { typecheckSources } from '../support/typecheck';

const ROOT = path.resolve(__dirname, '../..');
const API_CORE_DIR = path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core');
const EXAMPLES = path.join(ROOT, 'generator/examples/rpc');

describe('RPC usage examples', () => {
  const reference = extractRpcReference({ packageDir: API_CORE_DIR, repositoryFolder: 'packages/jellyfish-api-core' });
  const files = new Map<string, string>();
  let missing: string[] = [];
  beforeAll(async () => {
    missing = await attachRpcExamples(reference, readRpcExampleFiles(EXAMPLES), EXAMPLES);
    for (const category of reference.categories) {
      for (const page of renderCategoryPages(reference, category)) {
        files.set(page.setup.fileName, page.setup.typescript);
        for (const example of page.examples) files.set(example.fileName, example.typescript);
      }
    }
  });

  it('has data for every method, at least one example each, and one set-up per category', () => {
    expect(missing).toEqual([]);
    const examples = reference.categories.reduce((sum, category) => sum + category.methods.reduce((count, method) => count + method.examples.length, 0), 0);
    expect(reference.categories.every((category) => category.methods.every((method) => method.examples.length > 0))).toBe(true);
    expect(files.size).toBe(examples + reference.categories.length);
  });

  it('compiles every example against the installed packages', () => {
    expect(typecheckSources(files)).toEqual([]);
  });

  it('reports a wrong example (the check can fail)', () => {
    const broken = new Map([
      [
        'broken.ts',
        "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';\nconst client = new JsonRpcClient('http://user:pass@127.0.0.1:8554');\nconst count: string = await client.blockchain.getBlockCount();\n",
      ],
    ]);
    expect(typecheckSources(broken).join('\n')).toMatch(/Type 'number' is not assignable to type 'string'/);
  });
});
