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
    detail: 'The data is a byte array written as its length (compact size) and its bytes; transfers between DVM and EVM leave it empty, one byte 00.',
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
