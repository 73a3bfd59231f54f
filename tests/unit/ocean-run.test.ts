// Every endpoint of the Ocean pages, run as the page shows it through the SDK's WhaleApiClient against a stand-in
// Ocean on loopback that answers with the page's example response: the request the client sends is the page's curl
// request (method, path, query, body), the value it returns has the documented type, and for list endpoints
// `client.paginate` sends the page's token back as the `next` the server reads, a token the server would have made.
// Then the example values against the chain: addresses for the page's network, 64-hex txids and hashes, raw
// transactions that decode completely, pool ratios that follow from the reserves. Each check is shown to fail.
import BigNumber from 'bignumber.js';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { CTransactionSegWit } from '@defichain/jellyfish-transaction';
import {
  checkOceanValues,
  decodeRawTransaction,
  loadOceanModel,
  readOceanPageExamples,
  runOceanExample,
  serverPageProblems,
  SERVER_PAGES,
  type OceanOutcome,
  type OceanPageExample,
} from '../support/ocean-page-examples';
import { startStandInOcean, type StandInOcean } from '../support/stand-in-ocean';

const model = loadOceanModel();
const examples = readOceanPageExamples();
const endpoints = model.reference.categories.flatMap((category) =>
  category.endpoints.map((endpoint) => ({ key: `${category.name}.${endpoint.name}`, endpoint })),
);
const listKeys = new Set(endpoints.filter(({ endpoint }) => endpoint.response === 'list').map(({ key }) => key));
const keyOf = (example: OceanPageExample): string => `${example.category}.${example.method}`;

// Addresses of the BIP39 test mnemonic's first account (as tests/unit/wallet-guide.test.ts derives them).
const MAINNET_ADDRESS = 'df1qm8rmljwy9wkhajfunl3x9jchvvf8p9ujzx7cwx';
const TESTNET_ADDRESS = 'tf1qm8rmljwy9wkhajfunl3x9jchvvf8p9uj3kytwz';

function exampleOf(key: string): OceanPageExample {
  const found = examples.find((example) => keyOf(example) === key);
  if (found === undefined) throw new Error(`no page example for ${key}`);
  return found;
}

/** The example with its response block changed as `alter` says, printed as the page prints it. */
function withResponse(example: OceanPageExample, alter: (response: Record<string, unknown>) => void): OceanPageExample {
  const response = JSON.parse(example.response) as Record<string, unknown>;
  alter(response);
  return { ...example, response: JSON.stringify(response, null, 2) };
}

function dataOf(response: Record<string, unknown>): Record<string, unknown> {
  const data = response.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('the response data is not an object');
  return data as Record<string, unknown>;
}

describe('Ocean page examples run through WhaleApiClient against a stand-in Ocean', () => {
  let ocean: StandInOcean;
  let log: MockInstance;
  // Each snippet runs once; its outcome serves the request, answer and pagination tests.
  const outcomes = new Map<string, Promise<OceanOutcome>>();
  const outcomeOf = (example: OceanPageExample): Promise<OceanOutcome> => {
    let outcome = outcomes.get(example.file);
    if (outcome === undefined) {
      outcome = runOceanExample(ocean, example, model);
      outcomes.set(example.file, outcome);
    }
    return outcome;
  };

  beforeAll(async () => {
    ocean = await startStandInOcean();
    // The snippets print what they get; the test reads the values instead.
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    log.mockRestore();
    await ocean.close();
  });

  it('the pages show every endpoint of the client once, each with its snippet, curl request and example response', () => {
    expect(endpoints).toHaveLength(60);
    expect(examples.map(keyOf).sort()).toEqual(endpoints.map(({ key }) => key).sort());
    for (const example of examples) {
      expect(example.file).toBe(`${keyOf(example)}.ts`);
      expect(example.anchor).toBe(example.method.toLowerCase());
      expect(example.curl, example.file).not.toBe('');
      expect(example.response, example.file).not.toBe('');
    }
    // Every list endpoint has the server's page rule.
    expect([...listKeys].filter((key) => SERVER_PAGES[key] === undefined)).toEqual([]);
  });

  describe('the client sends the curl request and returns the documented type', () => {
    it.each(examples.map((example) => [keyOf(example), example] as const))('%s', async (_key, example) => {
      const outcome = await outcomeOf(example);
      expect({ request: outcome.request, response: outcome.response }).toEqual({ request: [], response: [] });
    });
  });

  describe('client.paginate sends the page token back as the server expects it', () => {
    it.each(examples.filter((example) => listKeys.has(keyOf(example))).map((example) => [keyOf(example), example] as const))('%s', async (_key, example) => {
      const outcome = await outcomeOf(example);
      expect(outcome.pagination).toEqual([]);
    });
  });

  describe('example values are real: addresses, txids and hashes, raw transactions, pool ratios', () => {
    it.each(examples.map((example) => [keyOf(example), example] as const))('%s', (_key, example) => {
      expect(checkOceanValues(example, model)).toEqual([]);
    });
  });

  describe('each check can fail', () => {
    it('request: a curl path, query or body other than what the client sends', async () => {
      const get = exampleOf('address.getBalance');
      const wrongPath = { ...get, curl: get.curl.replace('/balance', '/balances') };
      expect((await runOceanExample(ocean, wrongPath, model)).request.join('\n')).toMatch(
        /the client requested path \S+\/balance, the curl request's path is \S+\/balances/,
      );

      const list = exampleOf('blocks.list');
      const wrongQuery = { ...list, curl: list.curl.replace(/size=(\d+)/, (_match, size: string) => `size=${Number(size) + 1}`) };
      expect((await runOceanExample(ocean, wrongQuery, model)).request.join('\n')).toMatch(
        /the client sent the query \?size=\d+.*, the curl request \?size=\d+/,
      );

      const post = exampleOf('rawtx.send');
      const wrongBody = { ...post, curl: post.curl.replace(/"maxFeeRate":[\d.]+/, '"maxFeeRate":0.5') };
      expect(wrongBody.curl).not.toBe(post.curl);
      expect((await runOceanExample(ocean, wrongBody, model)).request.join('\n')).toMatch(/the client sent the body .*, the curl request .*"maxFeeRate":0.5/);

      const wrongMethod = { ...get, curl: get.curl.replace(/^curl /, 'curl -X POST ') };
      expect((await runOceanExample(ocean, wrongMethod, model)).request.join('\n')).toMatch(/the client sent GET, the curl request is POST/);
    });

    it('response type: a field of another type than the documented one, and a missing required field', async () => {
      const block = exampleOf('blocks.get');
      const heightAsText = withResponse(block, (response) => {
        dataOf(response).height = String(dataOf(response).height);
      });
      expect((await runOceanExample(ocean, heightAsText, model)).response.join('\n')).toMatch(/at height is string, the documented type says number/);

      const noHash = withResponse(block, (response) => {
        delete dataOf(response).hash;
      });
      expect((await runOceanExample(ocean, noHash, model)).response.join('\n')).toMatch(/at hash is absent/);

      const list = exampleOf('tokens.list');
      const itemType = withResponse(list, (response) => {
        const first = (response.data as Record<string, unknown>[])[0];
        if (first === undefined) throw new Error('no item to alter');
        first.decimal = 'eight';
      });
      expect((await runOceanExample(ocean, itemType, model)).response.join('\n')).toMatch(/at \[\]\.decimal is string, the documented type says number/);
    });

    it('pagination: a token the client does not send back, a token the server would not make, a page that is not full', async () => {
      const list = exampleOf('blocks.list');
      const page = JSON.parse(list.response) as { page?: { next?: string } };
      const token = page.page?.next;
      if (token === undefined) throw new Error('blocks.list shows no page.next to alter');

      // The server answers another token than the page shows: what the client sends back is not the page's.
      const otherAnswer = withResponse(list, (response) => {
        response.page = { next: `${token}9` };
      }).response;
      const sentOther = (await runOceanExample(ocean, list, model, { answer: otherAnswer })).pagination.join('\n');
      expect(sentOther).toMatch(new RegExp(`the client kept the token ${token}9, the page shows page.next "${token}"`));
      expect(sentOther).toMatch(/client.paginate sent \?.*next=\d+9; the server expects the page's token back as next/);

      // The page shows a token the server does not make from the last item.
      const wrongToken = withResponse(list, (response) => {
        response.page = { next: `${token}-1` };
      });
      expect((await runOceanExample(ocean, wrongToken, model)).pagination.join('\n')).toMatch(
        new RegExp(`page.next is "${token}-1"; the server makes it the last item's height`),
      );

      // A token on a page that is not full, and a full page without one.
      const short = withResponse(list, (response) => {
        (response.data as unknown[]).pop();
      });
      expect((await runOceanExample(ocean, short, model)).pagination.join('\n')).toMatch(/the server gives a token only on a full page/);
      const noPage = withResponse(list, (response) => {
        delete response.page;
      });
      const missing = (await runOceanExample(ocean, noPage, model)).pagination.join('\n');
      expect(missing).toMatch(/shows no page.next, so the page shows no next-page request/);
      expect(missing).toMatch(/the page is full .* so the server sends page.next with it/);

      // The votes' positional token and an endpoint's lower cap.
      const votes = [{ vote: 'YES' }, { vote: 'NO' }, { vote: 'YES' }];
      expect(serverPageProblems('governance.listGovProposalVotes', { data: votes, page: { next: '2' } }, { size: '3' })).toEqual([]);
      expect(serverPageProblems('governance.listGovProposalVotes', { data: votes, page: { next: '5' } }, { size: '3', next: '2' })).toEqual([]);
      expect(serverPageProblems('governance.listGovProposalVotes', { data: votes, page: { next: '3' } }, { size: '3' }).join('\n')).toMatch(/"2"/);
      const swaps = Array.from({ length: 20 }, (_entry, index) => ({ sort: `s${index}` }));
      expect(serverPageProblems('poolpairs.listPoolSwapsVerbose', { data: swaps, page: { next: 's19' } }, { size: '50' })).toEqual([]);
    });

    it('addresses: a checksum that fails, an address of another network than the page uses', () => {
      const history = exampleOf('address.getAccountHistory');
      const withOwner = (owner: string): string[] =>
        checkOceanValues(
          withResponse(history, (response) => {
            dataOf(response).owner = owner;
          }),
          model,
        ).filter((problem) => problem.includes(owner));
      expect(withOwner(MAINNET_ADDRESS)).toEqual([]);
      const broken = `${MAINNET_ADDRESS.slice(0, -1)}y`;
      expect(withOwner(broken).join('\n')).toMatch(/fails its checksum for mainnet/);
      expect(withOwner(TESTNET_ADDRESS).join('\n')).toMatch(/is an address of testnet; the page's client uses mainnet/);
      // In the request too: the address in the curl path.
      const inPath = { ...history, curl: history.curl.replace(/\/address\/[^/]+\//, `/address/${broken}/`) };
      expect(checkOceanValues(inPath, model).join('\n')).toMatch(new RegExp(`request.address: ${broken} fails its checksum`));
    });

    it('txids and hashes: one that is not 64 hex digits', () => {
      const history = exampleOf('address.getAccountHistory');
      const short = 'ab'.repeat(31) + 'c';
      const altered = withResponse(history, (response) => {
        dataOf(response).txid = short;
      });
      expect(checkOceanValues(altered, model).join('\n')).toMatch(/response.data.txid: \w+ is 63 hex digits; a txid or hash has 64/);
    });

    it("raw transactions: bytes left over, a transaction cut short, a txid that is not the transaction's", () => {
      const tx = new CTransactionSegWit({
        version: 4,
        marker: 0,
        flag: 1,
        vin: [{ txid: 'aa'.repeat(32), index: 1, script: { stack: [] }, sequence: 0xffffffff }],
        vout: [{ value: new BigNumber('1.5'), script: { stack: [] }, tokenId: 0 }],
        witness: [{ scripts: [{ hex: '00'.repeat(33) }] }],
        lockTime: 0,
      });
      const hex = tx.toHex();
      expect(decodeRawTransaction(hex)).toEqual({ txid: tx.txId, problem: null });
      expect(decodeRawTransaction(`${hex}00`).problem).toMatch(/1 of \d+ bytes left over/);
      expect(decodeRawTransaction(hex.slice(0, -20)).problem).toMatch(/does not decode/);

      const send = exampleOf('rawtx.send');
      const withHex = (raw: string): OceanPageExample => ({ ...send, curl: send.curl.replace(/"hex":"[0-9a-f]*"/, `"hex":"${raw}"`) });
      expect(checkOceanValues(withHex(hex), model).join('\n')).toMatch(
        new RegExp(`rawtx.send answers txid \\w+, the transaction it sends has txid ${tx.txId}`),
      );
      expect(checkOceanValues(withHex(`${hex}00`), model).join('\n')).toMatch(/request body hex: the raw transaction decodes with 1 of \d+ bytes left over/);
    });

    it('pool pairs: a priceRatio that does not follow from the reserves', () => {
      const pool = exampleOf('poolpairs.get');
      const withPool = (reserveA: string, reserveB: string, ab: string, ba: string): string[] =>
        checkOceanValues(
          withResponse(pool, (response) => {
            const data = dataOf(response);
            (data.tokenA as Record<string, unknown>).reserve = reserveA;
            (data.tokenB as Record<string, unknown>).reserve = reserveB;
            data.priceRatio = { ab, ba };
          }),
          model,
        ).filter((problem) => problem.includes('priceRatio'));
      expect(withPool('100', '50', '2', '0.5')).toEqual([]);
      expect(withPool('1', '3', '0.33333333', '3')).toEqual([]);
      // Swapped, as in the BTC-DFI example the issue names.
      expect(withPool('100', '50', '0.5', '2').join('\n')).toMatch(/priceRatio.ab is 0.5, its reserves .* give 2.00000000/);
      // Rounded up where the node truncates.
      expect(withPool('1', '3', '0.33333334', '3').join('\n')).toMatch(/priceRatio.ab is 0.33333334, .* give 0.33333333/);
    });
  });
});
