// Signed transactions checked without the SDK's signer: decoding, the transaction without its witness, and the BIP143
// hash a P2WPKH input signs, written out from the specification. Used by the tests that run the wallet guide, the
// recipes and the builder samples (tests/support/builder-samples.ts) to verify every signature they broadcast.
import BigNumber from 'bignumber.js';
import { SmartBuffer } from 'smart-buffer';
import { HASH160, dSHA256 } from '@defichain/jellyfish-crypto';
import { CTransaction, CTransactionSegWit, SIGHASH, type Transaction, type TransactionSegWit } from '@defichain/jellyfish-transaction';

export function decodeTransaction(hex: string): TransactionSegWit {
  return new CTransactionSegWit(SmartBuffer.fromBuffer(Buffer.from(hex, 'hex')));
}

export function withoutWitness(tx: TransactionSegWit): Transaction {
  return { version: tx.version, vin: tx.vin, vout: tx.vout, lockTime: tx.lockTime };
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

function satoshis(value: BigNumber): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value.times(100_000_000).toFixed(0)));
  return buffer;
}

/**
 * The outputs' bytes cut from the transaction without witness (after version, inputs and the output count, before
 * lockTime): the version-4 form (amount, script, token id), the bytes of the broadcast transaction itself.
 */
function outputBytes(unsigned: Buffer, outputs: number): Buffer {
  let offset = 4;
  const compactSize = (): number => {
    const first = unsigned.readUInt8(offset);
    offset += 1;
    if (first < 0xfd) return first;
    if (first === 0xfd) {
      offset += 2;
      return unsigned.readUInt16LE(offset - 2);
    }
    throw new Error('unexpectedly large count');
  };
  const inputs = compactSize();
  for (let i = 0; i < inputs; i++) {
    offset += 36;
    const scriptLength = compactSize();
    offset += scriptLength + 4;
  }
  const counted = compactSize();
  if (counted !== outputs) throw new Error(`the bytes count ${counted} outputs, the transaction has ${outputs}`);
  return unsigned.subarray(offset, unsigned.length - 4);
}

/** The BIP143 hash a P2WPKH input of `publicKey` signs with SIGHASH_ALL, for the input's `value`. */
export function bip143Hash(tx: TransactionSegWit, index: number, publicKey: Buffer, value: BigNumber): Buffer {
  const outpoint = (input: { txid: string; index: number }): Buffer => Buffer.concat([Buffer.from(input.txid, 'hex').reverse(), uint32(input.index)]);
  const input = tx.vin[index];
  if (input === undefined) throw new Error(`no input ${index}`);
  const unsigned = Buffer.from(new CTransaction(withoutWitness(tx)).toHex(), 'hex');
  return dSHA256(
    Buffer.concat([
      uint32(tx.version),
      dSHA256(Buffer.concat(tx.vin.map(outpoint))),
      dSHA256(Buffer.concat(tx.vin.map((each) => uint32(each.sequence)))),
      outpoint(input),
      // The script code of P2WPKH: the P2PKH script of the key's hash.
      Buffer.from(`1976a914${HASH160(publicKey).toString('hex')}88ac`, 'hex'),
      satoshis(value),
      uint32(input.sequence),
      dSHA256(outputBytes(unsigned, tx.vout.length)),
      uint32(tx.lockTime),
      uint32(SIGHASH.ALL),
    ]),
  );
}
