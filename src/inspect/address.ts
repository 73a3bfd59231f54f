// Addresses of output scripts per network, for the transaction inspector: Base58Check for P2PKH and P2SH, bech32 for
// witness version 0 (bech32m for later versions), and DeFiChain's EVM scripts (OP_16 and a 20-byte push) as 0x…
// addresses. The prefixes are @defichain/jellyfish-network's (tests/unit/inspect-decode.test.ts compares).
import { sha256, toHex } from './bytes';

export type NetworkName = 'mainnet' | 'testnet' | 'regtest';

export const NETWORKS: Readonly<Record<NetworkName, { bech32: string; pubKeyHash: number; scriptHash: number }>> = {
  mainnet: { bech32: 'df', pubKeyHash: 0x12, scriptHash: 0x5a },
  testnet: { bech32: 'tf', pubKeyHash: 0x0f, scriptHash: 0x80 },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4 },
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58check(version: number, payload: Uint8Array): string {
  const body = new Uint8Array(payload.length + 1);
  body[0] = version;
  body.set(payload, 1);
  const checksum = sha256(sha256(body)).subarray(0, 4);
  const bytes = new Uint8Array(body.length + 4);
  bytes.set(body);
  bytes.set(checksum, body.length);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if (((top >>> bit) & 1) === 1) check ^= GENERATOR[bit] ?? 0;
  }
  return check >>> 0;
}

/** A segwit address (BIP 173, BIP 350): bech32 for version 0, bech32m after. */
function segwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const data = [version];
  let accumulator = 0;
  let bits = 0;
  for (const byte of program) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((accumulator >>> bits) & 31);
    }
  }
  if (bits > 0) data.push((accumulator << (5 - bits)) & 31);
  const expanded = [...[...hrp].map((char) => char.charCodeAt(0) >> 5), 0, ...[...hrp].map((char) => char.charCodeAt(0) & 31)];
  const constant = version === 0 ? 1 : 0x2bc830a3;
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = [0, 1, 2, 3, 4, 5].map((index) => (mod >>> (5 * (5 - index))) & 31);
  return `${hrp}1${[...data, ...checksum].map((value) => CHARSET.charAt(value)).join('')}`;
}

/** What kind of output script it is, and its address on `network` when it has one. */
export function scriptAddress(script: Uint8Array, network: NetworkName): { kind: string; address?: string } {
  const params = NETWORKS[network];
  const at = (index: number): number => script[index] ?? -1;
  const n = script.length;
  if (n === 25 && at(0) === 0x76 && at(1) === 0xa9 && at(2) === 0x14 && at(23) === 0x88 && at(24) === 0xac)
    return { kind: 'P2PKH', address: base58check(params.pubKeyHash, script.subarray(3, 23)) };
  if (n === 23 && at(0) === 0xa9 && at(1) === 0x14 && at(22) === 0x87) return { kind: 'P2SH', address: base58check(params.scriptHash, script.subarray(2, 22)) };
  if (n === 22 && at(0) === 0x00 && at(1) === 0x14) return { kind: 'P2WPKH', address: segwitAddress(params.bech32, 0, script.subarray(2)) };
  if (n === 34 && at(0) === 0x00 && at(1) === 0x20) return { kind: 'P2WSH', address: segwitAddress(params.bech32, 0, script.subarray(2)) };
  if (n === 22 && at(0) === 0x60 && at(1) === 0x14) return { kind: 'EVM', address: `0x${toHex(script.subarray(2))}` };
  if (n >= 4 && n <= 42 && at(0) >= 0x51 && at(0) <= 0x60 && at(1) === n - 2)
    return { kind: `witness v${at(0) - 0x50}`, address: segwitAddress(params.bech32, at(0) - 0x50, script.subarray(2)) };
  if ((n === 35 && at(0) === 0x21 && at(34) === 0xac) || (n === 67 && at(0) === 0x41 && at(66) === 0xac)) return { kind: 'P2PK' };
  if (at(0) === 0x6a) return { kind: 'OP_RETURN' };
  return { kind: n === 0 ? 'empty' : 'non-standard' };
}
