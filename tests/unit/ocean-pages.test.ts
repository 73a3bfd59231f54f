// What the generated Ocean pages (docs/ocean/*.mdx, written by `npm run generate`) say about hosts and the rpc
// allow-list, as a reader finds it in each page's introduction.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OCEAN_RPC_WHITELIST } from '../../generator/render/ocean-page';

const PAGES = path.resolve(__dirname, '../../docs/ocean');
const pages = fs.readdirSync(PAGES).filter((file) => file.endsWith('.mdx') && file !== 'index.mdx' && !file.startsWith('_'));

function intro(file: string): string {
  const text = fs.readFileSync(path.join(PAGES, file), 'utf8');
  return text.slice(0, text.indexOf('\n## '));
}

describe('Ocean reference pages', () => {
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
    expect(OCEAN_RPC_WHITELIST).toHaveLength(17);
    for (const method of OCEAN_RPC_WHITELIST) expect(text).toContain(`\`${method}\``);
    expect(text).toContain('refused with HTTP 403');
  });
});
