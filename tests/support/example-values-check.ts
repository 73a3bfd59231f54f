// Checks that example values are real in form: addresses pass their checksum for their network, txids and hashes
// are 64 hex digits, token amounts carry at most 8 decimals. Used on the RPC and Ocean example data.
import { fromAddress } from '@defichain/jellyfish-address';
import type { NetworkName } from '@defichain/jellyfish-network';

export interface ValueProblem {
  path: string;
  value: string;
  problem: string;
}

/** Strings that look like a DeFiChain address: bech32 of any network, or Base58 of the mainnet/testnet prefixes. */
const BECH32_SHAPE = /^(df|tf|bcrt)1[02-9ac-hj-np-z]{6,}$/i;
const BECH32_LOOSE = /^(df|tf|bcrt)1[0-9a-z]{25,}$/i;
const BASE58_SHAPE = /^[87d][1-9A-HJ-NP-Za-km-z]{33}$/;
/** Keys whose hex string values are txids, block hashes or ids of that kind. */
const HASH_KEY =
  /(^|[^a-z])(txid|hash|blockhash|bestblockhash|previousblockhash|nextblockhash|merkleroot|wtxid|hex)$|(tx|Tx|block|Block|vault|Vault|oracle|Oracle|proposal|Proposal|order|Order|offer|Offer|masternode|Masternode)(Id|Hash|id)$|^(id|txid|hash)$/;
const HEX = /^[0-9a-f]+$/i;
const AMOUNT_AT_TOKEN = /^-?(\d+)(?:\.(\d+))?@[A-Za-z0-9-]+(?:#\d+)?$/;

function networkOf(address: string): NetworkName | null {
  const lower = address.toLowerCase();
  if (lower.startsWith('df1')) return 'mainnet';
  if (lower.startsWith('tf1')) return 'testnet';
  if (lower.startsWith('bcrt1')) return 'regtest';
  if (address.startsWith('8') || address.startsWith('d')) return 'mainnet';
  if (address.startsWith('7')) return 'testnet';
  return null;
}

function checkAddress(address: string, network?: NetworkName): string | null {
  const target = network ?? networkOf(address);
  if (target === null) return 'not an address of a known network';
  return fromAddress(address, target) !== undefined ? null : `fails its checksum for ${target}`;
}

/** Walks a JSON value and reports every string that is an address, hash or amount of the wrong form. */
export function checkExampleValues(value: unknown, path = ''): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const visit = (entry: unknown, at: string, key: string): void => {
    if (typeof entry === 'string') {
      if (BECH32_LOOSE.test(entry) || BASE58_SHAPE.test(entry)) {
        const problem = BECH32_LOOSE.test(entry) && !BECH32_SHAPE.test(entry) ? 'holds characters bech32 does not have' : checkAddress(entry);
        if (problem) problems.push({ path: at, value: entry, problem });
      }
      // Ocean's composite ids are a txid or hash followed by 8 hex digits of a height or an index (72 in all).
      if (
        HASH_KEY.test(key) &&
        HEX.test(entry) &&
        entry.length >= 32 &&
        entry.length < 80 &&
        entry.length !== 64 &&
        !(key === 'id' && entry.length === 72) &&
        key !== 'hex'
      ) {
        problems.push({ path: at, value: entry, problem: `is ${entry.length} hex digits; a txid or hash has 64` });
      }
      const amount = AMOUNT_AT_TOKEN.exec(entry);
      // Interest per block is the one amount the node prints with 24 decimals (its per-block rate is that fine).
      if (amount?.[2] !== undefined && amount[2].length > 8 && !/interest/i.test(key))
        problems.push({ path: at, value: entry, problem: 'has more than 8 decimals' });
      return;
    }
    if (Array.isArray(entry)) {
      entry.forEach((element, index) => visit(element, `${at}[${index}]`, key));
      return;
    }
    if (typeof entry === 'object' && entry !== null) {
      for (const [childKey, child] of Object.entries(entry)) {
        // A key can be an address too (`{ "df1q…": "1@DFI" }`).
        if (BECH32_LOOSE.test(childKey) || BASE58_SHAPE.test(childKey)) visit(childKey, `${at}{key}`, '');
        visit(child, at === '' ? childKey : `${at}.${childKey}`, childKey);
      }
    }
  };
  visit(value, path, '');
  return problems;
}
