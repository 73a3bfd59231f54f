// Every builder call has a sample (generator/examples/builder), and each runs exactly as printed against a stand-in
// Ocean: it prints the hex the pages show (generator/examples/builder/outputs.json); the hex decodes with the SDK's
// codec and encodes back to itself; every signature verifies against the test mnemonic's key over a BIP143 hash
// computed here; the fee is the quoted rate over the size the builder estimates (never below the real size); the
// change goes back to the account; and the DeFi message carries the example payload of its type, field for field.
import path from 'node:path';
import BigNumber from 'bignumber.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTransactionSegWit, type OP_DEFI_TX } from '@defichain/jellyfish-transaction';
import fs from 'node:fs';
import { readBuilderCalls } from '../../generator/extract/sdk/dftx-layout';
import { readBuilderExamples } from '../../generator/extract/sdk/builder-examples';
import { rpcMethodHref } from '../../generator/model/routes';
import type { RpcReference } from '../../generator/model/types';
import { toExampleJson } from '../../generator/extract/sdk/dftx-examples';
import { scriptToString } from '../../generator/extract/sdk/node-view';
import { FEE_RATE, PAYLOADS, SIGNER } from '../../generator/examples/dftx/payloads';
import {
  describeTransaction,
  feeFacts,
  listBuilderSamples,
  readBuilderOutputs,
  runBuilderSample,
  signatureProblems,
  utxoFor,
  type BuilderSample,
} from '../support/builder-samples';
import { decodeTransaction } from '../support/signing';
import { startStandInOcean, type StandInOcean } from '../support/stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const BUILDER_DIR = path.join(ROOT, 'node_modules/@defichain/jellyfish-transaction-builder');

/** What a sample's transaction must hold; [] when all is well. */
async function sampleProblems(sample: BuilderSample, ocean: StandInOcean, expectedHex: string | undefined): Promise<string[]> {
  const printed = await runBuilderSample(sample, ocean);
  const problems: string[] = [];
  const hex = printed[0] ?? '';
  if (printed.length !== 1) problems.push(`printed ${printed.length} lines`);
  if (hex !== expectedHex) problems.push(`printed ${hex.slice(0, 40)}…, the page shows ${(expectedHex ?? '').slice(0, 40)}…`);
  const tx = decodeTransaction(hex);
  if (new CTransactionSegWit(tx).toHex() !== hex) problems.push('does not encode back to the same hex');
  const utxo = utxoFor(sample.key);
  if (tx.version !== 4 || tx.vin.length !== 1 || tx.vin[0]?.txid !== utxo.txid || tx.vin[0]?.index !== utxo.vout)
    problems.push('does not spend the stand-in UTXO in a version 4 transaction');
  problems.push(...signatureProblems(tx, [new BigNumber(utxo.value)]));
  const facts = feeFacts(tx, new BigNumber(utxo.value));
  if (!facts.fee.eq(facts.expected)) problems.push(`fee ${facts.fee.toFixed(8)} is not rate × estimated size ${facts.expected.toFixed(8)}`);
  if (facts.fee.lt(new BigNumber(FEE_RATE).times(facts.vsize).div(1000))) problems.push(`fee ${facts.fee.toFixed(8)} is below rate × vsize ${facts.vsize}`);
  // The change: back to the account (the last output paid to it), everything the other outputs and the fee leave.
  const change = sample.key === 'utxo.sendAll' ? undefined : sample.key === 'account.accountToUtxos' ? tx.vout[1] : tx.vout.at(-1);
  if (change !== undefined) {
    const minted = sample.key === 'account.accountToUtxos' ? tx.vout.slice(2) : [];
    const others = tx.vout.filter((output) => output !== change && !minted.includes(output)).reduce((sum, output) => sum.plus(output.value), new BigNumber(0));
    if (scriptToString(change.script) !== SIGNER) problems.push('the change does not go back to the account');
    if (!change.value.eq(new BigNumber(utxo.value).minus(others).minus(facts.fee)))
      problems.push(`change ${change.value.toFixed(8)} is not input − outputs − fee`);
  }
  const envelope = tx.vout[0]?.script.stack;
  if (sample.group !== 'utxo') {
    const message = envelope?.[0]?.type === 'OP_RETURN' && envelope[1]?.type === 'OP_DEFI_TX' ? (envelope[1] as OP_DEFI_TX).tx : undefined;
    const payload = message === undefined ? undefined : (PAYLOADS as Record<string, unknown>)[message.name];
    if (message === undefined || payload === undefined) problems.push('output 0 carries no DeFi message of a known type');
    else if (JSON.stringify(toExampleJson(message.data)) !== JSON.stringify(toExampleJson(payload)))
      problems.push(`the ${message.name} message differs from the example payload`);
  }
  if (describeTransaction(hex, utxo) !== readBuilderOutputs()[sample.key]?.decoded) problems.push('the decoded form differs from the one the page shows');
  return problems;
}

describe('builder samples', () => {
  const samples = listBuilderSamples();
  const outputs = readBuilderOutputs();
  let ocean: StandInOcean;
  beforeAll(async () => {
    ocean = await startStandInOcean();
  });
  afterAll(async () => {
    await ocean.close();
  });

  it('has one sample for each of the 55 builder calls, and an output for each', () => {
    const methods = readBuilderCalls(BUILDER_DIR).methods.map((call) => `${call.group}.${call.method}`);
    expect([...methods, 'createDeFiTx'].sort()).toEqual(samples.map((sample) => sample.key));
    expect(samples).toHaveLength(55);
    expect(Object.keys(outputs).sort()).toEqual(samples.map((sample) => sample.key));
  });

  it.each(samples.map((sample) => [sample.key, sample] as const))(
    '%s runs as printed and signs what the page says',
    async (_key, sample) => {
      expect(await sampleProblems(sample, ocean, outputs[sample.key]?.hex)).toEqual([]);
      // Only the two Ocean calls the builder makes.
      expect(ocean.unmatched()).toEqual([]);
    },
    60_000,
  );

  it('masternode.create leaves exactly the 20,000 DFI collateral in output 1, as the node requires', () => {
    const tx = decodeTransaction(outputs['masternode.create']?.hex ?? '');
    expect(tx.vout.map((output) => output.value.toFixed(8))).toEqual(['10.00000000', '20000.00000000']);
  });

  it('goes red when a sample signs another value than the page shows', async () => {
    const sample = samples.find((candidate) => candidate.key === 'dex.poolSwap');
    if (sample === undefined) throw new Error('no dex.poolSwap sample');
    const changed = { ...sample, code: sample.code.replace("fromAmount: new BigNumber('100')", "fromAmount: new BigNumber('101')") };
    expect(changed.code).not.toBe(sample.code);
    const problems = await sampleProblems(changed, ocean, outputs[sample.key]?.hex);
    expect(problems.join('\n')).toContain('the page shows');
    expect(problems.join('\n')).toContain('differs from the example payload');
  }, 60_000);

  it('hands the package pages an example per call: the code as printed, the outputs, the RPC section and the authority notes', () => {
    const rpc = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
    const examples = readBuilderExamples({
      samplesDir: path.join(ROOT, 'generator/examples/builder'),
      builderDir: BUILDER_DIR,
      ainFactsFile: path.join(ROOT, 'generator/examples/dftx/ain.json'),
      rpc,
      rpcRoute: (category, method) => rpcMethodHref(rpc, category, method),
    });
    expect([...examples.keys()].sort()).toEqual(samples.map((sample) => sample.key));
    for (const sample of samples) {
      const example = examples.get(sample.key);
      expect(example?.code).toBe(sample.code);
      expect(example?.outputs.map((output) => output.text)).toEqual([outputs[sample.key]?.hex, outputs[sample.key]?.decoded]);
      expect(example?.rpc?.route, sample.key).toMatch(/^\/node\/jellyfish\/api\/[a-z]+(\/[a-z-]+)?#[a-z0-9]+$/);
    }
    // Each loan call cites its own handler's check: LoanScheme's at loans.cpp:489, SetCollateralToken's at 180.
    expect(examples.get('loans.setLoanScheme')?.notes?.join(' ')).toContain(
      '“tx not from foundation member!” (DeFiCh/ain v4.0.9 src/dfi/consensus/loans.cpp:489)',
    );
    expect(examples.get('loans.setCollateralToken')?.notes?.join(' ')).toContain('src/dfi/consensus/loans.cpp:180)');
    expect(examples.get('loans.takeLoan')?.notes?.join(' ')).toContain('“tx must have at least one input from vault owner”');
  });
});

/** Every JSON example file below a folder of the data set (generator/examples/rpc, generator/examples/ocean). */
function exampleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return exampleFiles(file);
    return entry.name.endsWith('.json') ? [file] : [];
  });
}

/** Who the data set says owns a vault: each object naming the vault with an owner, and a vault list asked for by address. */
function ownersIn(value: unknown, vaultId: string, where: string, found: Array<{ where: string; owner: string }>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => ownersIn(item, vaultId, `${where}[${index}]`, found));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (record.vaultId === vaultId && typeof record.ownerAddress === 'string') found.push({ where, owner: record.ownerAddress });
  // createVault: the example whose result is the vault's id names its owner in the arguments.
  const [first] = Array.isArray(record.arguments) ? (record.arguments as unknown[]) : [];
  if (record.result === vaultId && typeof (first as { ownerAddress?: unknown } | undefined)?.ownerAddress === 'string')
    found.push({ where: `${where} (creates it)`, owner: (first as { ownerAddress: string }).ownerAddress });
  // Ocean's address.listVault: the address asked for owns every vault of the answer.
  const args = record.arguments as { address?: unknown } | undefined;
  if (typeof args?.address === 'string' && JSON.stringify(record.response ?? '').includes(`"vaultId":"${vaultId}"`))
    found.push({ where: `${where} (listed for its address)`, owner: args.address });
  for (const [key, inner] of Object.entries(record)) ownersIn(inner, vaultId, `${where}.${key}`, found);
}

describe('the vaults the builder samples use', () => {
  it('are owned, in the RPC and the Ocean examples alike, by the wallet that signs the samples', () => {
    // An auction bid may come from anyone; every other vault call of the builder is the owner's (the node checks an input of the owner's).
    const samples = listBuilderSamples().filter((sample) => !sample.key.endsWith('placeAuctionBid'));
    const vaults = new Map<string, string[]>();
    for (const sample of samples) {
      for (const match of sample.code.matchAll(/vaultId: '([0-9a-f]{64})'/g)) vaults.set(match[1] ?? '', [...(vaults.get(match[1] ?? '') ?? []), sample.key]);
    }
    expect([...vaults.values()].flat()).toEqual(expect.arrayContaining(['loans.takeLoan', 'loans.paybackLoan', 'loans.closeVault', 'vault.withdrawFromVault']));
    for (const [vaultId, keys] of vaults) {
      for (const source of ['rpc', 'ocean'] as const) {
        const found: Array<{ where: string; owner: string }> = [];
        for (const file of exampleFiles(path.join(ROOT, 'generator/examples', source))) {
          ownersIn(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown, vaultId, path.relative(ROOT, file), found);
        }
        expect(found.length, `${source} examples showing vault ${vaultId} (${keys.join(', ')})`).toBeGreaterThan(0);
        expect(found.filter((each) => each.owner !== SIGNER)).toEqual([]);
      }
    }
  });
});
