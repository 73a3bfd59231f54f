// Runs the builder samples (generator/examples/builder/<group>/<method>.ts) as printed, against a stand-in Ocean that
// lists the test mnemonic's account 0 one UTXO and quotes a fee rate, and checks what they sign: used by
// tests/unit/builder-samples.test.ts and by scripts/builder-samples.ts, which writes the derived outputs
// (generator/examples/builder/outputs.json: the signed hex and its decoded form) that the pages show.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import util from 'node:util';
import BigNumber from 'bignumber.js';
import * as bip32 from 'bip32';
import { DERSignature, HASH160 } from '@defichain/jellyfish-crypto';
import { CTransaction, CTransactionSegWit, SIGHASH, fromOPCodes, type OP_DEFI_TX, type TransactionSegWit } from '@defichain/jellyfish-transaction';
import { calculateFeeP2WPKH } from '@defichain/jellyfish-transaction-builder';
import { mnemonicToSeed } from '@defichain/jellyfish-wallet-mnemonic';
import { FEE_RATE, MASTERNODE_UTXO, SIGNER, SIGNER_UTXO } from '../../generator/examples/dftx/payloads';
import { toExampleJson, txidOf, TEST_WORDS } from '../../generator/extract/sdk/dftx-examples';
import { scriptToString } from '../../generator/extract/sdk/node-view';
import { runSnippet } from './run-snippet';
import { bip143Hash, decodeTransaction, withoutWitness } from './signing';
import { startStandInOcean, type OceanRoute, type StandInOcean } from './stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const BUILDER_SAMPLES_DIR = path.join(ROOT, 'generator/examples/builder');
export const BUILDER_OUTPUTS_FILE = path.join(BUILDER_SAMPLES_DIR, 'outputs.json');
/** The Ocean host the samples name; the runs swap it for the stand-in's. */
const SAMPLE_OCEAN_HOST = 'https://mainnet.ocean.jellyfishsdk.com';

const projectRequire = createRequire(path.join(ROOT, 'package.json'));
const secp256k1 = projectRequire('tiny-secp256k1') as { verify: (hash: Buffer, publicKey: Buffer, signature: Buffer) => boolean };

export interface BuilderSample {
  /** `<group>.<method>`, or `createDeFiTx` for the method of the builder itself. */
  key: string;
  group: string | null;
  method: string;
  file: string;
  code: string;
}

/** Every sample file, by key. The folder `builder/` holds the builder's own method, createDeFiTx. */
export function listBuilderSamples(dir = BUILDER_SAMPLES_DIR): BuilderSample[] {
  const samples: BuilderSample[] = [];
  for (const group of fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of fs.readdirSync(path.join(dir, group.name)).filter((name) => name.endsWith('.ts'))) {
      const method = file.replace(/\.ts$/, '');
      const own = group.name === 'builder';
      samples.push({
        key: own ? method : `${group.name}.${method}`,
        group: own ? null : group.name,
        method,
        file: path.join(dir, group.name, file),
        code: fs.readFileSync(path.join(dir, group.name, file), 'utf8'),
      });
    }
  }
  return samples.sort((a, b) => a.key.localeCompare(b.key));
}

/** The UTXO the stand-in Ocean lists for a sample: the masternode's holds the collateral and fees to the satoshi. */
export function utxoFor(key: string): { txid: string; vout: number; value: string } {
  return key === 'masternode.create' ? MASTERNODE_UTXO : SIGNER_UTXO;
}

function signerScriptHex(): string {
  return `0014${HASH160(signerKey().publicKey).toString('hex')}`;
}

/** Ocean's answers for a sample: the account's one UTXO and the fee rate, in Ocean's shapes (apps/whale-api). */
function sampleRoutes(key: string): OceanRoute[] {
  const utxo = utxoFor(key);
  const index = utxo.vout.toString(16).padStart(8, '0');
  const item = {
    id: `${utxo.txid}${index}`,
    hid: crypto.createHash('sha256').update(signerScriptHex()).digest('hex'),
    sort: `0034afc8${utxo.txid}${index}`,
    block: { hash: 'ed7f1d284641ff6d85f86518bce95ab93713b3338a941347261cd23b2745c3f9', height: 3452815, time: 1700611450, medianTime: 1700611350 },
    script: { type: 'witness_v0_keyhash', hex: signerScriptHex() },
    vout: { txid: utxo.txid, n: utxo.vout, value: utxo.value, tokenId: 0 },
  };
  return [
    { method: 'GET', path: `/v0/mainnet/address/${SIGNER}/transactions/unspent`, reply: { data: [item] } },
    { method: 'GET', path: '/v0/mainnet/fee/estimate', reply: { data: Number(FEE_RATE) } },
  ];
}

/** Runs a sample as printed (only the Ocean host swapped) and returns what it printed. */
export async function runBuilderSample(sample: BuilderSample, ocean: StandInOcean): Promise<string[]> {
  ocean.setRoutes(sampleRoutes(sample.key));
  const logged: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => {
    logged.push(util.format(...args));
  };
  try {
    await runSnippet(sample.code, { [SAMPLE_OCEAN_HOST]: ocean.url });
  } finally {
    console.log = original;
  }
  return logged;
}

export async function withStandInOcean<T>(run: (ocean: StandInOcean) => Promise<T>): Promise<T> {
  const ocean = await startStandInOcean();
  try {
    return await run(ocean);
  } finally {
    await ocean.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Keys and signatures, worked out here without the wallet classes

interface Key {
  privateKey: Buffer;
  publicKey: Buffer;
}

let cachedKey: Key | undefined;
/** Account 0 of the test mnemonic: BIP39 seed, HMAC keyed with the package's name, path 1129/0/0/0 (docs/ecosystem/wallets.mdx). */
function signerKey(): Key {
  if (cachedKey) return cachedKey;
  const seed = mnemonicToSeed(TEST_WORDS);
  const digest = crypto.createHmac('sha512', Buffer.from('@defichain/jellyfish-wallet-mnemonic', 'utf8')).update(seed).digest();
  const node = bip32.fromPrivateKey(digest.subarray(0, 32), digest.subarray(32)).derivePath('1129/0/0/0');
  if (node.privateKey === undefined) throw new Error('no private key');
  cachedKey = { privateKey: node.privateKey, publicKey: node.publicKey };
  return cachedKey;
}

/** Problems with the signatures: each witness holds the signer's key and a DER signature that verifies over BIP143. */
export function signatureProblems(tx: TransactionSegWit, values: readonly BigNumber[]): string[] {
  const key = signerKey();
  const problems: string[] = [];
  tx.vin.forEach((_, index) => {
    const [signatureItem, publicKeyItem] = tx.witness[index]?.scripts ?? [];
    if (publicKeyItem?.hex !== key.publicKey.toString('hex')) problems.push(`input ${index}: the witness does not carry the signer's public key`);
    const signed = Buffer.from(signatureItem?.hex ?? '', 'hex');
    if (signed.at(-1) !== SIGHASH.ALL) problems.push(`input ${index}: not SIGHASH_ALL`);
    const value = values[index];
    if (value === undefined) return;
    const hash = bip143Hash(tx, index, key.publicKey, value);
    if (!secp256k1.verify(hash, key.publicKey, DERSignature.decode(signed.subarray(0, -1)))) problems.push(`input ${index}: the signature does not verify`);
  });
  return problems;
}

export interface FeeFacts {
  /** Inputs minus outputs. */
  fee: BigNumber;
  /** What the builder computes: the rate over the size it estimates before signing. */
  expected: BigNumber;
  /** The signed transaction's virtual size. */
  vsize: number;
}

/** The outputs an AccountToUtxos message mints from the account's token balance (from its mintingOutputsStart on). */
function mintedOutputs(tx: TransactionSegWit): number {
  const stack = tx.vout[0]?.script.stack ?? [];
  const message = stack[1]?.type === 'OP_DEFI_TX' ? (stack[1] as OP_DEFI_TX).tx : undefined;
  return message?.name === 'OP_DEFI_TX_ACCOUNT_TO_UTXOS' ? tx.vout.length - (message.data as { mintingOutputsStart: number }).mintingOutputsStart : 0;
}

export function feeFacts(tx: TransactionSegWit, inputs: BigNumber): FeeFacts {
  // Outputs minted from the account's balance are paid by the message, not by the inputs.
  const paid = tx.vout.slice(0, tx.vout.length - mintedOutputs(tx));
  const outputs = paid.reduce((sum, output) => sum.plus(output.value), new BigNumber(0));
  const base = Buffer.from(new CTransaction(withoutWitness(tx)).toHex(), 'hex').length;
  const total = Buffer.from(new CTransactionSegWit(tx).toHex(), 'hex').length;
  return { fee: inputs.minus(outputs), expected: calculateFeeP2WPKH(new BigNumber(FEE_RATE), withoutWitness(tx)), vsize: Math.ceil((base * 3 + total) / 4) };
}

/** The decoded form the pages show: txid, size, fee, the spent UTXO, the outputs with the DeFi message read back. */
export function describeTransaction(hex: string, utxo: { txid: string; vout: number; value: string }): string {
  const tx = decodeTransaction(hex);
  const facts = feeFacts(tx, new BigNumber(utxo.value));
  const vout = tx.vout.map((output, n) => {
    const stack = output.script.stack;
    const base = { n, value: output.value.toFixed(8), tokenId: output.tokenId };
    if (stack[0]?.type === 'OP_RETURN' && stack[1]?.type === 'OP_DEFI_TX') {
      const dftx = (stack[1] as OP_DEFI_TX).tx;
      return {
        ...base,
        script: fromOPCodes(stack).toString('hex'),
        dftx: { type: String.fromCharCode(dftx.type), name: dftx.name, data: toExampleJson(dftx.data) },
      };
    }
    return { ...base, address: scriptToString(output.script) };
  });
  const described = {
    txid: txidOf(tx),
    vsize: facts.vsize,
    fee: facts.fee.toFixed(8),
    vin: tx.vin.map((input) => ({ txid: input.txid, vout: input.index, value: new BigNumber(utxo.value).toFixed(8), address: SIGNER })),
    vout,
  };
  return JSON.stringify(described, null, 2);
}

export interface BuilderOutput {
  hex: string;
  decoded: string;
}

export function readBuilderOutputs(file = BUILDER_OUTPUTS_FILE): Record<string, BuilderOutput> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, BuilderOutput>;
}
