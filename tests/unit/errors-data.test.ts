// The error data (generator/errors/*.json) enters the model only whole: every entry has its condition, every group a
// method names exists, and the files hold every method and endpoint of the packages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRpcErrors } from '../../generator/extract/rpc/errors';
import { parseOceanErrors } from '../../generator/extract/ocean/errors';

const ROOT = path.resolve(__dirname, '../..');
const rpcText = fs.readFileSync(path.join(ROOT, 'generator/errors/rpc.json'), 'utf8');
const oceanText = fs.readFileSync(path.join(ROOT, 'generator/errors/ocean.json'), 'utf8');

/** The data file with one change made to its parsed form. */
function changed(text: string, change: (data: Record<string, unknown[]> & Record<string, unknown>) => void): string {
  const data = JSON.parse(text) as Record<string, unknown[]> & Record<string, unknown>;
  change(data);
  return JSON.stringify(data);
}

describe('the committed error data', () => {
  it('reads whole: 310 node RPCs (all defid v4.0.9 registers) and 60 Ocean endpoints, each entry with a condition and a source line', () => {
    const rpc = parseRpcErrors(rpcText);
    const ocean = parseOceanErrors(oceanText);
    expect(rpc.methods.size).toBe(310);
    expect(ocean.endpoints.size).toBe(60);
    const rpcEntries = [...rpc.catalog.groups.flatMap((group) => group.errors), ...[...rpc.methods.values()].flatMap((method) => method.errors)];
    expect(rpcEntries.length).toBeGreaterThan(1000);
    expect(rpcEntries.filter((error) => !/^src\/[\w/.-]+:\d+$/.test(error.source))).toEqual([]);
    const oceanEntries = [...ocean.catalog.groups.flatMap((group) => group.errors), ...[...ocean.endpoints.values()].flatMap((endpoint) => endpoint.errors)];
    expect(oceanEntries.filter((error) => !/^apps\/whale-api\/src\/[\w/.-]+:\d+$/.test(error.source))).toEqual([]);
    expect(rpc.catalog.source).toEqual({ repository: 'https://github.com/DeFiCh/ain', tag: 'v4.0.9' });
    expect(ocean.catalog.source).toEqual({ repository: 'https://github.com/BirthdayResearch/jellyfishsdk', tag: 'v4.0.7' });
  });

  it('refuses an entry without its condition, a group no one defined, and a malformed entry', () => {
    const noCondition = changed(rpcText, (data) => {
      const method = data.methods?.find((entry) => (entry as { rpc: string }).rpc === 'getblockhash') as { errors: { condition: string }[] };
      const first = method.errors[0];
      if (first) first.condition = ' ';
    });
    expect(() => parseRpcErrors(noCondition)).toThrow(/getblockhash error 0: no condition written/);
    const unknownGroup = changed(oceanText, (data) => {
      (data.endpoints?.[0] as { groups: string[] }).groups.push('no-such-group');
    });
    expect(() => parseOceanErrors(unknownGroup)).toThrow(/no error group "no-such-group"/);
    const badCode = changed(rpcText, (data) => {
      ((data.groups?.[2] as { errors: { code: unknown }[] }).errors[0] ?? { code: 0 }).code = '-28';
    });
    expect(() => parseRpcErrors(badCode)).toThrow(/"code" must be an integer or null/);
  });
});
