// What the legacy Stats REST API pages (docs/legacy) say about the answers, held against the servers' behaviour at
// v4.0.7 of BirthdayResearch/jellyfishsdk: apps/legacy-api passes /v1/getsubgraphswaps through to whale-api's
// legacy.controller.ts, which always sends `page: { next }` and formats every amount with toFixed(8)
// (legacy.subgraph.service.ts); apps/legacy-api's LegacyStatsProvider.ts answers `tokens.initDist` from one set of
// constants per network. The swap loop of /legacy/dex runs against a stand-in that answers the same way.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCodeBlocks } from './code-blocks-checker';
import { runSnippet } from '../support/run-snippet';

const ROOT = path.resolve(__dirname, '../..');
const DEX_PAGE = 'docs/legacy/dex.mdx';
const STATS_PAGE = 'docs/legacy/index.mdx';
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The bodies of a page's fenced JSON blocks (the checker's extraction keeps only code that it compiles). */
function jsonBlocks(file: string): string[] {
  return [...read(file).matchAll(/^```json\n([\s\S]*?)\n```$/gm)].map((match) => match[1] ?? '');
}

function block(file: string, title: string): string {
  const found = extractCodeBlocks(read(file), file).find((candidate) => candidate.meta.includes(`title="${title}"`));
  if (found === undefined) throw new Error(`${file} has no block titled ${title}`);
  return found.code;
}

interface Swap {
  id: string;
  timestamp: string;
  from: { amount: string; symbol: string };
  to: { amount: string; symbol: string };
}

/** A swap as whale-api formats one: amounts with toFixed(8), the time as a string of Unix seconds. */
function swap(index: number, secondsAgo: number): Swap {
  return {
    id: index.toString(16).padStart(64, '0'),
    timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo),
    from: { amount: (10 + index).toFixed(8), symbol: 'DUSD' },
    to: { amount: (index / 4).toFixed(8), symbol: 'DFI' },
  };
}

describe('/legacy/dex getsubgraphswaps', () => {
  // Pages by their `next`: the first, one that repeats its last swap beside a new one, then an empty page that
  // still carries `page.next`, as the server sends at the end of what it has indexed.
  const pages = new Map<string, { swaps: Swap[]; next: string }>([
    ['', { swaps: [swap(1, 5), swap(2, 10), swap(3, 15)], next: 'eyJoZWlnaHQiOiIzMDEyNDU1In0' }],
    ['eyJoZWlnaHQiOiIzMDEyNDU1In0', { swaps: [swap(3, 15), swap(4, 20)], next: 'eyJoZWlnaHQiOiIzMDEyNDQwIn0' }],
    ['eyJoZWlnaHQiOiIzMDEyNDQwIn0', { swaps: [], next: 'eyJoZWlnaHQiOiIzMDEyNDQwIn0' }],
  ]);
  const requests: string[] = [];
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${query.pathname}?${query.searchParams.toString()}`);
      const page = pages.get(query.searchParams.get('next') ?? '');
      response.setHeader('content-type', 'application/json');
      if (query.pathname !== '/v1/getsubgraphswaps' || page === undefined) {
        response.statusCode = 404;
        response.end('{}');
        return;
      }
      response.end(JSON.stringify({ data: { swaps: page.swaps }, page: { next: page.next } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('the loop collects every swap once and stops on the empty page that still carries next', async () => {
    const { values } = await runSnippet(block(DEX_PAGE, 'recent-swaps.ts'), { 'https://api.defichain.com': url });
    expect((values.lastTenMinutes as Swap[]).map((found) => found.id)).toEqual([1, 2, 3, 4].map((index) => swap(index, 0).id));
    expect(requests).toEqual([
      '/v1/getsubgraphswaps?network=mainnet&limit=20',
      '/v1/getsubgraphswaps?network=mainnet&limit=20&next=eyJoZWlnaHQiOiIzMDEyNDU1In0',
      '/v1/getsubgraphswaps?network=mainnet&limit=20&next=eyJoZWlnaHQiOiIzMDEyNDQwIn0',
    ]);
  });

  it('declares page as always sent and amounts with exactly 8 decimals, as the example shows', () => {
    const types = block(DEX_PAGE, 'getsubgraphswaps.ts');
    expect(types).toMatch(/\n {2}page: \{/);
    expect(types).not.toMatch(/page\?:/);
    expect(types).toMatch(/exactly 8 decimals/);
    const example = jsonBlocks(DEX_PAGE)
      .map((code) => JSON.parse(code) as { data?: { swaps?: Swap[] }; page?: { next: string } })
      .find((answer) => answer.data?.swaps !== undefined);
    expect(typeof example?.page?.next).toBe('string');
    const amounts = (example?.data?.swaps ?? []).flatMap((found) => [found.from.amount, found.to.amount]);
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^\d+\.\d{8}$/);
    expect(read(DEX_PAGE)).not.toMatch(/up to 8 decimals|`page`\s+is missing/);
  });
});

describe('/legacy/ stats initDist', () => {
  // LegacyStatsProvider.ts at v4.0.7: MainnetLegacyStatsProvider.getInitDist and TestnetLegacyStatsProvider.getInitDist.
  const mainnet = { total: 588_000_000, totalPercent: 49, foundation: 288_120_000, foundationPercent: 49, circulation: 49, circulationPercent: 51 };
  const testnet = { total: 300_000_000, totalPercent: 25, foundation: 0, foundationPercent: 0, circulation: 300_000_000, circulationPercent: 100 };

  it("the example is mainnet's set, and the text gives testnet's", () => {
    const example = jsonBlocks(STATS_PAGE)
      .map((code) => JSON.parse(code) as { tokens?: { initDist?: unknown } })
      .find((answer) => answer.tokens?.initDist !== undefined);
    expect(example?.tokens?.initDist).toEqual(mainnet);
    const text = read(STATS_PAGE).replace(/\s+/g, ' ');
    const said =
      /testnet answers `total` ([\d,]+), `totalPercent` (\d+), `foundation` (\d+), `foundationPercent` (\d+), `circulation` ([\d,]+) \(an amount\) and `circulationPercent` (\d+)/.exec(
        text,
      );
    expect(said?.slice(1).map((figure) => Number(figure.replace(/,/g, '')))).toEqual(Object.values(testnet));
    expect(text).toMatch(/on mainnet \(the example\) its `circulation` field holds a percentage \(49\)/);
  });
});
