// Descriptions of the composers that jellyfish-transaction 4.0.7 writes inline in a class (`{ fromBuffer, toBuffer }`)
// instead of through a ComposableBuffer helper: dftx-layout.ts cannot read their bytes from the code, so they are
// described here, each keyed by `<class>#<index in composers()>` and tied to its code by a fingerprint (the first 16 hex
// digits of the SHA-256 of its source, white space collapsed). When a package version changes the code, the
// fingerprint no longer matches and `npm run generate` stops until the description is reviewed.

export interface CustomComposer {
  /** The payload properties the composer reads and writes. */
  names: string[];
  fingerprint: string;
  /** The encoding in a few words, for the field table. */
  summary: string;
  /** Its width in bytes, as the field table says it. */
  width: string;
  /** What the code does, in full, for the note under the table. */
  detail: string;
}

export const CUSTOM_COMPOSERS: Readonly<Record<string, CustomComposer>> = {
  'CScript#0': {
    names: ['stack'],
    fingerprint: 'f069429691dbbc3c',
    summary: 'script: compact-size length, then the script',
    width: '1 + n',
    detail:
      'A script is written as its length in bytes (compact size) followed by its opcodes and pushes, as in a transaction output. ' +
      'An address becomes its output script: `0014` and a 20-byte key hash for a bech32 (P2WPKH) address.',
  },
  'CCreateMasternode#2': {
    names: ['timelock'],
    fingerprint: 'd5e1d9c367dd6d84',
    summary: 'uint16, little-endian, only when set',
    width: '0 or 2',
    detail:
      'The timelock is written as a 2-byte little-endian number when the payload has one and left out when it is undefined; ' +
      'reading takes it only when bytes remain. The builder sets it to 0 when it is missing, so its transactions always carry it.',
  },
  'CPoolCreatePair#6': {
    names: ['customRewards'],
    fingerprint: 'c0cc5bd1ceea61a9',
    summary: 'optional: compact-size count, then token balances',
    width: '0 or 1 + 12n',
    detail:
      'Only when `customRewards` is set: a compact-size count, then per reward a 4-byte little-endian token id and an 8-byte amount in satoshis. ' +
      'Without it the payload ends after the symbol; reading takes rewards only when bytes remain.',
  },
  'CPoolUpdatePair#4': {
    names: ['customRewards'],
    fingerprint: 'c0cc5bd1ceea61a9',
    summary: 'optional: compact-size count, then token balances',
    width: '0 or 1 + 12n',
    detail:
      'Only when `customRewards` is set: a compact-size count, then per reward a 4-byte little-endian token id and an 8-byte amount in satoshis. ' +
      'Without it the payload ends after the owner script; reading takes rewards only when bytes remain.',
  },
  'CTransferDomainItem#3': {
    names: ['data'],
    fingerprint: '95907acaadaefab7',
    summary: 'compact-size length, then raw bytes',
    width: '1 + n',
    detail:
      'The data is a byte array written as its length (compact size) and its bytes. The node requires the signed EVM transaction of the transfer in the EVM side’s item (`dst.data` from DVM to EVM, `src.data` from EVM to DVM, at most 1,024 bytes) and validates it; the DVM side’s item leaves it empty, the one byte 00.',
  },
  'CGovernanceVar#1': {
    names: ['value'],
    fingerprint: '81c4dd16a3674fc4',
    summary: 'depends on the key',
    width: 'varies',
    detail:
      'For `LP_DAILY_DFI_REWARD` an 8-byte amount in satoshis; for `LP_SPLITS` a 1-byte count, then per pool a 4-byte token id and an 8-byte share in satoshis; ' +
      'for any other key the raw bytes, which reading takes to the end of the payload (to 4 bytes before it in a SetGovernanceHeight).',
  },
  'CSetGovernance#0': {
    names: ['governanceVars'],
    fingerprint: '0e4113ea7abc3d4e',
    summary: 'variables one after another, no count',
    width: 'varies',
    detail: 'The variables are written back to back without a count: reading takes one variable after another until the payload ends.',
  },
  'CSetGovernanceHeight#0': {
    names: ['governanceVars'],
    fingerprint: 'a76d8132eca80a15',
    summary: 'variables one after another, no count',
    width: 'varies',
    detail:
      'The variables are written back to back without a count; reading takes variables while more than 4 bytes remain, and the last 4 are the activation height.',
  },
  'CDeFiOpUnmapped#0': {
    names: ['hex'],
    fingerprint: 'dc66a9a00cf502b4',
    summary: 'the remaining bytes',
    width: 'the rest',
    detail: 'A type the codec does not know keeps its bytes as they are: reading takes everything after the type byte as hex.',
  },
};

export interface HelperEncoding {
  /** Bytes on the wire: a number, or how it varies. */
  width: string;
  /** How the helper writes a value, from its code in jellyfish-buffer (dist/Composer.js and the modules it calls). */
  description: string;
}

/** What each ComposableBuffer helper of jellyfish-buffer 4.0.7 writes (dist/Composer.js, CompactSize.js, VarInt.js, BigNumber.js). */
export const HELPER_ENCODINGS: Readonly<Record<string, HelperEncoding>> = {
  uInt8: { width: '1', description: 'an unsigned byte' },
  uInt16: { width: '2', description: 'an unsigned 16-bit number, little-endian' },
  int32: { width: '4', description: 'a signed 32-bit number, little-endian, two’s complement' },
  uInt32: { width: '4', description: 'an unsigned 32-bit number, little-endian' },
  uBool8: { width: '1', description: '01 for true, 00 for false' },
  uBool32: { width: '4', description: 'a boolean as four bytes, the last one the value: 00000001 for true, 00000000 for false (read as a big-endian number)' },
  bigNumberUInt64: { width: '8', description: 'an unsigned 64-bit number, little-endian, from a BigNumber taken as it is' },
  satoshiAsBigNumber: {
    width: '8',
    description: 'an amount: the BigNumber times 100,000,000 (satoshis), as an unsigned 64-bit little-endian number; digits past the 8th decimal are cut off',
  },
  varInt: {
    width: '1 to 9',
    description:
      'a token or pool id as the node’s VARINT: 7 bits a byte, most significant group first, every byte but the last with its top bit set, each continuation counting one more (0 → 00, 127 → 7f, 128 → 8000, 264 → 8108)',
  },
  compactSize: { width: '1, 3, 5 or 9', description: 'a count: below 253 one byte; else fd, fe or ff and 2, 4 or 8 bytes, little-endian' },
  maxPriceAsBigNumber: {
    width: '16',
    description:
      'a price as two unsigned 64-bit little-endian numbers: the integer part, then the fraction in units of 10⁻⁸; more than 8 decimals throws while writing',
  },
  compactSizeUtf8BE: { width: '1 + n', description: 'a text: its UTF-8 length as a compact size, then its UTF-8 bytes in reading order' },
  compactSizeUtf8LE: { width: '1 + n', description: 'a text: its UTF-8 length as a compact size, then its bytes in reverse order' },
  compactSizeHex: { width: '1 + n', description: 'bytes given as hex: their length as a compact size, then the bytes as written' },
  compactSizeOptionalHex: { width: '1 + n', description: 'like compactSizeHex; a value left undefined is written as length 00' },
  hex: { width: 'fixed', description: 'bytes given as hex, written as they are; the length is fixed by the composer' },
  hexBEBufferLE: {
    width: 'fixed',
    description: 'a txid or other 32-byte id as the node shows it, written with its bytes reversed (the node’s uint256 order)',
  },
  optionalHex: { width: '0 or fixed', description: 'like hex, and nothing at all when the value is undefined' },
  utf8LE: { width: 'fixed', description: 'a text of fixed length, bytes in reverse order' },
  utf8BE: { width: 'fixed', description: 'a text of fixed length, bytes in reading order' },
  bitmask1Byte: {
    width: '1',
    description: 'booleans packed into one byte: the listed flags are the bits from high to low, the last flag the lowest bit',
  },
};
