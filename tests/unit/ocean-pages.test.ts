// What the generated Ocean pages (docs/ocean/*.mdx, written by `npm run generate`) say about hosts and the rpc
// allow-list, as a reader finds it in each page's introduction.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OceanReference } from '../../generator/model/types';

const PAGES = path.resolve(__dirname, '../../docs/ocean/reference');
const pages = fs.readdirSync(PAGES).filter((file) => file.endsWith('.mdx') && !file.startsWith('_'));

function intro(file: string): string {
  const text = fs.readFileSync(path.join(PAGES, file), 'utf8');
  return text.slice(0, text.indexOf('\n## '));
}

const EXAMPLES = path.resolve(__dirname, '../../generator/examples/ocean');

/** Every value under `key` (at any depth) in one endpoint's example response. */
function valuesOf(file: string, key: string): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      for (const [name, inner] of Object.entries(value)) {
        if (name === key) found.push(inner);
        visit(inner);
      }
    }
  };
  visit((JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { response: unknown }).response);
  return found;
}

describe('Ocean reference pages', () => {
  // The overview (docs/ocean/index.mdx) says which amounts come as 8-decimal strings, which as shorter strings and
  // which as numbers; the example responses, which follow the server, bear it out.
  it('show amounts in the three forms the overview names', () => {
    const eightDecimals = (value: unknown): boolean => typeof value === 'string' && /^-?\d+\.\d{8}$/.test(value);
    expect(valuesOf('address/getBalance.json', 'data').every(eightDecimals)).toBe(true);
    expect(valuesOf('transactions/getVouts.json', 'value').every(eightDecimals)).toBe(true);
    // toFixed(): a decimal string without trailing zeros in its fraction (whale-api token.controller.ts and
    // poolpair.controller.ts at v4.0.7), whatever the number of places.
    const asNeeded = (value: unknown): boolean => typeof value === 'string' && /^-?\d+(\.\d*[1-9])?$/.test(value);
    for (const file of ['tokens/get.json', 'tokens/list.json']) expect(valuesOf(file, 'minted').every(asNeeded), file).toBe(true);
    expect(valuesOf('poolpairs/get.json', 'reserve').some((value) => typeof value === 'string' && !eightDecimals(value))).toBe(true);
    const totalLiquidity = valuesOf('poolpairs/list.json', 'totalLiquidity') as { token: unknown; usd: unknown }[];
    expect(totalLiquidity.length).toBeGreaterThan(0);
    for (const { token, usd } of totalLiquidity) expect([asNeeded(token), asNeeded(usd)]).toEqual([true, true]);
    expect(valuesOf('stats/getSupply.json', 'total').every((value) => typeof value === 'number')).toBe(true);
    expect(valuesOf('fee/estimate.json', 'data').every((value) => typeof value === 'number')).toBe(true);
    const overview = fs.readFileSync(path.join(PAGES, '../index.mdx'), 'utf8');
    expect(overview).toContain('**strings with exactly 8 decimals**');
    expect(overview).toContain('**JSON numbers**: everything under `stats`');
    const bullet = (start: string): string => overview.slice(overview.indexOf(start)).split('\n- ')[0] ?? '';
    expect(bullet('- **strings with exactly 8 decimals**')).not.toMatch(/minted|totalLiquidity/);
    expect(bullet('- **strings with as many decimals as they need**')).toMatch(/token `minted`[\s\S]*`totalLiquidity` \(both its `token` and its `usd`\)/);
    expect(bullet('- **JSON numbers**')).not.toMatch(/totalLiquidity|minted/);
  });

  it('has a page per category', () => {
    expect(pages).toHaveLength(15);
  });

  it.each(pages)('%s names the host per network, not one host for every network', (file) => {
    const text = intro(file);
    expect(text).toContain('`https://{network}.ocean.jellyfishsdk.com/v0/{network}`');
    expect(text).toContain('`https://testnet.ocean.jellyfishsdk.com` for testnet');
    expect(text).not.toContain('Paths are below `https://mainnet.ocean.jellyfishsdk.com/v0/{network}`');
  });

  it('lists on the rpc page every RPC Ocean forwards, and the 403 for the others', () => {
    const text = intro('rpc.mdx');
    // The list as the model holds it (generator/examples/ocean/rpc-whitelist.json, read from the server's source).
    const { rpcWhitelist } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/ocean-model.json'), 'utf8')) as OceanReference;
    expect(rpcWhitelist.methods).toHaveLength(17);
    for (const method of rpcWhitelist.methods) expect(text).toContain(`\`${method}\``);
    expect(text).toContain('refused with HTTP 403');
  });
});
