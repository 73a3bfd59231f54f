// Example results as the node prints them: the node writes every amount with ValueFromAmount, always with
// 8 decimals (0.35000000, 5.00000000). generator/examples/rpc/amounts.json says which result paths those are, read
// from DeFiCh/ain; the data, the pages and /node/openrpc.json write them so, and the value the client parses is the
// same as from the shortened text.
import fs from 'node:fs';
import path from 'node:path';
import { JellyfishJSON, type Precision, type PrecisionPath } from '@defichain/jellyfish-json';
import { parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { amountProblems, readRpcAmounts, readRpcExampleFiles } from '../../generator/extract/rpc/examples';
import type { RpcReference } from '../../generator/model/types';
import { readGeneratedPage } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'generator/examples/rpc');
const amounts = readRpcAmounts(path.join(EXAMPLES, 'amounts.json'));
const files = readRpcExampleFiles(EXAMPLES);
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const examples = model.categories.flatMap((category) =>
  category.methods.flatMap((method) =>
    method.examples.map((example, index) => ({
      key: `${category.name}.${method.name}[${index}]`,
      category: category.name,
      example,
      input: files.get(`${category.name}.${method.name}`)?.examples[index],
    })),
  ),
);

/** A parsed answer as comparable JSON: a BigNumber writes itself as a string (its toJSON), a number as a number. */
function comparable(value: unknown): string {
  return JSON.stringify(value);
}

describe('amounts in the RPC examples as the node writes them', () => {
  it('names only RPCs the examples call, each with result paths', () => {
    const called = new Set(examples.map(({ example }) => example.rpcMethod));
    expect([...amounts.keys()].filter((rpc) => !called.has(rpc))).toEqual([]);
    expect(amounts.size).toBe(60);
  });

  it('every example result writes every amount with 8 decimals', () => {
    const problems = examples.flatMap(({ key, example, input }) =>
      amountProblems(input?.result, amounts.get(example.rpcMethod) ?? []).map((problem) => `${key}: ${problem}`),
    );
    expect(problems).toEqual([]);
    // The paths find amounts: hundreds of them across the examples.
    const found = examples.reduce((sum, { example }) => sum + (example.result.match(/\.\d{8}\b/g)?.length ?? 0), 0);
    expect(found).toBeGreaterThan(300);
  });

  it('the page and /node/openrpc.json show the node text, and the client parses the same value as from the short one', () => {
    const pool = readGeneratedPage(path.join(ROOT, 'docs/node/jellyfish/api/poolpair.mdx'));
    expect(pool).toContain('"commission": 0.00200000');
    expect(pool).toContain('"reserveB": 18985625.00000000');
    const document = fs.readFileSync(path.join(ROOT, 'static/node/openrpc.json'), 'utf8');
    expect(document).toContain('"commission": 0.00200000');
    expect(document).toContain('"fee": 0.00002820');
    expect(comparable(JellyfishJSON.parse('{"a":1.50000000}', 'bignumber'))).toBe('{"a":"1.5"}');
    expect(comparable(JellyfishJSON.parse('{"a":1.50000000}', 'number'))).toBe('{"a":1.5}');
    for (const { key, example } of examples) {
      const precision = (example.precision.startsWith('{') ? JSON.parse(example.precision) : example.precision) as Precision | PrecisionPath;
      // The same answer with every number's trailing zeros cut (`0.35000000` → `0.35`), numbers otherwise as written.
      const short = example.result.replace(/(-?\d+)\.(\d*?)0+(?=[,\s\]}]|$)/g, (_match, whole: string, fraction: string) =>
        fraction === '' ? whole : `${whole}.${fraction}`,
      );
      expect(short === example.result || /\.\d{8}\b/.test(example.result), key).toBe(true);
      expect(comparable(JellyfishJSON.parse(example.result, precision)), key).toBe(comparable(JellyfishJSON.parse(short, precision)));
    }
  });

  it('goes red on an amount written short, and leaves other numbers alone', () => {
    const result = parseLossless('{ "amount": 0.35, "confirmations": 3, "fee": 5.00000000 }');
    expect(amountProblems(result, ['amount', 'fee'])).toEqual(['result.amount is 0.35; the node writes this amount with 8 decimals (amount)']);
    expect(amountProblems(parseLossless('[["df1q…", 2.5, "label"]]'), ['[][1]'])).toEqual([
      'result[0][1] is 2.5; the node writes this amount with 8 decimals ([][1])',
    ]);
  });
});
