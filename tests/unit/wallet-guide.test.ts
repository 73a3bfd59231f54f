// The wallet guide (docs/ecosystem/wallets.mdx) runs as printed. Each TypeScript block is executed with the project's
// node_modules (only the Ocean host is swapped for a stand-in on loopback); what it logs is held against the page's
// output block and `// …` comments; the address is re-derived here from the test mnemonic without the wallet classes;
// every transaction the blocks broadcast is decoded from the hex the stand-in recorded, its signatures are checked
// against the derived public key over an independently computed BIP143 hash, and its outputs (amount, change, fee,
// DfTx envelope) are checked against the stand-in's UTXOs and balances.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import util from 'node:util';
import BigNumber from 'bignumber.js';
import * as bip32 from 'bip32';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Bech32, DERSignature, Elliptic, HASH160, dSHA256 } from '@defichain/jellyfish-crypto';
import { MainNet, TestNet } from '@defichain/jellyfish-network';
import {
  CDfTx,
  CTransaction,
  CTransactionSegWit,
  OP_CODES,
  SIGHASH,
  fromOPCodes,
  type AccountToAccount,
  type OP_DEFI_TX,
  type PoolSwap,
  type Script,
  type TransactionSegWit,
  type Vout,
} from '@defichain/jellyfish-transaction';
import { P2WPKHTransactionBuilder, calculateFeeP2WPKH, type Prevout } from '@defichain/jellyfish-transaction-builder';
import { TxnBuilderError, TxnBuilderErrorType } from '@defichain/jellyfish-transaction-builder/dist/txn/txn_builder_error';
import { TransactionSigner } from '@defichain/jellyfish-transaction-signature';
import { EncryptedHdNodeProvider, PrivateKeyEncryption, Scrypt } from '@defichain/jellyfish-wallet-encrypted';
import { MnemonicHdNodeProvider, mnemonicToSeed } from '@defichain/jellyfish-wallet-mnemonic';
import { WhaleApiClient } from '@defichain/whale-api-client';
import { projectForPage, removeReaderProject, type ReaderProject } from '../support/reader-project';
import { runSnippet } from '../support/run-snippet';
import { bip143Hash, decodeTransaction, withoutWitness } from '../support/signing';
import { startStandInOcean, type OceanRequest, type OceanRoute, type StandInOcean } from '../support/stand-in-ocean';
import { extractBlocksOfLanguage, extractCodeBlocks, parseMeta } from './code-blocks-checker';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = 'docs/ecosystem/wallets.mdx';
const OCEAN_HOST = 'https://testnet.ocean.jellyfishsdk.com';

// What the page must print: the test vector's first two accounts, derived once by hand below as well.
const TEST_WORDS = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'.split(' ');
const ACCOUNT_0 = 'tf1qm8rmljwy9wkhajfunl3x9jchvvf8p9uj3kytwz';
const ACCOUNT_1 = 'tf1qwhg060ncdsm2a4vz0p8thxk8mg05nu0z3zy337';
const ACCOUNT_0_MAINNET = 'df1qm8rmljwy9wkhajfunl3x9jchvvf8p9ujzx7cwx';
const ACCOUNT_1_MAINNET = 'df1qwhg060ncdsm2a4vz0p8thxk8mg05nu0zzj7z36';
const FEE_RATE = 0.00005;

// tiny-secp256k1 ships no types; only its public-key verification is used here.
const projectRequire = createRequire(path.join(ROOT, 'package.json'));
const secp256k1 = projectRequire('tiny-secp256k1') as { verify: (hash: Buffer, publicKey: Buffer, signature: Buffer) => boolean };

// ---------------------------------------------------------------------------------------------------------------
// Reading the page

interface PageBlock {
  title: string;
  code: string;
}

function readPage(): string {
  return fs.readFileSync(path.join(ROOT, PAGE), 'utf8');
}

function pageBlocks(mdx: string): Map<string, PageBlock> {
  const blocks = new Map<string, PageBlock>();
  for (const block of extractCodeBlocks(mdx, PAGE)) {
    const title = parseMeta(block.meta).get('title') ?? `line ${block.line}`;
    blocks.set(title, { title, code: block.code });
  }
  return blocks;
}

function block(mdx: string, title: string): string {
  const found = pageBlocks(mdx).get(title);
  if (found === undefined) throw new Error(`${PAGE} has no block titled ${title}`);
  return found.code;
}

/** The lines of the `text title="Output"` block that follows derive.ts. */
function printedOutput(mdx: string): string[] {
  const output = extractBlocksOfLanguage(mdx, PAGE, 'text').find((candidate) => parseMeta(candidate.meta).get('title') === 'Output');
  if (output === undefined) throw new Error(`${PAGE} has no Output block`);
  return output.code.split('\n').filter((line) => line.trim() !== '');
}

/** `console.log(...); // shown` lines of a block, in source order: the comment, or undefined when there is none. */
function loggedComments(code: string): (string | undefined)[] {
  return code
    .split('\n')
    .filter((line) => /^\s*console\.log\(/.test(line))
    .map((line) => /\);\s*\/\/\s*(.+)$/.exec(line)?.[1]?.trim());
}

/** The reader's project of this page (its install line alone, "type": "module"), made on first use. */
let project: ReaderProject | undefined;
afterAll(() => {
  if (project !== undefined) removeReaderProject(project);
});

/**
 * Runs a block as the page shows it, as an ES module of the page's reader's project, with Ocean's host swapped when
 * given, and records what it logs.
 */
async function runBlock(code: string, ocean?: StandInOcean): Promise<{ values: Record<string, unknown>; logged: string[] }> {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(util.format(...args));
  });
  try {
    project ??= projectForPage(PAGE);
    const { values } = await runSnippet(code, ocean === undefined ? {} : { [OCEAN_HOST]: ocean.url }, project);
    return { values, logged };
  } finally {
    spy.mockRestore();
  }
}

/** Every `// …` comment after a console.log must be what that call printed. */
function commentProblems(code: string, logged: string[]): string[] {
  const comments = loggedComments(code);
  if (comments.length !== logged.length) return [`the block has ${comments.length} console.log lines but printed ${logged.length} times`];
  return comments.flatMap((comment, index) =>
    comment === undefined || comment === logged[index] ? [] : [`console.log #${index + 1} prints "${logged[index]}" but the page says "${comment}"`],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Keys, derived here without JellyfishWallet or the account classes

interface Key {
  privateKey: Buffer;
  publicKey: Buffer;
  script: Script;
  scriptHex: string;
}

/** The package's derivation redone from its parts: BIP39 seed, HMAC keyed with the package name, path 1129/0/0/n. */
function deriveByHand(account: number): Key {
  const seed = mnemonicToSeed(TEST_WORDS);
  const digest = crypto.createHmac('sha512', Buffer.from('@defichain/jellyfish-wallet-mnemonic', 'utf8')).update(seed).digest();
  const root = bip32.fromPrivateKey(digest.subarray(0, 32), digest.subarray(32));
  const node = root.derivePath(`1129/0/0/${account}`);
  if (node.privateKey === undefined) throw new Error('no private key');
  const hash = HASH160(node.publicKey);
  const script: Script = { stack: [OP_CODES.OP_0, OP_CODES.OP_PUSHDATA(hash, 'little')] };
  return { privateKey: node.privateKey, publicKey: node.publicKey, script, scriptHex: `0014${hash.toString('hex')}` };
}

const KEY_0 = deriveByHand(0);
const KEY_1 = deriveByHand(1);

function scriptHex(script: Script): string {
  return fromOPCodes(script.stack).toString('hex');
}

// ---------------------------------------------------------------------------------------------------------------
// Transactions: ids, BIP143 hashes, signatures

function txid(tx: TransactionSegWit): string {
  return Buffer.from(dSHA256(Buffer.from(new CTransaction(withoutWitness(tx)).toHex(), 'hex')))
    .reverse()
    .toString('hex');
}

/** The hash TransactionSigner computes for an input, caught from the `sign` callback it calls. */
async function signerHash(tx: TransactionSegWit, index: number, key: Key, value: BigNumber): Promise<Buffer> {
  let caught: Buffer | undefined;
  const prevout: Vout = { value, script: key.script, tokenId: 0 };
  await TransactionSigner.signInput(withoutWitness(tx), index, {
    prevout,
    publicKey: async () => key.publicKey,
    sign: async (hash) => {
      caught = hash;
      return Buffer.alloc(70);
    },
  });
  if (caught === undefined) throw new Error('the signer did not ask for a signature');
  return caught;
}

interface Utxo {
  txid: string;
  n: number;
  value: string;
}

/** Checks the inputs and every signature; returns the fee (inputs − outputs). */
async function checkSignedInputs(tx: TransactionSegWit, utxos: readonly Utxo[], key: Key): Promise<BigNumber> {
  expect(tx.version).toBe(4);
  expect(tx.marker).toBe(0);
  expect(tx.flag).toBe(1);
  expect(tx.lockTime).toBe(0);
  expect(tx.vin.map((input) => [input.txid, input.index, input.sequence, input.script.stack.length])).toEqual(
    utxos.map((utxo) => [utxo.txid, utxo.n, 0xffffffff, 0]),
  );
  expect(tx.witness).toHaveLength(utxos.length);

  for (const [index, utxo] of utxos.entries()) {
    const witness = tx.witness[index];
    const [signatureItem, publicKeyItem] = witness?.scripts ?? [];
    expect(witness?.scripts).toHaveLength(2);
    // The witness carries the derived public key and a DER signature ending in SIGHASH_ALL.
    expect(publicKeyItem?.hex).toBe(key.publicKey.toString('hex'));
    const signed = Buffer.from(signatureItem?.hex ?? '', 'hex');
    expect(signed.at(-1)).toBe(SIGHASH.ALL);
    const der = signed.subarray(0, -1);

    const value = new BigNumber(utxo.value);
    const hash = bip143Hash(tx, index, key.publicKey, value);
    expect(hash.toString('hex')).toBe((await signerHash(tx, index, key, value)).toString('hex'));
    // Public key only (no private key involved), then jellyfish-crypto's own pair.
    expect(secp256k1.verify(hash, key.publicKey, DERSignature.decode(der))).toBe(true);
    expect(await Elliptic.fromPrivKey(key.privateKey).verify(hash, der)).toBe(true);
    // The signature commits to the amount spent: the same signature does not verify for another value.
    const other = bip143Hash(tx, index, key.publicKey, value.plus('0.00000001'));
    expect(secp256k1.verify(other, key.publicKey, DERSignature.decode(der))).toBe(false);
  }

  const inputs = utxos.reduce((sum, utxo) => sum.plus(utxo.value), new BigNumber(0));
  const outputs = tx.vout.reduce((sum, output) => sum.plus(output.value), new BigNumber(0));
  const fee = inputs.minus(outputs);
  // The builder's fee: the quoted rate over the size it estimated before signing; never below the real size.
  expect(fee.toFixed(8)).toBe(calculateFeeP2WPKH(new BigNumber(FEE_RATE), withoutWitness(tx)).toFixed(8));
  const weight = Buffer.from(new CTransaction(withoutWitness(tx)).toHex(), 'hex').length * 3 + Buffer.from(new CTransactionSegWit(tx).toHex(), 'hex').length;
  expect(fee.gte(new BigNumber(FEE_RATE).times(Math.ceil(weight / 4)).div(1000))).toBe(true);
  return fee;
}

function dftxOf(output: Vout | undefined): OP_DEFI_TX {
  expect(output?.value.toFixed(8)).toBe('0.00000000');
  const stack = output?.script.stack ?? [];
  expect(stack.map((op) => op.type)).toEqual(['OP_RETURN', 'OP_DEFI_TX']);
  return stack[1] as OP_DEFI_TX;
}

// ---------------------------------------------------------------------------------------------------------------
// The stand-in Ocean's data: two UTXOs and two token balances on account 0, one BTC-DFI pool

const UTXOS: readonly Utxo[] = [
  { txid: dSHA256(Buffer.from('wallet guide utxo a')).toString('hex'), n: 1, value: '2.00000000' },
  { txid: dSHA256(Buffer.from('wallet guide utxo b')).toString('hex'), n: 0, value: '0.75000000' },
];
const UTXO_TOTAL = new BigNumber('2.75');
const BTC_ID = '1';

function unspentItem(utxo: Utxo, height: number): unknown {
  const index = utxo.n.toString(16).padStart(8, '0');
  return {
    id: `${utxo.txid}${index}`,
    hid: crypto.createHash('sha256').update(KEY_0.scriptHex).digest('hex'),
    sort: `${height.toString(16).padStart(8, '0')}${utxo.txid}${index}`,
    block: { hash: dSHA256(Buffer.from(`block ${height}`)).toString('hex'), height, time: 1_700_000_000, medianTime: 1_700_000_000 },
    script: { type: 'witness_v0_keyhash', hex: KEY_0.scriptHex },
    vout: { txid: utxo.txid, n: utxo.n, value: utxo.value, tokenId: 0 },
  };
}

function token(id: string, symbol: string, amount: string): unknown {
  return {
    id,
    amount,
    symbol,
    displaySymbol: id === '0' ? 'DFI' : `d${symbol}`,
    symbolKey: symbol,
    name: symbol,
    isDAT: true,
    isLPS: false,
    isLoanToken: false,
  };
}

const POOL = {
  id: '5',
  symbol: 'BTC-DFI',
  displaySymbol: 'dBTC-DFI',
  name: 'Bitcoin-Default Defi token',
  status: true,
  tokenA: { id: BTC_ID, name: 'Bitcoin', symbol: 'BTC', displaySymbol: 'dBTC', reserve: '20.00000000', blockCommission: '0.00000000' },
  tokenB: { id: '0', name: 'Default Defi token', symbol: 'DFI', displaySymbol: 'DFI', reserve: '500000.00000000', blockCommission: '0.00000000' },
  priceRatio: { ab: '0.00004000', ba: '25000.00000000' },
  commission: '0.00200000',
  totalLiquidity: { token: '3162.27766016' },
  tradeEnabled: true,
  ownerAddress: 'tf1qdkqszefxm5kqa8cwh6fnps25ymmhl8q9cjpmts',
  rewardPct: '0.10000000',
  rewardLoanPct: '0.00000000',
  creation: { tx: dSHA256(Buffer.from('pool creation')).toString('hex'), height: 1 },
};
const OTHER_POOL = { ...POOL, id: '4', symbol: 'ETH-DFI', displaySymbol: 'dETH-DFI', tokenA: { ...POOL.tokenA, id: '2', symbol: 'ETH', name: 'Ether' } };

function oceanRoutes(active: ReadonlySet<string> = new Set()): OceanRoute[] {
  return [
    {
      method: 'GET',
      path: '/v0/testnet/address/:address/transactions/unspent',
      reply: (request) => ({ data: request.params.address === ACCOUNT_0 ? UTXOS.map((utxo, i) => unspentItem(utxo, 1000 + i)) : [] }),
    },
    { method: 'GET', path: '/v0/testnet/fee/estimate', reply: { data: FEE_RATE } },
    {
      method: 'GET',
      path: '/v0/testnet/address/:address/tokens',
      reply: (request) => ({ data: request.params.address === ACCOUNT_0 ? [token('0', 'DFI', '25.00000000'), token(BTC_ID, 'BTC', '0.00120000')] : [] }),
    },
    {
      method: 'GET',
      path: '/v0/testnet/address/:address/aggregation',
      // Ocean answers `{}` (data left out) for an address it has never seen.
      reply: (request) => ({ data: active.has(request.params.address ?? '') ? { id: 'aggregate', hid: 'h', statistic: { txCount: 3 } } : undefined }),
    },
    { method: 'GET', path: '/v0/testnet/poolpairs', reply: { data: [OTHER_POOL, POOL] } },
    {
      method: 'POST',
      path: '/v0/testnet/rawtx/send',
      reply: (request) => {
        const hex = (request.body as { hex?: unknown } | undefined)?.hex;
        if (typeof hex !== 'string') return { status: 422, error: { type: 'ValidationError', message: 'hex missing' } };
        try {
          return { data: txid(decodeTransaction(hex)) };
        } catch {
          return { status: 400, error: { type: 'BadRequest', message: 'Transaction decode failed' } };
        }
      },
    },
  ];
}

function broadcastHex(ocean: StandInOcean): string {
  const sends = ocean.requests.filter((request) => request.method === 'POST' && request.path === '/v0/testnet/rawtx/send');
  expect(sends).toHaveLength(1);
  const body = sends[0]?.body as { hex: string };
  expect(Object.keys(body)).toEqual(['hex']);
  return body.hex;
}

function calls(ocean: StandInOcean): string[] {
  return ocean.requests.map(
    (request: OceanRequest) =>
      `${request.method} ${request.path}${Object.keys(request.query).length > 0 ? '?' + new URLSearchParams(request.query).toString() : ''}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** Runs derive.ts and compares what it prints with the page's Output block and with the hand-derived address. */
async function deriveProblems(mdx: string, ocean: StandInOcean): Promise<string[]> {
  const code = block(mdx, 'derive.ts');
  const { values, logged } = await runBlock(code, ocean);
  const problems: string[] = [];
  const printed = printedOutput(mdx);
  if (printed.join('\n') !== logged.join('\n')) problems.push(`the page prints\n${printed.join('\n')}\nbut derive.ts prints\n${logged.join('\n')}`);
  const first = values.first as { path: string; address: string };
  const byHand = Bech32.fromPubKey(KEY_0.publicKey, 'tf');
  if (first.address !== byHand) problems.push(`derive.ts derives ${first.address}, the mnemonic gives ${byHand}`);
  if (!printed.some((line) => line.endsWith(` ${byHand}`))) problems.push(`the page does not print ${byHand}, the address of account 0`);
  return problems;
}

describe('the wallet guide runs as printed', () => {
  const mdx = readPage();
  let ocean: StandInOcean;

  beforeAll(async () => {
    ocean = await startStandInOcean();
  });
  afterAll(async () => {
    await ocean.close();
  });
  afterEach(() => {
    ocean.requests.length = 0;
  });

  it('has the blocks this test runs, and each names only the Ocean host it swaps', () => {
    const titles = [...pageBlocks(mdx).keys()];
    expect(titles).toEqual(['derive.ts', 'discover.ts', 'addresses.ts', 'encrypted.ts', 'send.ts', 'transfer.ts', 'swap.ts', 'errors.ts']);
    const hosts = [...pageBlocks(mdx).values()].flatMap(({ code }) => code.match(/https?:\/\/[^'"\s/]+/g) ?? []);
    expect(new Set(hosts)).toEqual(new Set([OCEAN_HOST]));
  });

  it('derives, from the documented test mnemonic, the address the page prints', async () => {
    expect(Bech32.fromPubKey(KEY_0.publicKey, TestNet.bech32.hrp)).toBe(ACCOUNT_0);
    expect(Bech32.fromPubKey(KEY_1.publicKey, TestNet.bech32.hrp)).toBe(ACCOUNT_1);
    expect(printedOutput(mdx)).toEqual([`1129/0/0/0 ${ACCOUNT_0}`, `1129/0/0/1 ${ACCOUNT_1}`]);
    ocean.setRoutes([]);
    expect(await deriveProblems(mdx, ocean)).toEqual([]);
    // derive.ts asks Ocean for nothing: with its host pointed at the stand-in, no request arrived.
    expect(ocean.requests).toEqual([]);
  });

  it('goes red when the page prints a wrong address', async () => {
    const wrong = mdx.replace(`1129/0/0/0 ${ACCOUNT_0}`, `1129/0/0/0 ${ACCOUNT_0.slice(0, -1)}q`);
    expect(wrong).not.toBe(mdx);
    const problems = await deriveProblems(wrong, ocean);
    expect(problems.join('\n')).toContain(`but derive.ts prints\n1129/0/0/0 ${ACCOUNT_0}`);
    expect(problems.join('\n')).toContain(`the page does not print ${ACCOUNT_0}`);
  });

  it('states the mainnet addresses of the same keys correctly', () => {
    expect(Bech32.fromPubKey(KEY_0.publicKey, MainNet.bech32.hrp)).toBe(ACCOUNT_0_MAINNET);
    expect(Bech32.fromPubKey(KEY_1.publicKey, MainNet.bech32.hrp)).toBe(ACCOUNT_1_MAINNET);
    expect([...mdx.matchAll(/\bdf1q[02-9ac-hj-np-z]+/g)].map((match) => match[0])).toEqual([ACCOUNT_0_MAINNET, ACCOUNT_1_MAINNET]);
  });

  it('discover.ts walks the accounts until the first without history', async () => {
    ocean.setRoutes(oceanRoutes(new Set([ACCOUNT_0, ACCOUNT_1])));
    const { values } = await runBlock(block(mdx, 'discover.ts'), ocean);
    expect(values.addresses).toEqual([ACCOUNT_0, ACCOUNT_1]);
    expect(calls(ocean)).toEqual(
      [0, 1, 2].map((n) => `GET /v0/testnet/address/${[ACCOUNT_0, ACCOUNT_1, Bech32.fromPubKey(deriveByHand(2).publicKey, 'tf')][n]}/aggregation`),
    );
    expect(ocean.unmatched()).toEqual([]);
  });

  it('discover.ts returns an empty list for a wallet whose account 0 has no history, as the page warns', async () => {
    ocean.setRoutes(oceanRoutes(new Set([ACCOUNT_1])));
    const { values } = await runBlock(block(mdx, 'discover.ts'), ocean);
    expect(values.addresses).toEqual([]);
    expect(calls(ocean)).toEqual([`GET /v0/testnet/address/${ACCOUNT_0}/aggregation`]);
  });

  it('addresses.ts: valid, wrong network, mistyped, and a script read back', async () => {
    const code = block(mdx, 'addresses.ts');
    const { values, logged } = await runBlock(code);
    expect(commentProblems(code, logged)).toEqual([]);
    expect((values.decoded as { type: string }).type).toBe('P2WPKH');
    expect(values.wrongNetwork).toBeUndefined();
    expect(values.mistyped).toBeUndefined();
    expect((values.fromOcean as { address: string }).address).toBe(ACCOUNT_0);
    expect(code).toContain(`'${KEY_0.scriptHex}'`);
  });

  it('encrypted.ts: same address without the passphrase, one prompt per signature, the wrong passphrase refused', async () => {
    ocean.setRoutes([]);
    const code = block(mdx, 'encrypted.ts');
    const { values, logged } = await runBlock(code, ocean);
    // Opening the wallet, deriving the address and signing happen without a single request.
    expect(ocean.requests).toEqual([]);
    expect(commentProblems(code, logged)).toEqual([]);
    expect(values.address).toBe(ACCOUNT_0);
    expect(values.promptsForAddress).toBe(0);
    expect(values.promptsForSignature).toBe(1);
    expect(values.wrongPassphraseOpens).toBe(false);
    // What is stored: the root public key and chain code in the clear, and an encrypted blob that is not the key.
    const stored = values.stored as { pubKey: string; chainCode: string; encryptedPrivKey: string };
    const data = MnemonicHdNodeProvider.wordsToData(TEST_WORDS, {
      bip32: { public: TestNet.bip32.publicPrefix, private: TestNet.bip32.privatePrefix },
      wif: TestNet.wifPrefix,
    });
    expect(stored.chainCode).toBe(data.chainCode);
    expect(stored.pubKey).toBe((await Elliptic.fromPrivKey(Buffer.from(data.privKey, 'hex')).publicKey()).toString('hex'));
    expect(stored.encryptedPrivKey).not.toContain(data.privKey);
    expect(Object.values(stored).join(' ')).not.toContain('abandon');
  });

  it('encrypted.ts refuses a mistyped recovery phrase, which wordsToEncryptedData alone turns into another wallet', async () => {
    const code = block(mdx, 'encrypted.ts');
    // The last two words swapped: every word is in the list, the checksum fails.
    const mistyped = code.replace("abandon abandon about'.split(' ')", "abandon about abandon'.split(' ')");
    expect(mistyped).not.toBe(code);
    await expect(runBlock(mistyped, ocean)).rejects.toThrow('Not a valid recovery phrase');
    const words = [...TEST_WORDS.slice(0, -2), 'about', 'abandon'];
    const options = { bip32: { public: TestNet.bip32.publicPrefix, private: TestNet.bip32.privatePrefix }, wif: TestNet.wifPrefix };
    const stored = await EncryptedHdNodeProvider.wordsToEncryptedData(words, options, new PrivateKeyEncryption(new Scrypt()), 'a long passphrase');
    expect(stored.chainCode).not.toBe(MnemonicHdNodeProvider.wordsToData(TEST_WORDS, options).chainCode);
  });

  it('gives each TxnBuilderErrorType its number, as error.type carries it', () => {
    const section = mdx.slice(mdx.indexOf('| `type` | Value | Cause |'));
    const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| (\d+) \|/gm)].map((match) => [match[1] ?? '', Number(match[2])] as const);
    expect(rows.length).toBe(5);
    for (const [name, value] of rows) expect(TxnBuilderErrorType[name as keyof typeof TxnBuilderErrorType], name).toBe(value);
    expect(new TxnBuilderError(TxnBuilderErrorType.NO_PREVOUTS, 'none').type).toBe(0);
  });

  it('errors.ts catches the TxnBuilderError of an account without coins, imported as the page says, and names its type', async () => {
    ocean.setRoutes(oceanRoutes());
    const code = block(mdx, 'errors.ts');
    const { logged } = await runBlock(code, ocean);
    expect(commentProblems(code, logged)).toEqual([]);
    expect(logged).toEqual(['NO_PREVOUTS true']);
    expect(calls(ocean)).toEqual([`GET /v0/testnet/address/${ACCOUNT_1}/transactions/unspent?size=200`]);
  });

  it('states the causes of the error types as the builder checks them: the fee rate, and the coins a DeFi transaction needs', async () => {
    const pair = Elliptic.fromPrivKey(KEY_0.privateKey);
    const coin = (value: string): Prevout => ({ txid: UTXOS[0]?.txid ?? '', vout: 0, value: new BigNumber(value), script: KEY_0.script, tokenId: 0 });
    const builder = (rate: BigNumber, coins: Prevout[], network = TestNet): P2WPKHTransactionBuilder =>
      new P2WPKHTransactionBuilder({ estimate: async () => rate }, { all: async () => coins, collect: async () => coins }, { get: () => pair }, network);
    const typeOf = async (promise: Promise<unknown>): Promise<string> =>
      await promise.then(
        () => 'built',
        (error: unknown) => (error instanceof TxnBuilderError ? TxnBuilderErrorType[error.type] : String(error)),
      );
    const send = async (rate: BigNumber, coins: Prevout[]): Promise<string> =>
      await typeOf(builder(rate, coins).utxo.send(new BigNumber(1), KEY_1.script, KEY_0.script));
    const rates = [NaN, -Infinity, Infinity, 0.001, 0.00099999].map((rate) => new BigNumber(rate));
    expect(await Promise.all(rates.map(async (rate) => await send(rate, [coin('2')])))).toEqual([
      'INVALID_FEE_RATE',
      'INVALID_FEE_RATE',
      'OVER_MAX_FEE_RATE',
      'OVER_MAX_FEE_RATE',
      'built',
    ]);
    const rate = new BigNumber(FEE_RATE);
    expect([await send(rate, [coin('1.0009')]), await send(rate, [coin('1.001')])]).toEqual(['MIN_BALANCE_NOT_ENOUGH', 'built']);
    // A DeFi transaction: output 0's value plus 0.001 DFI. 5 DFI burnt into the balance, then a vault's 2 DFI on mainnet.
    const toAccount = { to: [{ script: KEY_0.script, balances: [{ token: 0, amount: new BigNumber(5) }] }] };
    const burn = async (value: string): Promise<string> => await typeOf(builder(rate, [coin(value)]).account.utxosToAccount(toAccount, KEY_0.script));
    expect([await burn('5.0009'), await burn('5.001')]).toEqual(['MIN_BALANCE_NOT_ENOUGH', 'built']);
    const vault = async (value: string): Promise<string> =>
      await typeOf(builder(rate, [coin(value)], MainNet).vault.createVault({ ownerAddress: KEY_0.script, schemeId: 'MIN150' }, KEY_0.script));
    expect([await vault('2.0009'), await vault('2.001')]).toEqual(['MIN_BALANCE_NOT_ENOUGH', 'built']);
    const section = mdx.slice(mdx.indexOf('| `type` | Value | Cause |'));
    expect(section).toContain("(2.001 DFI for a vault's creation on mainnet)");
    expect(section).toContain('| `INVALID_FEE_RATE` | 3 | the fee rate is `NaN` or `-Infinity`');
  });

  it('names, for after a broadcast, Ocean calls the client has', () => {
    const client = new WhaleApiClient({ url: 'http://127.0.0.1:1', network: 'testnet', version: 'v0' });
    expect([typeof client.transactions.get, typeof client.transactions.getVouts, typeof client.address.listTransaction]).toEqual([
      'function',
      'function',
      'function',
    ]);
    for (const call of ['client.transactions.get(txid)', 'client.transactions.getVouts(txid)', 'client.address.listTransaction(address)'])
      expect(mdx).toContain(`\`${call}\``);
  });

  it('pins bignumber.js in the install line to the major the packages declare', () => {
    const install = /^npm install (.+)$/m.exec(mdx)?.[1]?.split(' ') ?? [];
    expect(install.length).toBeGreaterThan(5);
    // The range every installed @defichain package declares for bignumber.js (^9.0.2 in 4.0.7).
    const declared = new Set<string>();
    const scope = path.join(ROOT, 'node_modules/@defichain');
    for (const name of fs.readdirSync(scope)) {
      const manifest = JSON.parse(fs.readFileSync(path.join(scope, name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      const range = manifest.dependencies?.['bignumber.js'];
      if (range !== undefined) declared.add(range);
    }
    expect([...declared]).toEqual(['^9.0.2']);
    expect(install.filter((spec) => spec.startsWith('bignumber.js'))).toEqual(['bignumber.js@^9']);
  });

  it('send.ts: 1.5 DFI to account 1, the change to account 0, signed by account 0', async () => {
    ocean.setRoutes(oceanRoutes());
    const { values } = await runBlock(block(mdx, 'send.ts'), ocean);
    expect(calls(ocean)).toEqual([
      `GET /v0/testnet/address/${ACCOUNT_0}/transactions/unspent?size=200`,
      'GET /v0/testnet/fee/estimate?confirmationTarget=10',
      'POST /v0/testnet/rawtx/send',
    ]);
    const hex = broadcastHex(ocean);
    const tx = decodeTransaction(hex);
    expect(new CTransactionSegWit(tx).toHex()).toBe(hex);
    expect(values.txid).toBe(txid(tx));

    const fee = await checkSignedInputs(tx, UTXOS, KEY_0);
    expect(tx.vout.map((output) => [output.value.toFixed(8), scriptHex(output.script), output.tokenId])).toEqual([
      ['1.50000000', KEY_1.scriptHex, 0],
      [UTXO_TOTAL.minus('1.5').minus(fee).toFixed(8), KEY_0.scriptHex, 0],
    ]);
    expect(fee.gt(0) && fee.lt('0.0001')).toBe(true);
    expect(ocean.unmatched()).toEqual([]);
  });

  it('transfer.ts: a DfTx account-to-account envelope in output 0, all UTXOs back as change', async () => {
    ocean.setRoutes(oceanRoutes());
    const { values } = await runBlock(block(mdx, 'transfer.ts'), ocean);
    expect(calls(ocean)).toEqual([
      `GET /v0/testnet/address/${ACCOUNT_0}/tokens?size=30`,
      `GET /v0/testnet/address/${ACCOUNT_0}/transactions/unspent?size=200`,
      'GET /v0/testnet/fee/estimate?confirmationTarget=10',
      'POST /v0/testnet/rawtx/send',
    ]);
    const tx = decodeTransaction(broadcastHex(ocean));
    expect(values.txid).toBe(txid(tx));
    const fee = await checkSignedInputs(tx, UTXOS, KEY_0);
    expect(tx.vout).toHaveLength(2);

    // OP_RETURN, one push: "DfTx", 'B', then the message.
    const envelope = scriptHex(tx.vout[0]?.script ?? { stack: [] });
    expect(envelope).toMatch(/^6a(4c[0-9a-f]{2}|[0-9a-f]{2})4466547842/);
    const dftx = dftxOf(tx.vout[0]).tx;
    expect([dftx.signature, dftx.type, dftx.name]).toEqual([CDfTx.SIGNATURE, 0x42, 'OP_DEFI_TX_ACCOUNT_TO_ACCOUNT']);
    const message = dftx.data as AccountToAccount;
    expect(scriptHex(message.from)).toBe(KEY_0.scriptHex);
    expect(message.to.map((to) => [scriptHex(to.script), to.balances.map((balance) => [balance.token, balance.amount.toFixed(8)])])).toEqual([
      [KEY_1.scriptHex, [[Number(BTC_ID), '0.00050000']]],
    ]);

    expect([tx.vout[1]?.value.toFixed(8), scriptHex(tx.vout[1]?.script ?? { stack: [] }), tx.vout[1]?.tokenId]).toEqual([
      UTXO_TOTAL.minus(fee).toFixed(8),
      KEY_0.scriptHex,
      0,
    ]);
    expect(ocean.unmatched()).toEqual([]);
  });

  it('swap.ts: a DfTx pool-swap envelope with the max price the page computes', async () => {
    ocean.setRoutes(oceanRoutes());
    const { values } = await runBlock(block(mdx, 'swap.ts'), ocean);
    expect(calls(ocean)).toEqual([
      'GET /v0/testnet/poolpairs?size=200',
      `GET /v0/testnet/address/${ACCOUNT_0}/transactions/unspent?size=200`,
      'GET /v0/testnet/fee/estimate?confirmationTarget=10',
      'POST /v0/testnet/rawtx/send',
    ]);
    const tx = decodeTransaction(broadcastHex(ocean));
    expect(values.txid).toBe(txid(tx));
    // 500000 DFI / 20 BTC = 25000 DFI per BTC, plus 1 %.
    expect((values.maxPrice as BigNumber).toFixed(8)).toBe('25250.00000000');

    const fee = await checkSignedInputs(tx, UTXOS, KEY_0);
    expect(scriptHex(tx.vout[0]?.script ?? { stack: [] })).toMatch(/^6a(4c[0-9a-f]{2}|[0-9a-f]{2})4466547873/);
    const dftx = dftxOf(tx.vout[0]).tx;
    expect([dftx.signature, dftx.type, dftx.name]).toEqual([CDfTx.SIGNATURE, 0x73, 'OP_DEFI_TX_POOL_SWAP']);
    const swap = dftx.data as PoolSwap;
    expect({
      fromScript: scriptHex(swap.fromScript),
      fromTokenId: swap.fromTokenId,
      fromAmount: swap.fromAmount.toFixed(8),
      toScript: scriptHex(swap.toScript),
      toTokenId: swap.toTokenId,
      maxPrice: swap.maxPrice.toFixed(8),
    }).toEqual({
      fromScript: KEY_0.scriptHex,
      fromTokenId: 0,
      fromAmount: '10.00000000',
      toScript: KEY_0.scriptHex,
      toTokenId: Number(BTC_ID),
      maxPrice: '25250.00000000',
    });
    expect([tx.vout[1]?.value.toFixed(8), scriptHex(tx.vout[1]?.script ?? { stack: [] })]).toEqual([UTXO_TOTAL.minus(fee).toFixed(8), KEY_0.scriptHex]);
    expect(ocean.unmatched()).toEqual([]);
  });

  it('the checks above can fail: a transaction signed for other outputs does not verify', async () => {
    ocean.setRoutes(oceanRoutes());
    await runBlock(block(mdx, 'send.ts'), ocean);
    const tx = decodeTransaction(broadcastHex(ocean));
    const output = tx.vout[0];
    if (output === undefined) throw new Error('no output');
    const redirected: TransactionSegWit = {
      version: tx.version,
      marker: tx.marker,
      flag: tx.flag,
      vin: tx.vin,
      vout: [{ value: output.value, script: KEY_0.script, tokenId: output.tokenId }, ...tx.vout.slice(1)],
      witness: tx.witness,
      lockTime: tx.lockTime,
    };
    const signature = Buffer.from(tx.witness[0]?.scripts[0]?.hex ?? '', 'hex').subarray(0, -1);
    const hash = bip143Hash(redirected, 0, KEY_0.publicKey, new BigNumber(UTXOS[0]?.value ?? '0'));
    expect(secp256k1.verify(hash, KEY_0.publicKey, DERSignature.decode(signature))).toBe(false);
    await expect(checkSignedInputs(redirected, UTXOS, KEY_0)).rejects.toThrow();
  });
});

describe('the stand-in Ocean', () => {
  it('matches :name segments, records method, path, query and JSON body, and answers Ocean envelopes', async () => {
    const ocean = await startStandInOcean([
      { method: 'GET', path: '/v0/regtest/tokens/:id', reply: (request) => ({ data: { id: request.params.id } }) },
      { path: /^\/v0\/regtest\/poolpairs$/, reply: { data: [], page: { next: '7' } } },
      { method: 'POST', path: '/v0/regtest/rawtx/test', reply: { status: 400, error: { type: 'BadRequest', message: 'nope' } } },
      { path: '/v0/regtest/html', reply: { status: 502, text: '<html>Bad Gateway</html>', contentType: 'text/html' } },
    ]);
    try {
      const token = await fetch(`${ocean.url}/v0/regtest/tokens/1?size=3`);
      expect([token.status, await token.json()]).toEqual([200, { data: { id: '1' } }]);
      const pools = await fetch(`${ocean.url}/v0/regtest/poolpairs`);
      expect(await pools.json()).toEqual({ data: [], page: { next: '7' } });
      const test = await fetch(`${ocean.url}/v0/regtest/rawtx/test`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"hex":"00"}' });
      const failure = (await test.json()) as { error: Record<string, unknown> };
      expect(test.status).toBe(400);
      expect(failure.error).toMatchObject({ code: 400, type: 'BadRequest', message: 'nope', url: '/v0/regtest/rawtx/test' });
      expect(typeof failure.error.at).toBe('number');
      const html = await fetch(`${ocean.url}/v0/regtest/html`);
      expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([502, 'text/html', '<html>Bad Gateway</html>']);
      const missing = await fetch(`${ocean.url}/v0/regtest/nothing`);
      expect([missing.status, await missing.json()]).toEqual([404, { statusCode: 404, message: 'Cannot GET /v0/regtest/nothing', error: 'Not Found' }]);

      expect(ocean.requests.map((request) => [request.method, request.path, request.query, request.body, request.route])).toEqual([
        ['GET', '/v0/regtest/tokens/1', { size: '3' }, undefined, 0],
        ['GET', '/v0/regtest/poolpairs', {}, undefined, 1],
        ['POST', '/v0/regtest/rawtx/test', {}, { hex: '00' }, 2],
        ['GET', '/v0/regtest/html', {}, undefined, 3],
        ['GET', '/v0/regtest/nothing', {}, undefined, undefined],
      ]);
      expect(ocean.unmatched().map((request) => request.path)).toEqual(['/v0/regtest/nothing']);
    } finally {
      await ocean.close();
    }
  });
});
