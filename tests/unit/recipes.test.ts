// The recipes page (docs/ecosystem/recipes.mdx) runs as printed: each TypeScript block is executed with only the Ocean
// host swapped for a stand-in on loopback; what it logs is held against its `// …` comments; the transactions it
// broadcasts are decoded, their signatures verified against the WIF's public key, and their messages and amounts
// checked; the tracker gives up after the attempts it was given and goes on when the transaction appears.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import util from 'node:util';
import BigNumber from 'bignumber.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DERSignature } from '@defichain/jellyfish-crypto';
import { CTransactionSegWit, type OP_DEFI_TX } from '@defichain/jellyfish-transaction';
import { extractCodeBlocks, parseMeta } from './code-blocks-checker';
import { runSnippet } from '../support/run-snippet';
import { bip143Hash, decodeTransaction, feeFacts } from '../support/builder-samples';
import { scriptToString } from '../../generator/extract/sdk/node-view';
import { txidOf } from '../../generator/extract/sdk/dftx-examples';
import { startStandInOcean, type OceanRoute, type StandInOcean } from '../support/stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = 'docs/ecosystem/recipes.mdx';
const HOST = 'https://mainnet.ocean.jellyfishsdk.com';
const ADDRESS = 'df1qqd3m7yz2dyhv8pq3s8g7k6668un5tsz3hcuw42';
const SCRIPT_HEX = '00140363bf104a692ec3841181d1eb6b5a3f2745c051';
const UTXO = { txid: 'b35217585bda71788c2cc8c962f8df362f0087b4d11be845762b5eb7de6cc981', n: 1, value: '250.00000000' };
const secp256k1 = createRequire(path.join(ROOT, 'package.json'))('tiny-secp256k1') as { verify: (hash: Buffer, key: Buffer, signature: Buffer) => boolean };

function blocks(): Map<string, string> {
  const mdx = fs.readFileSync(path.join(ROOT, PAGE), 'utf8');
  return new Map(extractCodeBlocks(mdx, PAGE).map((block) => [parseMeta(block.meta).get('title') ?? '', block.code]));
}

async function run(code: string, ocean: StandInOcean): Promise<string[]> {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(util.format(...args));
  });
  try {
    await runSnippet(code, { [HOST]: ocean.url });
  } finally {
    spy.mockRestore();
  }
  return logged;
}

function commented(code: string): string[] {
  return code
    .split('\n')
    .filter((line) => /^console\.log\(/.test(line))
    .map((line) => /\/\/\s*(.+)$/.exec(line)?.[1] ?? '');
}

function walletRoutes(): OceanRoute[] {
  return [
    {
      method: 'GET',
      path: `/v0/mainnet/address/${ADDRESS}/transactions/unspent`,
      reply: {
        data: [
          {
            id: `${UTXO.txid}00000001`,
            hid: 'h',
            sort: `0034afc8${UTXO.txid}00000001`,
            block: { hash: '5536a11966ad7c66ed71a8e8f65f95183bdfcdedc551126ac984e988b91c32dc', height: 3452816, time: 1700611480, medianTime: 1700611380 },
            script: { type: 'witness_v0_keyhash', hex: SCRIPT_HEX },
            vout: { txid: UTXO.txid, n: UTXO.n, value: UTXO.value, tokenId: 0 },
          },
        ],
      },
    },
    { method: 'GET', path: '/v0/mainnet/fee/estimate', reply: { data: 0.00005 } },
    {
      method: 'POST',
      path: '/v0/mainnet/rawtx/send',
      reply: (request) => ({ data: txidOf(decodeTransaction((request.body as { hex: string }).hex)) }),
    },
  ];
}

function verify(hex: string): void {
  const tx = decodeTransaction(hex);
  expect(new CTransactionSegWit(tx).toHex()).toBe(hex);
  const publicKey = Buffer.from('0257fdbe051286271e663b4653268a3b63442a8ec0c18a74f9db6acbb722625084', 'hex');
  const [signature, key] = tx.witness[0]?.scripts ?? [];
  expect(key?.hex).toBe(publicKey.toString('hex'));
  const der = Buffer.from(signature?.hex ?? '', 'hex').subarray(0, -1);
  const hash = bip143Hash(tx, 0, publicKey, new BigNumber(UTXO.value));
  expect(secp256k1.verify(hash, publicKey, DERSignature.decode(der))).toBe(true);
}

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
    expect([...code.keys()]).toEqual(['wif.ts', 'convert.ts', 'track.ts']);
    const hosts = [...code.values()].flatMap((text) => text.match(/https?:\/\/[^'"\s/]+/g) ?? []);
    expect(new Set(hosts)).toEqual(new Set([HOST]));
  });

  it('wif.ts opens the one-key account of the data set’s wallet, without asking Ocean anything', async () => {
    ocean.setRoutes([]);
    ocean.requests.length = 0;
    const logged = await run(code.get('wif.ts') ?? '', ocean);
    expect(logged).toEqual(commented(code.get('wif.ts') ?? ''));
    expect(logged).toEqual([ADDRESS]);
    expect(ocean.requests).toEqual([]);
  });

  it('convert.ts burns 100 UTXO DFI into the balance, then mints 10 back as output 2, each signed by the WIF', async () => {
    ocean.setRoutes(walletRoutes());
    ocean.requests.length = 0;
    await run(code.get('convert.ts') ?? '', ocean);
    const sent = ocean.requests.filter((request) => request.method === 'POST').map((request) => (request.body as { hex: string }).hex);
    expect(sent).toHaveLength(2);
    const [toTokens, toUtxos] = sent.map((hex) => decodeTransaction(hex));
    for (const hex of sent) verify(hex);
    const message = (tx: typeof toTokens): OP_DEFI_TX['tx'] => (tx?.vout[0]?.script.stack[1] as OP_DEFI_TX).tx;
    expect(message(toTokens).name).toBe('OP_DEFI_TX_UTXOS_TO_ACCOUNT');
    expect(toTokens?.vout[0]?.value.toFixed(8)).toBe('100.00000000');
    expect(message(toUtxos).name).toBe('OP_DEFI_TX_ACCOUNT_TO_UTXOS');
    expect(toUtxos?.vout.map((output) => [output.value.toFixed(8), output.value.isZero() ? '' : scriptToString(output.script)])).toEqual([
      ['0.00000000', ''],
      [new BigNumber(UTXO.value).minus(feeFacts(decodeTransaction(sent[1] ?? ''), new BigNumber(UTXO.value)).fee).toFixed(8), ADDRESS],
      ['10.00000000', ADDRESS],
    ]);
  });

  it('track.ts waits while Ocean answers 404 and prints the block and its confirmations once it appears', async () => {
    let asked = 0;
    ocean.setRoutes([
      {
        method: 'GET',
        path: '/v0/mainnet/transactions/63221c1ae17d294fd959bea44fedaa6f421440a3eef7d7344af3eebf6164ca72',
        reply: () =>
          ++asked < 2
            ? { status: 404, error: { type: 'NotFound', message: 'transaction not found' } }
            : {
                data: {
                  id: '63221c1ae17d294fd959bea44fedaa6f421440a3eef7d7344af3eebf6164ca72',
                  block: { hash: '5536a11966ad7c66ed71a8e8f65f95183bdfcdedc551126ac984e988b91c32dc', height: 3452816 },
                },
              },
      },
      { method: 'GET', path: '/v0/mainnet/stats', reply: { data: { count: { blocks: 3452817 } } } },
    ]);
    const logged = await run(code.get('track.ts') ?? '', ocean);
    expect(logged).toEqual(commented(code.get('track.ts') ?? ''));
    expect(asked).toBe(2);
  });

  it('track.ts gives up after the attempts it was given', async () => {
    ocean.setRoutes([
      { method: 'GET', path: /^\/v0\/mainnet\/transactions\//, reply: { status: 404, error: { type: 'NotFound', message: 'transaction not found' } } },
    ]);
    ocean.requests.length = 0;
    await expect(run(code.get('track.ts') ?? '', ocean)).rejects.toThrow('is in no block after 3 attempts');
    expect(ocean.requests).toHaveLength(3);
  });
});
