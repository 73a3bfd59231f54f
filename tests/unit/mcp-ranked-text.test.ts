// The MCP server's full-text ranking (server/mcp/ranked-text.ts) on an index of our own: coverage of the query first,
// headings above text, word forms, prefixes and near words, version tokens whole, something whenever a word matches,
// and a bounded cost whatever the words.
import { describe, expect, it } from 'vitest';
import { LIMITS, RankedText, queryWords, textWords, wordForm } from '../../server/mcp/ranked-text';

interface Doc {
  i: number;
  t: string;
  u: string;
  h?: string;
  s?: string;
  p?: number;
}

/** An index in the plugin's five parts: pages, headings, descriptions, keywords, content. */
function indexOf(sections: ReadonlyArray<{ page: string; url: string; heading?: string; hash?: string; text: string }>): RankedText {
  const titles: Doc[] = [];
  const headings: Doc[] = [];
  const content: Doc[] = [];
  const pages = new Map<string, number>();
  for (const section of sections) {
    let page = pages.get(section.url);
    if (page === undefined) {
      page = titles.length;
      pages.set(section.url, page);
      titles.push({ i: page, t: section.page, u: section.url });
    }
    const id = 1000 + content.length;
    if (section.heading !== undefined) headings.push({ i: id, t: section.heading, u: section.url, h: section.hash, p: page });
    content.push({ i: id + 5000, t: section.text, u: section.url, h: section.hash, s: section.heading ?? section.page, p: page });
  }
  return new RankedText([titles, headings, [], [], content]);
}

const index = indexOf([
  { page: 'Migrating from 3.x to 4.0', url: '/node/migrating-to-4', text: 'What changed between the two major versions of the packages.' },
  { page: 'Migrating from 3.x to 4.0', url: '/node/migrating-to-4', heading: 'Upgrade every package', hash: '#upgrade', text: 'Install 4.0.7 of each.' },
  { page: '3.x releases', url: '/node/releases/v3', text: 'Every release of the third major line.' },
  { page: 'Loan', url: '/node/api/loan', heading: 'takeLoan', hash: '#takeloan', text: 'Borrows a loan token against a vault. Errors: vault not found.' },
  { page: 'Recipes', url: '/recipes', heading: 'Open a vault and borrow', hash: '#vault', text: 'Create a vault, deposit collateral, then takeLoan.' },
  { page: 'Pool pairs', url: '/node/api/poolpair', heading: 'poolSwap', hash: '#poolswap', text: 'Swaps one token for another through a pool pair.' },
  { page: 'Addresses', url: '/ecosystem/address', heading: 'Address formats', hash: '#formats', text: 'Bech32 and legacy addresses on mainnet.' },
  { page: 'Signing', url: '/ecosystem/sign', heading: 'Sign a transaction', hash: '#sign', text: 'The builder signs every input with the wallet key.' },
  { page: 'Blocks', url: '/node/api/blockchain', heading: 'getBlock', hash: '#getblock', text: 'A block by its hash, with the transactions in it.' },
]);

const urls = (query: string, limit = 3): string[] => index.search(query, limit).map(({ section }) => `${section.url}${section.hash}`);

describe('words of the index and of the query', () => {
  it('keeps versions whole, splits names into their parts, and reads word forms', () => {
    expect(textWords('Migrating from 3.x to 4.0 (v4.0.9)')).toEqual(['migrating', 'from', '3.x', 'to', '4.0', '4.0.9']);
    expect(textWords('takeLoan')).toEqual(['takeloan', 'take', 'loan']);
    expect(textWords('blockchain.getBlock')).toEqual(['blockchain.getblock', 'blockchain', 'getblock', 'get', 'block']);
    expect(textWords('MnemonicHdNodeProvider', Number.POSITIVE_INFINITY, false)).toEqual(['mnemonichdnodeprovider']);
    expect(['swaps', 'signing', 'addresses', 'entries'].map(wordForm)).toEqual(['swap', 'sign', 'address', 'entry']);
    expect(queryWords('what errors can takeLoan throw')).toEqual(['errors', 'takeloan', 'take', 'loan', 'throw']);
  });
});

describe('ranking', () => {
  it('finds a page by its exact title, version tokens and all, and by one version alone', () => {
    expect(urls('Migrating from 3.x to 4.0')[0]).toBe('/node/migrating-to-4');
    expect(urls('3.x')).toContain('/node/releases/v3');
  });

  it('ranks the section holding more of the query first, a heading above the text', () => {
    expect(urls('what errors can takeLoan throw')[0]).toBe('/node/api/loan#takeloan');
    expect(urls('vault borrow')[0]).toBe('/recipes#vault');
  });

  it('matches word forms, the start of a word and a word one edit off', () => {
    expect(urls('pool swaps')[0]).toBe('/node/api/poolpair#poolswap');
    expect(urls('signing a transaction')[0]).toBe('/ecosystem/sign#sign');
    expect(urls('addr formats')[0]).toBe('/ecosystem/address#formats');
    expect(urls('adress formats')[0]).toBe('/ecosystem/address#formats');
  });

  it("reads a verb's irregular past as the verb, and the Whale API as Ocean", () => {
    expect(['sent', 'paid', 'built', 'held'].map(wordForm)).toEqual(['send', 'pay', 'build', 'hold']);
    const small = indexOf([
      { page: 'Wallets', url: '/ecosystem/wallets', heading: 'Fees, change and inputs', hash: '#fees', text: 'The fee of each transaction sent.' },
      { page: 'Wallets', url: '/ecosystem/wallets', heading: 'Keys at rest', hash: '#at-rest', text: 'Encrypt the seed of the wallet.' },
      { page: 'Address', url: '/ocean/address', heading: 'List address tokens', hash: '#listtoken', text: 'Token balances.' },
    ]);
    const [fees] = small.search('wallet fees when sending', 1);
    expect(`${fees?.section.url}${fees?.section.hash}`).toBe('/ecosystem/wallets#fees');
    expect(fees?.matched).toBe(3);
    const [tokens] = small.search('tokens of an address on whale', 1);
    expect(tokens?.section.hash).toBe('#listtoken');
    expect(tokens?.matched).toBe(3);
  });

  it('answers when only some words match, and never with a section holding none', () => {
    expect(urls('getblock zzqqxx wibble')[0]).toBe('/node/api/blockchain#getblock');
    expect(index.search('zzqqxx wibble', 5)).toEqual([]);
    const [first] = index.search('getblock zzqqxx', 1);
    expect(first?.matched).toBe(1);
    expect(first?.score).toBeLessThan(index.search('getblock', 1)[0]?.score ?? 0);
  });
});

describe('ranking as readers word a question', () => {
  /** Method sections as the references print them, with the lead and parameters the model gives each. */
  const calls = [
    // The longer heading first: on a tie it would come first.
    { url: '/node/api/account', hash: '#withdrawfutureswap', heading: 'withdrawFutureSwap', lead: 'Withdraws a future swap.', parameters: ['future'] },
    {
      url: '/node/api/account',
      hash: '#futureswap',
      heading: 'futureSwap',
      lead: 'Creates and submits to the network a futures contract.',
      parameters: ['future'],
    },
    { url: '/node/api/loan', hash: '#paybackloan', heading: 'paybackLoan', lead: 'Return loan in a desired amount.', parameters: ['metadata'] },
    { url: '/node/api/loan', hash: '#takeloan', heading: 'takeLoan', lead: 'Borrow a loan against a vault: pay it back later.', parameters: ['metadata'] },
    {
      url: '/node/api/rawtx',
      hash: '#sendrawtransaction',
      heading: 'sendRawTransaction',
      lead: 'Submit a raw transaction to the node.',
      parameters: ['hexstring'],
    },
    {
      url: '/node/api/rawtx',
      hash: '#signrawtransaction',
      heading: 'signRawTransaction',
      lead: 'Sign a raw transaction with keys.',
      parameters: ['hexstring'],
    },
    {
      url: '/node/api/wallet',
      hash: '#validateaddress',
      heading: 'validateAddress',
      lead: 'Return information about the given address.',
      parameters: ['address'],
    },
    {
      url: '/node/api/wallet',
      hash: '#getaddressinfo',
      heading: 'getAddressInfo',
      lead: 'Returns whether an address is valid and yours.',
      parameters: ['address'],
    },
    { url: '/node/api/vault', hash: '#estimateloan', heading: 'estimateLoan', lead: 'Returns the loan tokens a vault can take.', parameters: ['vaultId'] },
    { url: '/node/api/vault', hash: '#estimatevaultratio', heading: 'estimateVaultRatio', lead: 'Returns the ratio of a vault.', parameters: ['vaultId'] },
    {
      url: '/node/api/vault',
      hash: '#estimatevault',
      heading: 'estimateVault',
      lead: 'Returns the collateral and loan values of a vault.',
      parameters: ['collateralAmounts'],
    },
    { url: '/node/api/rawtx', hash: '#getrawtransaction', heading: 'getRawTransaction', lead: 'Get raw transaction in hex.', parameters: ['txid', 'verbose'] },
    {
      url: '/node/api/rawtx',
      hash: '#decoderawtransaction',
      heading: 'decodeRawTransaction',
      lead: 'Decode a raw transaction given as hex.',
      parameters: ['hexstring'],
    },
  ];
  const withCalls = (leads: boolean): RankedText => {
    const titles: Doc[] = [];
    const headings: Doc[] = [];
    const content: Doc[] = [];
    const pages = new Map<string, number>();
    for (const call of calls) {
      let page = pages.get(call.url);
      if (page === undefined) {
        page = titles.length;
        pages.set(call.url, page);
        titles.push({ i: page, t: call.url.split('/').pop() ?? '', u: call.url });
      }
      headings.push({ i: 1000 + headings.length, t: call.heading, u: call.url, h: call.hash, p: page });
      content.push({ i: 5000 + content.length, t: `${call.heading}(…): Promise<string>`, u: call.url, h: call.hash, s: call.heading, p: page });
    }
    // A guide section under a heading of its own words and an id that names it.
    titles.push({ i: titles.length, t: 'Errors', u: '/node/errors' });
    headings.push({ i: 1900, t: 'Invalid address', u: '/node/errors', h: '#recipient', p: titles.length - 1 });
    content.push({
      i: 5900,
      t: 'Addresses given as senders of DeFi transactions.',
      u: '/node/errors',
      h: '#recipient',
      s: 'Invalid address',
      p: titles.length - 1,
    });
    return new RankedText(
      [titles, headings, [], [], content],
      new Map(leads ? calls.map((call) => [`${call.url}${call.hash}`, call.lead]) : []),
      new Map(leads ? calls.map((call) => [`${call.url}${call.hash}`, call.parameters]) : []),
    );
  };
  const ranked = withCalls(true);
  const first = (query: string, index = ranked): string => {
    const [top] = index.search(query, 1);
    return top === undefined ? '' : `${top.section.url}${top.section.hash}`;
  };

  it('ranks the heading the query names whole above one that holds more besides', () => {
    expect(first('place a future swap')).toBe('/node/api/account#futureswap');
    expect(first('vault estimate')).toBe('/node/api/vault#estimatevault');
  });

  it("reads a method's lead and parameters, its heading's id, and a name written as words", () => {
    expect(first('fetch a transaction by txid')).toBe('/node/api/rawtx#getrawtransaction');
    expect(first('which call makes a contract')).toBe('/node/api/account#futureswap');
    expect(first('which call makes a contract', withCalls(false))).toBe('');
    expect(first('recipient address')).toBe('/node/errors#recipient');
    expect(first('pay back a loan')).toBe('/node/api/loan#paybackloan');
  });

  it("takes readers' words for the docs' and a word with an ending for the word", () => {
    expect(first('broadcast a transaction')).toBe('/node/api/rawtx#sendrawtransaction');
    expect(first('estimate how much I can borrow')).toBe('/node/api/vault#estimateloan');
    expect(first('is this address valid')).toBe('/node/api/wallet#validateaddress');
  });
});

describe('cost', () => {
  /** An index the size of the site's (about 5,000 sections of 40 words), of made-up words. */
  const big = (() => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = (): string => Array.from({ length: 3 + Math.floor(random() * 8) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
    const vocabulary = Array.from({ length: 20000 }, word);
    const pick = (): string => vocabulary[Math.floor(random() * vocabulary.length)] ?? 'a';
    return {
      vocabulary,
      index: indexOf(
        Array.from({ length: 5000 }, (_, at) => ({
          page: `${pick()} ${pick()}`,
          url: `/page/${at % 120}`,
          heading: `${pick()} ${pick()} ${pick()}`,
          hash: `#s${at}`,
          text: Array.from({ length: 40 }, pick).join(' '),
        })),
      ),
    };
  })();

  /** The median time of `runs` searches, in milliseconds. */
  function median(query: string, runs = 15): number {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      big.index.search(query, 8, 1000);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
  }

  it('a 500-character word, or eight long made-up words, costs no more than a few times an ordinary query', () => {
    const ordinary = median(`${big.vocabulary[10]} ${big.vocabulary[20]} ${big.vocabulary[30]}`);
    const long = median('q'.repeat(500));
    const many = median(Array.from({ length: 8 }, (_, at) => `${'xyz'.repeat(8)}${at}`).join(' '));
    const letters = median('abcdefghijklmnopqrstuvw');
    // A few times an ordinary query, with 2 ms for a timer's grain on a busy machine.
    for (const cost of [long, many, letters]) expect(cost).toBeLessThan(4 * ordinary + 2);
  });

  it('stops at its deadline with what it has', () => {
    const start = performance.now();
    big.index.search(big.vocabulary.slice(0, 200).join(' '), 8, 1);
    expect(performance.now() - start).toBeLessThan(LIMITS.deadlineMs);
  });
});
