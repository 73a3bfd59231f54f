// The recipes page (docs/ecosystem/recipes.mdx) runs as printed: each TypeScript block is executed with only the Ocean
// host swapped for a stand-in on loopback; what it logs is held against its `// …` comments or its Output block; the
// transactions it broadcasts are decoded, their signatures verified against the WIF's public key over BIP143 for the
// values of the coins they spend, and their messages, amounts and fees checked. The vault and liquidity recipes run
// against a stand-in chain: Ocean lists the wallet's coins, takes a transaction, puts it in the next block and lists its
// change. Values come from the data set (generator/examples/rpc/README.md, generator/examples/ocean) and agree with
// the builder samples' payloads (generator/examples/dftx/payloads.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import util from 'node:util';
import BigNumber from 'bignumber.js';
import { SmartBuffer } from 'smart-buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DERSignature, WIF } from '@defichain/jellyfish-crypto';
import { MainNet } from '@defichain/jellyfish-network';
import {
  CTransaction,
  CTransactionSegWit,
  OP_CODES,
  SIGHASH,
  fromOPCodes,
  type CreateVault,
  type DepositToVault,
  type OP_DEFI_TX,
  type PaybackLoan,
  type PoolAddLiquidity,
  type PoolRemoveLiquidity,
  type PoolSwap,
  type Script,
  type TakeLoan,
  type Transaction,
  type TransactionSegWit,
} from '@defichain/jellyfish-transaction';
import { calculateFeeP2WPKH } from '@defichain/jellyfish-transaction-builder';
import { WhaleApiClient } from '@defichain/whale-api-client';
import { WhaleWalletAccount } from '@defichain/whale-api-wallet';
import { WalletClassic } from '@defichain/jellyfish-wallet-classic';
import { extractBlocksOfLanguage, extractCodeBlocks, parseMeta } from './code-blocks-checker';
import { projectForPage, removeReaderProject, type ReaderProject } from '../support/reader-project';
import { runSnippet } from '../support/run-snippet';
import { feeFacts } from '../support/builder-samples';
import { bip143Hash, decodeTransaction, withoutWitness } from '../support/signing';
import { scriptToString } from '../../generator/extract/sdk/node-view';
import { txidOf } from '../../generator/extract/sdk/dftx-examples';
import { FEE_RATE, PAYLOADS } from '../../generator/examples/dftx/payloads';
import { startStandInOcean, type OceanReply, type OceanRoute, type StandInOcean } from '../support/stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = 'docs/ecosystem/recipes.mdx';
const HOST = 'https://mainnet.ocean.jellyfishsdk.com';
/** The reader's wallet of the data set: its address, output script and public key (generator/examples/rpc/README.md). */
const ADDRESS = 'df1qqd3m7yz2dyhv8pq3s8g7k6668un5tsz3hcuw42';
const SCRIPT_HEX = '00140363bf104a692ec3841181d1eb6b5a3f2745c051';
const PUBLIC_KEY = Buffer.from('0257fdbe051286271e663b4653268a3b63442a8ec0c18a74f9db6acbb722625084', 'hex');
const WIF_KEY = 'L3XScf1NcaqnMXEjADRYgwuVXKirwEbBtncZib2B1667rBFGeWTE';
/** The tip of the data set. */
const TIP = 3452817;
const secp256k1 = createRequire(path.join(ROOT, 'package.json'))('tiny-secp256k1') as { verify: (hash: Buffer, key: Buffer, signature: Buffer) => boolean };

/** The `data` of an Ocean example of the data set (generator/examples/ocean/<category>/<method>.json). */
function oceanExample<T>(name: string): T {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/examples/ocean', `${name}.json`), 'utf8')) as { response: { data: T } }).response.data;
}

interface UnspentItem {
  vout: { txid: string; n: number; value: string };
}
/** The wallet's unspent outputs as Ocean lists them in the data set: 120 DFI and 3.214873 DFI. */
const UNSPENT = oceanExample<UnspentItem[]>('address/listTransactionUnspent');

function pageText(): string {
  return fs.readFileSync(path.join(ROOT, PAGE), 'utf8');
}

function blocks(mdx = pageText()): Map<string, string> {
  return new Map(extractCodeBlocks(mdx, PAGE).map((block) => [parseMeta(block.meta).get('title') ?? '', block.code]));
}

/** The lines of the page's `text title="Output"` block (the output of review.ts). */
function outputBlock(): string[] {
  const found = extractBlocksOfLanguage(pageText(), PAGE, 'text').find((block) => parseMeta(block.meta).get('title') === 'Output');
  if (found === undefined) throw new Error(`${PAGE} has no Output block`);
  return found.code.split('\n');
}

/** The reader's project of this page (its install line alone, "type": "module"), made on first use. */
let project: ReaderProject | undefined;
afterAll(() => {
  if (project !== undefined) removeReaderProject(project);
});
function readerProject(): ReaderProject {
  project ??= projectForPage(PAGE);
  return project;
}

/** Runs a block as an ES module of the page's reader's project, with Ocean's host swapped, and records what it logs. */
async function run(code: string, ocean: StandInOcean): Promise<{ logged: string[]; values: Record<string, unknown> }> {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(util.format(...args));
  });
  try {
    const { values } = await runSnippet(code, { [HOST]: ocean.url }, readerProject());
    return { logged, values };
  } finally {
    spy.mockRestore();
  }
}

function commented(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => /^console\.log\(/.test(line))
    .map((line) => /\/\/\s*(.+)$/.exec(line)?.[1] ?? '');
}

const hexOf = (script: Script): string => fromOPCodes(script.stack).toString('hex');
const amountsOf = (balances: readonly { token: number; amount: BigNumber }[]): [number, string][] =>
  balances.map((balance) => [balance.token, balance.amount.toFixed(8)]);

/** The DeFi message of output 0. */
function message(tx: Pick<Transaction, 'vout'>): OP_DEFI_TX['tx'] {
  const stack = tx.vout[0]?.script.stack ?? [];
  expect(stack.map((op) => op.type)).toEqual(['OP_RETURN', 'OP_DEFI_TX']);
  return (stack[1] as OP_DEFI_TX).tx;
}

/**
 * Problems with a broadcast transaction's signatures: it must encode back to its hex, and each input must carry the
 * WIF's public key and a SIGHASH_ALL signature that verifies over BIP143 for the value of the coin it spends.
 */
function signatureProblems(hex: string, values: readonly BigNumber[]): string[] {
  const tx = decodeTransaction(hex);
  const problems: string[] = [];
  if (new CTransactionSegWit(tx).toHex() !== hex) problems.push('the hex does not encode back to itself');
  if (values.length !== tx.vin.length) problems.push(`${tx.vin.length} inputs for ${values.length} coins`);
  tx.vin.forEach((_, index) => {
    const [signature, key] = tx.witness[index]?.scripts ?? [];
    if (key?.hex !== PUBLIC_KEY.toString('hex')) problems.push(`input ${index}: not the WIF's key`);
    const signed = Buffer.from(signature?.hex ?? '', 'hex');
    if (signed.at(-1) !== SIGHASH.ALL) problems.push(`input ${index}: not SIGHASH_ALL`);
    const hash = bip143Hash(tx, index, PUBLIC_KEY, values[index] ?? new BigNumber(0));
    if (!secp256k1.verify(hash, PUBLIC_KEY, DERSignature.decode(signed.subarray(0, -1)))) problems.push(`input ${index}: the signature does not verify`);
  });
  return problems;
}

/** Ocean's item for a coin in a block past the data set's tip. */
function unspentItem(coin: { txid: string; n: number; value: BigNumber }, height: number): unknown {
  const index = coin.n.toString(16).padStart(8, '0');
  return {
    id: `${coin.txid}${index}`,
    hid: crypto.createHash('sha256').update(SCRIPT_HEX).digest('hex'),
    sort: `${height.toString(16).padStart(8, '0')}${coin.txid}${index}`,
    block: { hash: blockHash(height), height, time: 1700611512 + 30 * (height - TIP), medianTime: 1700611396 + 30 * (height - TIP) },
    script: { type: 'witness_v0_keyhash', hex: SCRIPT_HEX },
    vout: { txid: coin.txid, n: coin.n, value: coin.value.toFixed(8), tokenId: 0 },
  };
}

/** A block hash for a height past the data set's tip (64 hex digits). */
function blockHash(height: number): string {
  return crypto.createHash('sha256').update(`stand-in block ${height}`).digest('hex');
}

const notFound = (message: string): OceanReply => ({ status: 404, error: { type: 'NotFound', message } });

interface Coin {
  txid: string;
  n: number;
  value: BigNumber;
  /** How Ocean lists it: the data set's item, or one for the block the stand-in put it in. */
  item: unknown;
}

interface Sent {
  hex: string;
  tx: TransactionSegWit;
  txid: string;
  /** The coins its inputs spend, in input order. */
  spent: Coin[];
}

/**
 * A chain behind the stand-in Ocean, for the recipes that wait for their transactions: the wallet's coins are the
 * data set's; a transaction sent spends coins the chain has (else the node's refusal), lands in the next block, and
 * its outputs to the wallet become coins; Ocean finds it from then on.
 */
class StandInChain {
  height = TIP;
  coins: Coin[] = UNSPENT.map((item) => ({ txid: item.vout.txid, n: item.vout.n, value: new BigNumber(item.vout.value), item }));
  readonly sent: Sent[] = [];

  routes(): OceanRoute[] {
    return [
      {
        method: 'GET',
        path: `/v0/mainnet/address/${ADDRESS}/transactions/unspent`,
        reply: () => ({ data: this.coins.map((coin) => coin.item) }),
      },
      { method: 'GET', path: '/v0/mainnet/fee/estimate', reply: { data: Number(FEE_RATE) } },
      { method: 'POST', path: '/v0/mainnet/rawtx/send', reply: (request) => this.send((request.body as { hex: string }).hex) },
      {
        method: 'GET',
        path: '/v0/mainnet/transactions/:txid',
        reply: (request) => {
          const index = this.sent.findIndex((sent) => sent.txid === request.params.txid);
          if (index < 0) return notFound('transaction not found');
          const height = TIP + 1 + index;
          return { data: { id: request.params.txid, txid: request.params.txid, block: { hash: blockHash(height), height } } };
        },
      },
    ];
  }

  private send(hex: string): OceanReply {
    const tx = decodeTransaction(hex);
    const spent: Coin[] = [];
    for (const input of tx.vin) {
      const coin = this.coins.find((candidate) => candidate.txid === input.txid && candidate.n === input.index);
      if (coin === undefined) return { status: 400, error: { type: 'BadRequest', message: 'bad-txns-inputs-missingorspent' } };
      spent.push(coin);
    }
    const txid = txidOf(tx);
    this.height += 1;
    this.coins = [
      ...this.coins.filter((coin) => !spent.includes(coin)),
      ...tx.vout.flatMap((output, n) =>
        hexOf(output.script) === SCRIPT_HEX ? [{ txid, n, value: output.value, item: unspentItem({ txid, n, value: output.value }, this.height) }] : [],
      ),
    ];
    this.sent.push({ hex, tx, txid, spent });
    return { data: txid };
  }
}

/** Checks what the builder made of each step: the coins it spends, the fee at the quoted rate, the change, the signatures. */
function checkSteps(chain: StandInChain, firstOutputs: string[]): void {
  expect(chain.sent.map((sent) => sent.tx.vout[0]?.value.toFixed(8))).toEqual(firstOutputs);
  chain.sent.forEach((sent, index) => {
    // The first spends the data set's coins; each later one the change of the one before, once it was in a block.
    const expected = index === 0 ? UNSPENT.map((item) => `${item.vout.txid}:${item.vout.n}`) : [`${chain.sent[index - 1]?.txid ?? ''}:1`];
    expect(sent.tx.vin.map((input) => `${input.txid}:${input.index}`)).toEqual(expected);
    expect(
      signatureProblems(
        sent.hex,
        sent.spent.map((coin) => coin.value),
      ),
    ).toEqual([]);
    const inputs = sent.spent.reduce((sum, coin) => sum.plus(coin.value), new BigNumber(0));
    const fee = calculateFeeP2WPKH(new BigNumber(FEE_RATE), withoutWitness(sent.tx));
    expect(sent.tx.vout).toHaveLength(2);
    expect([sent.tx.vout[1]?.value.toFixed(8), hexOf(sent.tx.vout[1]?.script ?? { stack: [] })]).toEqual([
      inputs
        .minus(sent.tx.vout[0]?.value ?? 0)
        .minus(fee)
        .toFixed(8),
      SCRIPT_HEX,
    ]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Stand-in answers for the vault and the pool, in Ocean's shapes, from the data set's examples

interface VaultAmount {
  id: string;
  amount: string;
  symbol: string;
  [field: string]: unknown;
}
interface OceanVault {
  collateralAmounts: VaultAmount[];
  loanAmounts: VaultAmount[];
  interestAmounts: VaultAmount[];
  [field: string]: unknown;
}
const DATA_SET_VAULT = oceanExample<OceanVault>('loan/getVault');
/** Oracle prices of the data set (generator/examples/rpc/README.md). */
const PRICES: Record<string, string> = { '0': '0.8', '15': '1' };

/**
 * Interest of one block: the scheme's 5 % a year over 1,051,200 blocks of 30 s, rounded up to a satoshi, as the data
 * set's interestsPerBlock shows it (generator/examples/rpc/loan/getVault.json: 0.0000237823… DUSD a block on 500 DUSD).
 */
function interestOfOneBlock(amount: BigNumber): BigNumber {
  return amount.times('0.05').div(1_051_200).decimalPlaces(8, BigNumber.ROUND_UP);
}

/** Ocean's vault as the messages sent so far make it, a block after the loan. */
function vaultOf(chain: StandInChain, id: string): OceanReply {
  const created = chain.sent.find((sent) => sent.txid === id && message(sent.tx).name === 'OP_DEFI_TX_CREATE_VAULT');
  if (created === undefined) return notFound('Unable to find vault');
  const messages = chain.sent.map((sent) => message(sent.tx));
  const like = (list: VaultAmount[], tokenId: number, amount: BigNumber): VaultAmount => {
    const model = list.find((item) => item.id === String(tokenId));
    if (model === undefined) throw new Error(`the data set's vault has no token ${tokenId}`);
    return { ...model, amount: amount.toFixed(8) };
  };
  const collateral = messages
    .filter((each) => each.name === 'OP_DEFI_TX_DEPOSIT_TO_VAULT')
    .map((each) => (each.data as DepositToVault).tokenAmount)
    .map((amount) => like(DATA_SET_VAULT.collateralAmounts, amount.token, amount.amount));
  const loans = messages.filter((each) => each.name === 'OP_DEFI_TX_TAKE_LOAN').flatMap((each) => (each.data as TakeLoan).tokenAmounts);
  const value = (amounts: VaultAmount[]): BigNumber =>
    amounts.reduce((sum, item) => sum.plus(new BigNumber(item.amount).times(PRICES[item.id] ?? NaN)), new BigNumber(0));
  const loanAmounts = loans.map((loan) => like(DATA_SET_VAULT.loanAmounts, loan.token, loan.amount.plus(interestOfOneBlock(loan.amount))));
  const interestAmounts = loans.map((loan) => like(DATA_SET_VAULT.loanAmounts, loan.token, interestOfOneBlock(loan.amount)));
  const ratio = value(collateral).div(value(loanAmounts)).times(100);
  return {
    data: {
      ...DATA_SET_VAULT,
      vaultId: id,
      ownerAddress: ADDRESS,
      state: 'ACTIVE',
      collateralAmounts: collateral,
      loanAmounts,
      interestAmounts,
      collateralValue: value(collateral).toFixed(),
      loanValue: value(loanAmounts).toFixed(),
      interestValue: value(interestAmounts).toFixed(),
      informativeRatio: ratio.toFixed(8, BigNumber.ROUND_DOWN),
      collateralRatio: ratio.toFixed(0, BigNumber.ROUND_DOWN),
    },
  };
}

interface OceanPool {
  id: string;
  tokenA: { id: string; reserve: string };
  tokenB: { id: string; reserve: string };
  totalLiquidity: { token: string };
}
const POOL = oceanExample<OceanPool>('poolpairs/get');
/** The wallet's token balances in the data set (generator/examples/rpc/account/getAccount.json). */
const BALANCES: [id: string, symbol: string, amount: string][] = [
  ['0', 'DFI', '1532.86540912'],
  ['1', 'ETH', '0.35000000'],
  ['2', 'BTC', '0.04335783'],
  ['5', 'BTC-DFI', '36.15024417'],
  ['15', 'DUSD', '150.00000000'],
];

const satoshis = (value: BigNumber | string): bigint => BigInt(new BigNumber(value).times(1e8).toFixed(0));
const fromSatoshis = (value: bigint): BigNumber => new BigNumber(value.toString()).div(1e8);

/** The shares the node mints for an addition: the smaller side of `amount × total liquidity ÷ reserve`, in satoshis, rounded down (poolpairs.cpp L369-371 at v4.0.9). */
function mintedShares(amountA: BigNumber, amountB: BigNumber): BigNumber {
  const total = satoshis(POOL.totalLiquidity.token);
  const a = (satoshis(amountA) * total) / satoshis(POOL.tokenA.reserve);
  const b = (satoshis(amountB) * total) / satoshis(POOL.tokenB.reserve);
  return fromSatoshis(a < b ? a : b);
}

/** The wallet's tokens as Ocean lists them once the additions sent so far are in a block. */
function tokensOf(chain: StandInChain): OceanReply {
  const balances = new Map(BALANCES.map(([id, , amount]) => [id, new BigNumber(amount)]));
  for (const sent of chain.sent) {
    const tx = message(sent.tx);
    if (tx.name !== 'OP_DEFI_TX_POOL_ADD_LIQUIDITY') continue;
    const [a, b] = (tx.data as PoolAddLiquidity).from[0]?.balances ?? [];
    if (a === undefined || b === undefined) throw new Error('an addition of one token');
    balances.set(String(a.token), (balances.get(String(a.token)) ?? new BigNumber(0)).minus(a.amount));
    balances.set(String(b.token), (balances.get(String(b.token)) ?? new BigNumber(0)).minus(b.amount));
    balances.set(POOL.id, (balances.get(POOL.id) ?? new BigNumber(0)).plus(mintedShares(a.amount, b.amount)));
  }
  return {
    data: BALANCES.map(([id, symbol]) => ({
      id,
      amount: (balances.get(id) ?? new BigNumber(0)).toFixed(8),
      symbol,
      symbolKey: symbol,
      name: symbol,
      isDAT: true,
      isLPS: id === POOL.id,
      isLoanToken: id === '15',
      displaySymbol: id === '0' || id === '15' ? symbol : `d${symbol}`,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('the recipes run as printed', () => {
  const code = blocks();
  let ocean: StandInOcean;
  beforeAll(async () => {
    ocean = await startStandInOcean();
  });
  afterAll(async () => {
    await ocean.close();
  });

  it('has the blocks this test runs, and names only the Ocean host it swaps', () => {
    expect([...code.keys()]).toEqual(['wif.ts', 'convert.ts', 'track.ts', 'vault.ts', 'liquidity.ts', 'review.ts']);
    const hosts = [...code.values()].flatMap((text) => text.match(/https?:\/\/[^'"\s/]+/g) ?? []);
    expect(new Set(hosts)).toEqual(new Set([HOST]));
  });

  it('wif.ts opens the one-key account of the data set’s wallet, without asking Ocean anything', async () => {
    ocean.setRoutes([]);
    ocean.requests.length = 0;
    const { logged } = await run(code.get('wif.ts') ?? '', ocean);
    expect(logged).toEqual(commented(code.get('wif.ts') ?? ''));
    expect(logged).toEqual([ADDRESS]);
    expect(ocean.requests).toEqual([]);
  });

  it('wif.ts refuses a testnet key, which decodes to another version, and a mistyped one', async () => {
    ocean.setRoutes([]);
    const wif = code.get('wif.ts') ?? '';
    // The same private key as a testnet WIF (prefix 0xef), and the page's key with its last character changed.
    const testnetKey = WIF.encode(0xef, WIF.decode(WIF_KEY).privateKey);
    expect(Object.keys(WIF.decode(testnetKey))).toEqual(['version', 'privateKey', 'compressed']);
    expect(WIF.decode(testnetKey).version).not.toBe(MainNet.wifPrefix);
    await expect(run(wif.replace(WIF_KEY, testnetKey), ocean)).rejects.toThrow('Invalid network version');
    await expect(run(wif.replace(WIF_KEY, `${WIF_KEY.slice(0, -1)}F`), ocean)).rejects.toThrow('Invalid checksum');
    // Without the prefix argument the testnet key opens a mainnet account, as the page warns.
    const unchecked = wif.replace(WIF_KEY, testnetKey).replace('WIF.asEllipticPair(wif, MainNet.wifPrefix)', 'WIF.asEllipticPair(wif)');
    expect((await run(unchecked, ocean)).logged).toEqual([ADDRESS]);
  });

  it('convert.ts burns 100 UTXO DFI into the balance, then mints 10 back as output 2, each signed by the WIF', async () => {
    // Ocean lists the same coins to both calls: it learns of the first transaction only once it is in a block.
    const chain = new StandInChain();
    ocean.setRoutes([
      ...chain.routes().filter((route) => route.method !== 'POST'),
      { method: 'POST', path: '/v0/mainnet/rawtx/send', reply: (request) => ({ data: txidOf(decodeTransaction((request.body as { hex: string }).hex)) }) },
    ]);
    ocean.requests.length = 0;
    await run(code.get('convert.ts') ?? '', ocean);
    const sent = ocean.requests.filter((request) => request.method === 'POST').map((request) => (request.body as { hex: string }).hex);
    expect(sent).toHaveLength(2);
    const values = UNSPENT.map((item) => new BigNumber(item.vout.value));
    for (const hex of sent) expect(signatureProblems(hex, values)).toEqual([]);
    const [toTokens, toUtxos] = sent.map((hex) => decodeTransaction(hex));
    if (toTokens === undefined || toUtxos === undefined) throw new Error('two transactions');
    expect(message(toTokens).name).toBe('OP_DEFI_TX_UTXOS_TO_ACCOUNT');
    expect(toTokens.vout[0]?.value.toFixed(8)).toBe('100.00000000');
    expect(message(toUtxos).name).toBe('OP_DEFI_TX_ACCOUNT_TO_UTXOS');
    const total = values.reduce((sum, value) => sum.plus(value), new BigNumber(0));
    expect(toUtxos.vout.map((output) => [output.value.toFixed(8), output.value.isZero() ? '' : scriptToString(output.script)])).toEqual([
      ['0.00000000', ''],
      [total.minus(feeFacts(toUtxos, total).fee).toFixed(8), ADDRESS],
      ['10.00000000', ADDRESS],
    ]);
    expect(feeFacts(toUtxos, total).fee.toFixed(8)).toBe(feeFacts(toUtxos, total).expected.toFixed(8));
  });

  it('track.ts waits while Ocean answers 404 and prints the block and its confirmations once it appears', async () => {
    let asked = 0;
    ocean.setRoutes([
      {
        method: 'GET',
        path: '/v0/mainnet/transactions/63221c1ae17d294fd959bea44fedaa6f421440a3eef7d7344af3eebf6164ca72',
        reply: () =>
          ++asked < 2
            ? notFound('transaction not found')
            : {
                data: {
                  id: '63221c1ae17d294fd959bea44fedaa6f421440a3eef7d7344af3eebf6164ca72',
                  block: { hash: '5536a11966ad7c66ed71a8e8f65f95183bdfcdedc551126ac984e988b91c32dc', height: 3452816 },
                },
              },
      },
      { method: 'GET', path: '/v0/mainnet/stats', reply: { data: { count: { blocks: TIP } } } },
    ]);
    const { logged } = await run(code.get('track.ts') ?? '', ocean);
    expect(logged).toEqual(commented(code.get('track.ts') ?? ''));
    expect(asked).toBe(2);
  });

  it('track.ts gives up after the attempts it was given', async () => {
    ocean.setRoutes([{ method: 'GET', path: /^\/v0\/mainnet\/transactions\//, reply: notFound('transaction not found') }]);
    ocean.requests.length = 0;
    await expect(run(code.get('track.ts') ?? '', ocean)).rejects.toThrow('is in no block after 3 attempts');
    expect(ocean.requests).toHaveLength(3);
  });

  it('vault.ts opens a vault, deposits 1,000 DFI, borrows 400 DUSD and pays back what Ocean says it owes, each step on the change of the last', async () => {
    const chain = new StandInChain();
    ocean.setRoutes([...chain.routes(), { method: 'GET', path: '/v0/mainnet/loans/vaults/:id', reply: (request) => vaultOf(chain, request.params.id ?? '') }]);
    ocean.requests.length = 0;
    const { logged, values } = await run(code.get('vault.ts') ?? '', ocean);
    expect(ocean.unmatched()).toEqual([]);
    expect(logged).toEqual(commented(code.get('vault.ts') ?? ''));

    expect(chain.sent.map((sent) => message(sent.tx).name)).toEqual([
      'OP_DEFI_TX_CREATE_VAULT',
      'OP_DEFI_TX_DEPOSIT_TO_VAULT',
      'OP_DEFI_TX_TAKE_LOAN',
      'OP_DEFI_TX_PAYBACK_LOAN',
    ]);
    // The vault's creation fee of 2 DFI on mainnet (chainparams.cpp L199 at v4.0.9) in output 0, nothing in the others.
    checkSteps(chain, ['2.00000000', '0.00000000', '0.00000000', '0.00000000']);
    const [create, deposit, take, payback] = chain.sent.map((sent): unknown => message(sent.tx).data);
    const vaultId = chain.sent[0]?.txid;
    expect(values.vaultId).toBe(vaultId);
    expect(logged[0]).toBe(vaultId);

    const created = create as CreateVault;
    expect([hexOf(created.ownerAddress), created.schemeId]).toEqual([SCRIPT_HEX, PAYLOADS.OP_DEFI_TX_CREATE_VAULT.schemeId]);
    const deposited = deposit as DepositToVault;
    expect([deposited.vaultId, hexOf(deposited.from), ...amountsOf([deposited.tokenAmount])]).toEqual([vaultId, SCRIPT_HEX, [0, '1000.00000000']]);
    const taken = take as TakeLoan;
    expect([taken.vaultId, hexOf(taken.to), amountsOf(taken.tokenAmounts)]).toEqual([vaultId, SCRIPT_HEX, [[15, '400.00000000']]]);
    // What Ocean reported a block after the loan, and 0.001 DUSD more.
    const owed = new BigNumber('400').plus(interestOfOneBlock(new BigNumber('400')));
    expect(logged[1]).toBe(`${owed.toFixed(8)}@DUSD`);
    const paid = payback as PaybackLoan;
    expect([paid.vaultId, hexOf(paid.from), amountsOf(paid.tokenAmounts)]).toEqual([vaultId, SCRIPT_HEX, [[15, owed.plus('0.001').toFixed(8)]]]);
    // 800 USD of DFI against 400 DUSD: 200 %, above MIN150; the DFI is more than half of the 600 USD the scheme asks.
    expect(
      new BigNumber(1000)
        .times(PRICES['0'] ?? 0)
        .div(400)
        .times(100)
        .toFixed(),
    ).toBe('200');
  });

  it('liquidity.ts adds 0.03 BTC and the DFI of the reserves’ ratio to BTC-DFI, then removes every share the wallet holds', async () => {
    const chain = new StandInChain();
    ocean.setRoutes([
      ...chain.routes(),
      { method: 'GET', path: '/v0/mainnet/poolpairs/5', reply: { data: POOL } },
      { method: 'GET', path: `/v0/mainnet/address/${ADDRESS}/tokens`, reply: () => tokensOf(chain) },
    ]);
    ocean.requests.length = 0;
    const { logged } = await run(code.get('liquidity.ts') ?? '', ocean);
    expect(ocean.unmatched()).toEqual([]);
    expect(logged).toEqual(commented(code.get('liquidity.ts') ?? ''));
    expect(chain.sent.map((sent) => message(sent.tx).name)).toEqual(['OP_DEFI_TX_POOL_ADD_LIQUIDITY', 'OP_DEFI_TX_POOL_REMOVE_LIQUIDITY']);
    checkSteps(chain, ['0.00000000', '0.00000000']);

    // The tokens and the ratio of the builder sample's addition (0.1 BTC and 4,625 DFI), scaled to 0.03 BTC.
    const sample = PAYLOADS.OP_DEFI_TX_POOL_ADD_LIQUIDITY.from[0]?.balances ?? [];
    const ratio = (sample[1]?.amount ?? new BigNumber(0)).div(sample[0]?.amount ?? 1);
    const btc = new BigNumber('0.03');
    const [addition, removal] = chain.sent.map((sent): unknown => message(sent.tx).data);
    const added = addition as PoolAddLiquidity;
    expect(added.from.map((from) => [hexOf(from.script), amountsOf(from.balances)])).toEqual([
      [
        SCRIPT_HEX,
        [
          [sample[0]?.token, btc.toFixed(8)],
          [sample[1]?.token, btc.times(ratio).toFixed(8)],
        ],
      ],
    ]);
    expect(hexOf(added.shareAddress)).toBe(SCRIPT_HEX);
    const shares = mintedShares(btc, btc.times(ratio));
    expect(logged[0]).toBe(`${btc.times(ratio).toFixed(8)} ${shares.toFixed(8)}`);

    const removed = removal as PoolRemoveLiquidity;
    const held = new BigNumber('36.15024417').plus(shares);
    expect([hexOf(removed.script), removed.tokenId, removed.amount.toFixed(8)]).toEqual([SCRIPT_HEX, 5, held.toFixed(8)]);
    expect(logged[1]).toBe(held.toFixed(8));
  });
});

describe('the review recipe', () => {
  const code = blocks().get('review.ts') ?? '';
  /** The coin the transaction under review spends: the wallet's 120 DFI of the data set. */
  const coin = UNSPENT[0]?.vout ?? { txid: '', n: 0, value: '0' };
  let ocean: StandInOcean;
  beforeAll(async () => {
    ocean = await startStandInOcean();
  });
  afterAll(async () => {
    await ocean.close();
  });

  function reviewRoutes(test: OceanReply = { data: undefined }): OceanRoute[] {
    return [
      {
        method: 'GET',
        path: `/v0/mainnet/transactions/${coin.txid}/vouts`,
        reply: {
          data: [
            { id: `${coin.txid}00000000`, txid: coin.txid, n: coin.n, value: coin.value, tokenId: 0, script: { type: 'witness_v0_keyhash', hex: SCRIPT_HEX } },
          ],
        },
      },
      { method: 'GET', path: '/v0/mainnet/fee/estimate', reply: { data: Number(FEE_RATE) } },
      { method: 'POST', path: '/v0/mainnet/rawtx/test', reply: test },
      { method: 'POST', path: '/v0/mainnet/rawtx/send', reply: (request) => ({ data: txidOf(decodeTransaction((request.body as { hex: string }).hex)) }) },
    ];
  }

  /** An unsigned transaction (no witness) read with the SDK's codec. */
  function readUnsigned(hex: string): Transaction {
    const tx = new CTransaction(SmartBuffer.fromBuffer(Buffer.from(hex, 'hex')));
    return { version: tx.version, vin: tx.vin, vout: tx.vout, lockTime: tx.lockTime };
  }

  /** The page's unsigned hex, read by running the block's declarations only. */
  async function pageUnsigned(): Promise<string> {
    const declarations = code.slice(0, code.indexOf('const tx ='));
    return (await runSnippet(declarations, {}, readerProject())).values.unsigned as string;
  }

  /** The block with another unsigned transaction in place of the page's. */
  function withUnsigned(hex: string): string {
    return code.replace(/const unsigned =[\s\S]*?;\n/, `const unsigned = '${hex}';\n`);
  }

  it('reviews a transaction the builder composes for the swap asked for: the builder sample’s pool swap, from the wallet’s 120 DFI', async () => {
    // Composed again here by the builder, with the WIF's account and Ocean listing that one coin; the page shows it without the witness.
    ocean.setRoutes([
      {
        method: 'GET',
        path: `/v0/mainnet/address/${ADDRESS}/transactions/unspent`,
        reply: { data: UNSPENT.slice(0, 1) },
      },
      { method: 'GET', path: '/v0/mainnet/fee/estimate', reply: { data: Number(FEE_RATE) } },
    ]);
    const client = new WhaleApiClient({ url: ocean.url, network: 'mainnet', version: 'v0' });
    const account = new WhaleWalletAccount(client, new WalletClassic(WIF.asEllipticPair(WIF_KEY)), MainNet);
    const script = await account.getScript();
    const swap = { ...PAYLOADS.OP_DEFI_TX_POOL_SWAP, fromScript: script, toScript: script };
    const signed = await account.withTransactionBuilder().dex.poolSwap(swap, script);
    expect(await pageUnsigned()).toBe(new CTransaction(withoutWitness(signed)).toHex());
  });

  it('prints the inputs, the outputs, the message field by field and the fee, then signs, tests and sends', async () => {
    ocean.setRoutes(reviewRoutes());
    ocean.requests.length = 0;
    const { logged } = await run(code, ocean);
    expect(ocean.unmatched()).toEqual([]);
    expect(logged).toEqual(outputBlock());
    const posted = ocean.requests.filter((request) => request.method === 'POST');
    expect(posted.map((request) => request.path)).toEqual(['/v0/mainnet/rawtx/test', '/v0/mainnet/rawtx/send']);
    const hex = (posted[1]?.body as { hex: string }).hex;
    expect((posted[0]?.body as { hex: string }).hex).toBe(hex);
    // What was sent is the transaction reviewed, with the WIF's signature over the 120 DFI it spends.
    expect(new CTransaction(withoutWitness(decodeTransaction(hex))).toHex()).toBe(await pageUnsigned());
    expect(signatureProblems(hex, [new BigNumber(coin.value)])).toEqual([]);
    expect(logged.at(-1)).toBe(`signed  ${txidOf(decodeTransaction(hex))}`);
    const tx = decodeTransaction(hex);
    const swap = message(tx).data as PoolSwap;
    expect([swap.fromTokenId, swap.fromAmount.toFixed(8), swap.toTokenId, swap.maxPrice.toFixed(8)]).toEqual([
      PAYLOADS.OP_DEFI_TX_POOL_SWAP.fromTokenId,
      PAYLOADS.OP_DEFI_TX_POOL_SWAP.fromAmount.toFixed(8),
      PAYLOADS.OP_DEFI_TX_POOL_SWAP.toTokenId,
      PAYLOADS.OP_DEFI_TX_POOL_SWAP.maxPrice.toFixed(8),
    ]);
    const facts = feeFacts(tx, new BigNumber(coin.value));
    expect(logged).toContain(`fee     ${facts.fee.toFixed(8)} (Ocean's rate asks ${facts.expected.toFixed(8)})`);
  });

  it('refuses to sign a swap whose tokens go to another address, and asks the node nothing', async () => {
    const unsigned = readUnsigned(await pageUnsigned());
    const [envelope, change] = unsigned.vout;
    if (envelope === undefined || change === undefined) throw new Error('two outputs');
    // The builder sample's swap pays the test mnemonic's account 0, not this wallet: as the swap's toScript here.
    const swap = { ...(message(unsigned).data as PoolSwap), toScript: PAYLOADS.OP_DEFI_TX_POOL_SWAP.toScript };
    const tampered = new CTransaction({
      ...unsigned,
      vout: [{ ...envelope, script: { stack: [OP_CODES.OP_RETURN, OP_CODES.OP_DEFI_TX_POOL_SWAP(swap)] } }, change],
    }).toHex();
    ocean.setRoutes(reviewRoutes());
    ocean.requests.length = 0;
    await expect(run(withUnsigned(tampered), ocean)).rejects.toThrow('not signing: the swap names an address that is not ours');
    expect(ocean.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('refuses a fee more than twice the quoted one, and sends nothing the node would not accept', async () => {
    const unsigned = readUnsigned(await pageUnsigned());
    const [envelope, change] = unsigned.vout;
    if (envelope === undefined || change === undefined) throw new Error('two outputs');
    const greedy = new CTransaction({ ...unsigned, vout: [envelope, { ...change, value: change.value.minus('0.001') }] }).toHex();
    ocean.setRoutes(reviewRoutes());
    await expect(run(withUnsigned(greedy), ocean)).rejects.toThrow(/not signing: a fee of 0\.001\d+ is more than twice the quoted one/);

    ocean.setRoutes(reviewRoutes({ status: 400, error: { type: 'BadRequest', message: 'Transaction is not allowed to be inserted' } }));
    ocean.requests.length = 0;
    await expect(run(code, ocean)).rejects.toThrow('Transaction is not allowed to be inserted');
    expect(ocean.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/v0/mainnet/rawtx/test']);
  });
});
