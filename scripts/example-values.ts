// Derives example values from labels, so the data of the reference pages can grow without made-up keys:
// `npx tsx scripts/example-values.ts key <label>...` prints a key pair's mainnet addresses, public key and WIF;
// `npx tsx scripts/example-values.ts hex <label>...` prints a 64-hex value (a txid, a block hash, an id).
import { Bech32, Bs58, Elliptic, HASH160, SHA256, WIF } from '@defichain/jellyfish-crypto';
import { MainNet } from '@defichain/jellyfish-network';

export function exampleKey(label: string): Buffer {
  return SHA256(Buffer.from(`jellyfish-docs example key ${label}`));
}

export function exampleHex(label: string): string {
  return SHA256(Buffer.from(`jellyfish-docs ${label}`)).toString('hex');
}

export async function exampleAddresses(label: string): Promise<{ bech32: string; p2pkh: string; p2sh: string; publicKey: string; wif: string }> {
  const privateKey = exampleKey(label);
  const publicKey = await Elliptic.fromPrivKey(privateKey).publicKey();
  const witnessProgram = Buffer.concat([Buffer.from([0x00, 0x14]), HASH160(publicKey)]);
  return {
    bech32: Bech32.fromPubKey(publicKey, 'df'),
    p2pkh: Bs58.fromPubKey(publicKey, MainNet.pubKeyHashPrefix),
    p2sh: Bs58.fromHash160(HASH160(witnessProgram), MainNet.scriptHashPrefix),
    publicKey: publicKey.toString('hex'),
    wif: WIF.encode(MainNet.wifPrefix, privateKey),
  };
}

async function main(): Promise<void> {
  const [mode, ...labels] = process.argv.slice(2);
  if ((mode !== 'key' && mode !== 'hex') || labels.length === 0) {
    console.error('usage: example-values.ts key <label>... | hex <label>...');
    process.exitCode = 2;
    return;
  }
  for (const label of labels) {
    if (mode === 'hex') console.log(`${label}: ${exampleHex(label)}`);
    else console.log(`${label}: ${JSON.stringify(await exampleAddresses(label))}`);
  }
}

if (require.main === module) void main();
