// Byte-level helpers of the transaction inspector, for the browser and Node alike (no Node module): the input's hex
// read into bytes, a reader whose every read is checked against the bytes that remain (an error names the offset),
// SHA-256, and amounts in satoshis written as DFI.

/** A decoding error at a byte offset of the input. */
export class DecodeError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
    this.name = 'DecodeError';
  }
}

/**
 * The bytes of a hex text: an optional `0x`, white space anywhere. A character that is not a hex digit, or an odd
 * number of digits, is an error naming where it is.
 */
export function parseHex(text: string): Uint8Array {
  const trimmed = text.trim();
  const body = /^0x/i.test(trimmed) ? trimmed.slice(2) : trimmed;
  const digits: number[] = [];
  for (let index = 0; index < body.length; index += 1) {
    const char = body.charAt(index);
    if (/\s/.test(char)) continue;
    const value = parseInt(char, 16);
    if (Number.isNaN(value) || !/[0-9a-f]/i.test(char))
      throw new DecodeError(digits.length >> 1, `"${char}" at character ${index + 1} is not a hex digit (byte offset ${digits.length >> 1})`);
    digits.push(value);
  }
  if (digits.length === 0) throw new DecodeError(0, 'no hex digits: paste a raw transaction, an output script or a DfTx payload');
  if (digits.length % 2 === 1)
    throw new DecodeError(digits.length >> 1, `odd number of hex digits (${digits.length}): the last byte, at offset ${digits.length >> 1}, has one digit`);
  const bytes = new Uint8Array(digits.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = ((digits[2 * index] ?? 0) << 4) | (digits[2 * index + 1] ?? 0);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Reads a byte array front to back; a read past the end throws a DecodeError naming the offset and what it read. */
export class Reader {
  position: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    /** Where the data ends: reads past it fail (a push inside a script ends before the input does). */
    readonly end = bytes.length,
  ) {
    this.position = start;
  }

  get remaining(): number {
    return this.end - this.position;
  }

  /** Fails unless `length` bytes remain. */
  need(length: number, what: string): void {
    if (length > this.remaining)
      throw new DecodeError(
        this.position,
        `truncated at byte ${this.position}: ${what} needs ${length} byte${length === 1 ? '' : 's'}, ${this.remaining} remain${this.remaining === 1 ? 's' : ''}`,
      );
  }

  take(length: number, what: string): Uint8Array {
    this.need(length, what);
    const out = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return out;
  }

  uint8(what: string): number {
    return this.take(1, what)[0] ?? 0;
  }

  uint16(what: string): number {
    const b = this.take(2, what);
    return (b[0] ?? 0) | ((b[1] ?? 0) << 8);
  }

  uint32(what: string): number {
    const b = this.take(4, what);
    return ((b[0] ?? 0) | ((b[1] ?? 0) << 8) | ((b[2] ?? 0) << 16)) + (b[3] ?? 0) * 0x1000000;
  }

  int32(what: string): number {
    const value = this.uint32(what);
    return value >= 0x80000000 ? value - 0x100000000 : value;
  }

  uint32BE(what: string): number {
    const b = this.take(4, what);
    return (b[0] ?? 0) * 0x1000000 + (((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0));
  }

  uint64(what: string): bigint {
    const b = this.take(8, what);
    let value = 0n;
    for (let index = 7; index >= 0; index -= 1) value = (value << 8n) | BigInt(b[index] ?? 0);
    return value;
  }

  /** Bitcoin's compact size: below 0xfd one byte, else fd/fe/ff and 2, 4 or 8 bytes little-endian. */
  compactSize(what: string): number {
    const start = this.position;
    const first = this.uint8(what);
    if (first < 0xfd) return first;
    if (first === 0xfd) return this.uint16(what);
    if (first === 0xfe) return this.uint32(what);
    const value = this.uint64(what);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecodeError(start, `${what} at byte ${start} is ${value}, larger than any input`);
    return Number(value);
  }

  /** A count of items each at least `minimum` bytes long: more than the remaining bytes can hold is an error. */
  count(what: string, minimum: number): number {
    const start = this.position;
    const value = this.compactSize(`${what} (count)`);
    if (value * minimum > this.remaining)
      throw new DecodeError(start, `${what} count ${value} at byte ${start} needs at least ${value * minimum} bytes, ${this.remaining} remain`);
    return value;
  }

  /** A compact-size length, then that many bytes. */
  lengthPrefixed(what: string): Uint8Array {
    const start = this.position;
    const length = this.compactSize(`${what} (length)`);
    if (length > this.remaining) throw new DecodeError(start, `${what} length ${length} at byte ${start} runs past the end: ${this.remaining} bytes remain`);
    return this.take(length, what);
  }

  /** The node's VARINT (MSB base-128, each continuation adding one), at most 9 bytes and below 2^53. */
  varInt(what: string): number {
    const start = this.position;
    let value = 0;
    for (let index = 0; index < 9; index += 1) {
      const byte = this.uint8(what);
      value = value * 128 + (byte & 0x7f);
      if (value > Number.MAX_SAFE_INTEGER) throw new DecodeError(start, `${what} at byte ${start} is a VARINT beyond 2^53`);
      if ((byte & 0x80) === 0) return value;
      value += 1;
    }
    throw new DecodeError(start, `${what} at byte ${start} is a VARINT longer than 9 bytes`);
  }
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4), over the whole message at once. */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array((((message.length + 9 + 63) >> 6) << 6) >>> 0);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t += 1) w[t] = view.getUint32(block + 4 * t);
    for (let t = 16; t < 64; t += 1) {
      const w15 = w[t - 15] ?? 0;
      const w2 = w[t - 2] ?? 0;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = ((w[t - 16] ?? 0) + s0 + (w[t - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0, h[3] ?? 0, h[4] ?? 0, h[5] ?? 0, h[6] ?? 0, h[7] ?? 0];
    for (let t = 0; t < 64; t += 1) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + (K[t] ?? 0) + (w[t] ?? 0)) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let index = 0; index < 8; index += 1) h[index] = ((h[index] ?? 0) + (add[index] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let index = 0; index < 8; index += 1) outView.setUint32(4 * index, h[index] ?? 0);
  return out;
}

/** A txid or block hash as shown: double SHA-256, bytes reversed. */
export function hashId(bytes: Uint8Array): string {
  return toHex(sha256(sha256(bytes)).reverse());
}

/** Satoshis as DFI: 100,000,000 satoshis to the coin, no trailing zeros. */
export function satoshisToCoins(satoshis: bigint): string {
  const negative = satoshis < 0n;
  const magnitude = negative ? -satoshis : satoshis;
  const whole = magnitude / 100000000n;
  const fraction = (magnitude % 100000000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** A DFI amount (`1.5`) as satoshis, or undefined when it is not a number with at most 8 decimals. */
export function coinsToSatoshis(text: string): bigint | undefined {
  const match = /^(\d{1,11})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (match === null) return undefined;
  return BigInt(match[1] ?? '0') * 100000000n + BigInt((match[2] ?? '').padEnd(8, '0'));
}
