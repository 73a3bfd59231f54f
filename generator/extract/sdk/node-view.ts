// What the node's decodecustomtx prints as `results` for a custom transaction, written out from its RPC visitor
// (CCustomTxRpcVisitor in DeFiCh/ain src/dfi/rpc_customtx.cpp at v4.0.9; the line of each type's operator is in
// generator/examples/dftx/ain.json): given the payload as the SDK reads it and the transaction around it. The chain
// state the visitor looks up (token names and symbols) comes from the data set of generator/examples/rpc/README.md.
// Amounts the node prints with ValueFromAmount are numbers with 8 decimals: they are kept as NodeNumber so that the
// JSON text shows them as the node does (`25.00000000`), which a JavaScript number cannot.
import BigNumber from 'bignumber.js';
import { Eth, fromScript } from '@defichain/jellyfish-address';
import { OP_CODES, OP_PUSHDATA, type Script } from '@defichain/jellyfish-transaction';
import { SIGNER_EVM, DATA } from '../../examples/dftx/payloads';

/** A number as the node prints it. */
class NodeNumber {
  constructor(readonly text: string) {}
}
export type NodeValue = string | number | boolean | NodeNumber | NodeValue[] | { [key: string]: NodeValue };

/** Tokens of the data set: id → symbol (its symbol key for a DAT) and name. */
const DATA_SET_TOKENS: Readonly<Record<number, { symbol: string; name: string }>> = {
  0: { symbol: 'DFI', name: 'Default Defi token' },
  1: { symbol: 'ETH', name: 'Ether' },
  2: { symbol: 'BTC', name: 'Bitcoin' },
  3: { symbol: 'USDT', name: 'Tether USD' },
  4: { symbol: 'ETH-DFI', name: 'Ether-Default Defi token' },
  5: { symbol: 'BTC-DFI', name: 'Bitcoin-Default Defi token' },
  6: { symbol: 'USDT-DFI', name: 'Tether USD-Default Defi token' },
  15: { symbol: 'DUSD', name: 'Decentralized USD' },
  17: { symbol: 'DUSD-DFI', name: 'Decentralized USD-Default Defi token' },
  18: { symbol: 'TSLA', name: 'dTSLA' },
  19: { symbol: 'TSLA-DUSD', name: 'dTSLA-Decentralized USD' },
  264: { symbol: 'DOCS#264', name: 'Docs Token' },
};

/** EVM addresses of the data set in their ERC-55 form, as the node encodes them. */
const ERC55 = new Map([SIGNER_EVM, DATA.evmRecipient].map((address) => [address.slice(2).toLowerCase(), address]));

/** ScriptToString: the script's address on mainnet, else its hex. */
export function scriptToString(script: Script): string {
  const evm = Eth.fromScript(script);
  if (evm !== undefined) {
    const known = ERC55.get(evm);
    if (known === undefined) throw new Error(`node-view: no ERC-55 form known for 0x${evm}`);
    return known;
  }
  const decoded = fromScript(script, 'mainnet');
  return decoded?.address ?? '';
}

/** ValueFromAmount: a number with 8 decimals. */
function amount(value: BigNumber | number): NodeNumber {
  return new NodeNumber(new BigNumber(value).toFixed(8));
}

/** CTokenAmount::ToString: `amount@id`. */
function tokenAmount(token: number, value: BigNumber): string {
  return `${value.toFixed(8)}@${token}`;
}

/** The JSON text the node prints (two-space indented), NodeNumber as written. */
export function nodeJson(value: NodeValue, indent = ''): string {
  const inner = `${indent}  `;
  if (value instanceof NodeNumber) return value.text;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => inner + nodeJson(item, inner)).join(',\n')}\n${indent}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${nodeJson(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function symbolOf(token: number): string {
  const found = DATA_SET_TOKENS[token];
  if (found === undefined) throw new Error(`node-view: token ${token} is not in the data set`);
  return found.symbol;
}

interface Balance {
  token: number;
  amount: BigNumber;
}
interface ScriptBalances {
  script: Script;
  balances: Balance[];
}

/** CBalances::ToString of one account: its balances, comma-separated. */
function balancesText(balances: readonly Balance[]): string {
  return [...balances]
    .sort((a, b) => a.token - b.token)
    .map((balance) => tokenAmount(balance.token, balance.amount))
    .join(',');
}

function accountsInfo(accounts: readonly ScriptBalances[]): Record<string, NodeValue> {
  const info: Record<string, NodeValue> = {};
  for (const account of accounts) info[scriptToString(account.script)] = balancesText(account.balances);
  return info;
}

/** The transaction around the payload, as much of it as the visitor reads. */
export interface NodeViewContext {
  txid: string;
  /** Outputs of the transaction: value, script, token id. */
  vout: { value: BigNumber; script: Script; tokenId: number }[];
  /** The height decodecustomtx passes to the visitor (INT_MAX, rpc_tokens.cpp) and the voting period on mainnet. */
  height: number;
  votingPeriod: number;
}

// The payloads are read back by the SDK's own codec, whose objects are typed `any` by CDfTx; each case names the
// fields its type declares.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment */
type Payload = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADDRESS_TYPES: Readonly<Record<number, string>> = { 1: 'P2PKH', 4: 'P2WPKH' };

function keyHashAddress(type: number, hash: string): string {
  if (ADDRESS_TYPES[type] !== 'P2WPKH') throw new Error(`node-view: operator address type ${type} not in the examples`);
  return scriptToString({ stack: [OP_CODES.OP_0, new OP_PUSHDATA(Buffer.from(hash, 'hex'), 'little')] });
}

/** The `results` object decodecustomtx prints for a payload of the SDK's type `opName`. */
export function nodeResults(opName: string, data: Payload, context: NodeViewContext): Record<string, NodeValue> {
  switch (opName) {
    case 'OP_DEFI_TX_CREATE_MASTER_NODE':
      return {
        collateralamount: amount(20000),
        masternodeoperator: keyHashAddress(data.operatorType, data.operatorPubKeyHash),
        timelock: data.timelock === 260 ? 'FIVEYEARTIMELOCK' : data.timelock === 520 ? 'TENYEARTIMELOCK' : 'NONE',
      };
    case 'OP_DEFI_TX_RESIGN_MASTER_NODE':
      return { id: data.nodeId };
    case 'OP_DEFI_TX_UPDATE_MASTER_NODE': {
      const results: Record<string, NodeValue> = { id: data.nodeId };
      for (const update of data.updates as { updateType: number; address: { addressType: number; addressPubKeyHash?: string } }[]) {
        if (update.updateType === 2) results.operatorAddress = keyHashAddress(update.address.addressType, update.address.addressPubKeyHash ?? '');
        if (update.updateType === 1 && context.vout[1] !== undefined) results.ownerAddress = scriptToString(context.vout[1].script);
        if (update.updateType === 3) results.rewardAddress = keyHashAddress(update.address.addressType, update.address.addressPubKeyHash ?? '');
        if (update.updateType === 4) results.rewardAddress = '';
      }
      return results;
    }
    case 'OP_DEFI_TX_TOKEN_CREATE':
      return { creationTx: context.txid, ...tokenInfo(data) };
    case 'OP_DEFI_TX_TOKEN_UPDATE':
      return { isDAT: data.isDAT };
    case 'OP_DEFI_TX_TOKEN_UPDATE_ANY':
      return tokenInfo(data);
    case 'OP_DEFI_TX_TOKEN_MINT':
      return { ...tokenBalances(data.balances), to: scriptToString(data.to) };
    case 'OP_DEFI_TX_TOKEN_BURN': {
      const results: Record<string, NodeValue> = {
        ...tokenBalances(data.amounts),
        from: scriptToString(data.from),
        type: data.burnType === 0 ? 'TokenBurn' : 'Unexpected',
      };
      if (data.variantContext.context.stack.length > 0) results.context = scriptToString(data.variantContext.context);
      return results;
    }
    case 'OP_DEFI_TX_POOL_ADD_LIQUIDITY': {
      const sums = new Map<number, BigNumber>();
      for (const from of data.from as ScriptBalances[])
        for (const balance of from.balances) sums.set(balance.token, (sums.get(balance.token) ?? new BigNumber(0)).plus(balance.amount));
      const results: Record<string, NodeValue> = {};
      if (sums.size !== 2) return results;
      for (const [token, value] of [...sums].sort((a, b) => a[0] - b[0])) results[String(token)] = amount(value);
      results.shareaddress = scriptToString(data.shareAddress);
      return results;
    }
    case 'OP_DEFI_TX_POOL_REMOVE_LIQUIDITY':
      return { from: scriptToString(data.script), amount: tokenAmount(data.tokenId, data.amount) };
    case 'OP_DEFI_TX_UTXOS_TO_ACCOUNT':
      return accountsInfo(data.to);
    case 'OP_DEFI_TX_ACCOUNT_TO_UTXOS': {
      const to: Record<string, NodeValue> = {};
      context.vout.slice(data.mintingOutputsStart).forEach((output) => {
        to[scriptToString(output.script)] = tokenAmount(output.tokenId, output.value);
      });
      return { from: scriptToString(data.from), to };
    }
    case 'OP_DEFI_TX_ACCOUNT_TO_ACCOUNT':
      return { from: scriptToString(data.from), to: accountsInfo(data.to) };
    case 'OP_DEFI_TX_ANY_ACCOUNT_TO_ACCOUNT':
      return { from: accountsInfo(data.from), to: accountsInfo(data.to) };
    case 'OP_DEFI_TX_FUTURE_SWAP':
      return { owner: scriptToString(data.owner), source: tokenAmount(data.source.token, data.source.amount), destination: String(data.destination) };
    case 'OP_DEFI_TX_POOL_CREATE_PAIR': {
      const results: Record<string, NodeValue> = { creationTx: context.txid };
      results.tokenA = DATA_SET_TOKENS[data.tokenA]?.name ?? '';
      results.tokenB = DATA_SET_TOKENS[data.tokenB]?.name ?? '';
      results.commission = amount(data.commission);
      results.status = data.status;
      results.ownerAddress = scriptToString(data.ownerAddress);
      const rewards = ((data.customRewards ?? []) as Balance[]).filter((reward) => reward.amount.gt(0));
      if (rewards.length > 0) results.customRewards = rewards.map((reward) => tokenAmount(reward.token, reward.amount));
      return results;
    }
    case 'OP_DEFI_TX_POOL_UPDATE_PAIR':
      return { commission: amount(data.commission), status: data.status, ownerAddress: scriptToString(data.ownerAddress) };
    case 'OP_DEFI_TX_POOL_SWAP':
      return poolSwap(data);
    case 'OP_DEFI_TX_COMPOSITE_SWAP':
      return { ...poolSwap(data.poolSwap), compositeDex: (data.pools as { id: number }[]).map((pool) => symbolOf(pool.id)).join('/') };
    case 'OP_DEFI_TX_SET_GOVERNANCE': {
      const results: Record<string, NodeValue> = {};
      for (const variable of data.governanceVars) results[variable.key] = governanceExport(variable);
      return results;
    }
    case 'OP_DEFI_TX_SET_GOVERNANCE_HEIGHT': {
      const [variable] = data.governanceVars;
      return { [variable.key]: governanceExport(variable), startHeight: data.activationHeight };
    }
    case 'OP_DEFI_TX_APPOINT_ORACLE':
      return { oracleAddress: scriptToString(data.script), weightage: data.weightage, availablePairs: pairs(data.priceFeeds) };
    case 'OP_DEFI_TX_UPDATE_ORACLE':
      return { oracleId: data.oracleId, oracleAddress: scriptToString(data.script), weightage: data.weightage, availablePairs: pairs(data.priceFeeds) };
    case 'OP_DEFI_TX_REMOVE_ORACLE':
      return { oracleId: data.oracleId };
    case 'OP_DEFI_TX_SET_ORACLE_DATA': {
      const prices: NodeValue[] = [];
      const tokens = [...(data.tokens as { token: string; prices: { currency: string; amount: BigNumber }[] }[])].sort((a, b) => (a.token < b.token ? -1 : 1));
      for (const token of tokens)
        for (const price of [...token.prices].sort((a, b) => (a.currency < b.currency ? -1 : 1)))
          prices.push({ currency: price.currency, tokenAmount: `${decimalString(price.amount)}@${token.token}` });
      return { oracleId: data.oracleId, timestamp: Number(data.timestamp), tokenPrices: prices };
    }
    case 'OP_DEFI_TX_AUTO_AUTH_PREP':
      return {};
    case 'OP_DEFI_TX_ICX_CREATE_ORDER': {
      const results: Record<string, NodeValue> =
        data.orderType === 1
          ? { type: 'DFC', tokenFrom: symbolOf(data.tokenId), chainto: 'BTC' }
          : { type: 'EXTERNAL', chainFrom: 'BTC', tokenTo: symbolOf(data.tokenId), receivePubkey: data.receivePubkey ?? '' };
      const toAsset = new BigNumber(data.amountToFill).times(data.orderPrice).decimalPlaces(8, BigNumber.ROUND_DOWN);
      return {
        ...results,
        ownerAddress: scriptToString(data.ownerAddress),
        amountFrom: amount(data.amountFrom),
        amountToFill: amount(data.amountToFill),
        orderPrice: amount(data.orderPrice),
        amountToFillInToAsset: amount(toAsset),
        expiry: data.expiry,
      };
    }
    case 'OP_DEFI_TX_ICX_MAKE_OFFER': {
      const results: Record<string, NodeValue> = { orderTx: data.orderTx, amount: amount(data.amount), ownerAddress: scriptToString(data.ownerAddress) };
      if (data.receivePubkey !== undefined && data.receivePubkey !== '') results.receivePubkey = data.receivePubkey;
      return { ...results, takerFee: amount(data.takerFee), expiry: data.expiry };
    }
    case 'OP_DEFI_TX_ICX_SUBMIT_DFC_HTLC':
      return { type: 'DFC', offerTx: data.offerTx, amount: amount(data.amount), hash: data.hash, timeout: data.timeout };
    case 'OP_DEFI_TX_ICX_SUBMIT_EXT_HTLC':
      return {
        type: 'EXTERNAL',
        offerTx: data.offerTx,
        amount: amount(data.amount),
        hash: data.hash,
        htlcScriptAddress: data.htlcScriptAddress,
        ownerPubkey: data.ownerPubkey,
        timeout: data.timeout,
      };
    case 'OP_DEFI_TX_ICX_CLAIM_DFC_HTLC':
      return { type: 'CLAIM DFC', dfchtlcTx: data.dfcHTLCTx, seed: data.seed };
    case 'OP_DEFI_TX_ICX_CLOSE_ORDER':
      return { orderTx: data.orderTx };
    case 'OP_DEFI_TX_ICX_CLOSE_OFFER':
      return { offerTx: data.offerTx };
    case 'OP_DEFI_TX_SET_COLLATERAL_TOKEN': {
      const results: Record<string, NodeValue> = {
        token: symbolOf(data.token),
        factor: amount(data.factor),
        fixedIntervalPriceId: `${data.currencyPair.token}/${data.currencyPair.currency}`,
      };
      if (data.activateAfterBlock !== 0) results.activateAfterBlock = data.activateAfterBlock;
      return results;
    }
    case 'OP_DEFI_TX_SET_LOAN_TOKEN':
      return loanToken(data);
    case 'OP_DEFI_TX_UPDATE_LOAN_TOKEN':
      return { id: data.tokenTx, ...loanToken(data) };
    case 'OP_DEFI_TX_SET_LOAN_SCHEME':
      return { id: data.identifier, mincolratio: data.ratio, interestrate: amount(data.rate), updateHeight: Number(data.update) };
    case 'OP_DEFI_TX_SET_DEFAULT_LOAN_SCHEME':
      return { id: data.identifier };
    case 'OP_DEFI_TX_DESTROY_LOAN_SCHEME':
      return { id: data.identifier, destroyHeight: Number(data.height) };
    case 'OP_DEFI_TX_CREATE_VAULT':
      return { ownerAddress: scriptToString(data.ownerAddress), loanSchemeId: data.schemeId };
    case 'OP_DEFI_TX_CLOSE_VAULT':
      return { vaultId: data.vaultId, to: scriptToString(data.to) };
    case 'OP_DEFI_TX_UPDATE_VAULT':
      return { vaultId: data.vaultId, ownerAddress: scriptToString(data.ownerAddress), loanSchemeId: data.schemeId };
    case 'OP_DEFI_TX_DEPOSIT_TO_VAULT':
      return { vaultId: data.vaultId, from: scriptToString(data.from), amount: tokenAmount(data.tokenAmount.token, data.tokenAmount.amount) };
    case 'OP_DEFI_TX_WITHDRAW_FROM_VAULT':
      return { vaultId: data.vaultId, to: scriptToString(data.to), amount: tokenAmount(data.tokenAmount.token, data.tokenAmount.amount) };
    case 'OP_DEFI_TX_TAKE_LOAN': {
      const results: Record<string, NodeValue> = { vaultId: data.vaultId };
      if (data.to.stack.length > 0) results.to = scriptToString(data.to);
      for (const balance of data.tokenAmounts as Balance[]) results[String(balance.token)] = amount(balance.amount);
      return results;
    }
    case 'OP_DEFI_TX_PAYBACK_LOAN': {
      const results: Record<string, NodeValue> = { vaultId: data.vaultId, from: scriptToString(data.from) };
      for (const balance of data.tokenAmounts as Balance[]) results[String(balance.token)] = amount(balance.amount);
      return results;
    }
    case 'OP_DEFI_TX_PAYBACK_LOAN_V2':
      return {
        vaultId: data.vaultId,
        from: scriptToString(data.from),
        dToken: (data.loans as { dToken: number; amounts: Balance[] }[]).map((loan) => {
          const entry: Record<string, NodeValue> = { dTokens: String(loan.dToken) };
          for (const balance of loan.amounts) entry[String(balance.token)] = amount(balance.amount);
          return entry;
        }),
      };
    case 'OP_DEFI_TX_AUCTION_BID':
      return {
        vaultId: data.vaultId,
        index: data.index,
        from: scriptToString(data.from),
        amount: tokenAmount(data.tokenAmount.token, data.tokenAmount.amount),
      };
    case 'OP_DEFI_TX_CREATE_CFP':
    case 'OP_DEFI_TX_CREATE_VOC': {
      // A transaction not yet in a block: the end height the visitor guesses from the voting period.
      const period = context.votingPeriod;
      const end = context.height + (period - (context.height % period)) + data.nCycles * period;
      const results: Record<string, NodeValue> = {
        proposalId: context.txid,
        type: data.type === 1 ? 'CommunityFundProposal' : 'VoteOfConfidence',
        title: data.title,
        context: data.context,
        amount: amount(data.nAmount),
        cycles: data.nCycles,
        proposalEndHeight: end,
        payoutAddress: scriptToString(data.address),
      };
      if (data.options !== 0) results.options = (data.options & 1) !== 0 ? ['emergency'] : [];
      return results;
    }
    case 'OP_DEFI_TX_VOTE':
      return {
        proposalId: data.proposalId,
        masternodeId: data.masternodeId,
        vote: ({ 1: 'YES', 2: 'NO', 3: 'NEUTRAL' } as Record<number, string>)[data.voteDecision] ?? 'Unknown',
      };
    case 'OP_DEFI_TX_TRANSFER_DOMAIN':
      return {
        transfers: (data.items as { src: Payload; dst: Payload }[]).map(({ src, dst }) => ({ src: domainItem(src), dst: domainItem(dst) })),
      };
    case 'OP_DEFI_TX_EVM_TX':
      // The visitor prints the EVM transaction's fields only once the EVM has it (an edge in the node's view).
      return {};
    default:
      throw new Error(`node-view: no results for ${opName}`);
  }
}

function tokenInfo(token: { name: string; symbol: string; isDAT: boolean; mintable: boolean; tradeable: boolean }): Record<string, NodeValue> {
  return { name: token.name, symbol: token.symbol, isDAT: token.isDAT, mintable: token.mintable, tradeable: token.tradeable, finalized: false };
}

function tokenBalances(balances: readonly Balance[]): Record<string, NodeValue> {
  const results: Record<string, NodeValue> = {};
  for (const balance of [...balances].sort((a, b) => a.token - b.token)) results[String(balance.token)] = amount(balance.amount);
  return results;
}

function poolSwap(data: Payload): Record<string, NodeValue> {
  return {
    fromAddress: scriptToString(data.fromScript),
    fromToken: String(data.fromTokenId),
    fromAmount: amount(data.fromAmount),
    toAddress: scriptToString(data.toScript),
    toToken: String(data.toTokenId),
    maxPrice: amount(data.maxPrice),
  };
}

function governanceExport(variable: { key: string; value: unknown }): NodeValue {
  if (variable.key === 'LP_SPLITS') {
    const splits: Record<string, NodeValue> = {};
    for (const split of [...(variable.value as { tokenId: number; value: BigNumber }[])].sort((a, b) => a.tokenId - b.tokenId))
      splits[String(split.tokenId)] = amount(split.value);
    return splits;
  }
  if (variable.key === 'LP_DAILY_DFI_REWARD') return amount(variable.value as BigNumber);
  throw new Error(`node-view: governance variable ${variable.key} not in the examples`);
}

function pairs(feeds: readonly { token: string; currency: string }[]): NodeValue[] {
  return [...feeds]
    .sort((a, b) => (a.token === b.token ? (a.currency < b.currency ? -1 : 1) : a.token < b.token ? -1 : 1))
    .map((feed) => ({ token: feed.token, currency: feed.currency }));
}

function loanToken(data: Payload): Record<string, NodeValue> {
  return {
    symbol: data.symbol,
    name: data.name,
    fixedIntervalPriceId: `${data.currencyPair.token}/${data.currencyPair.currency}`,
    mintable: data.mintable,
    interest: amount(data.interest),
  };
}

function domainItem(item: Payload): Record<string, NodeValue> {
  const result: Record<string, NodeValue> = {
    address: scriptToString(item.address),
    amount: tokenAmount(item.amount.token, item.amount.amount),
    domain: item.domain === 2 ? 'DVM' : item.domain === 3 ? 'EVM' : 'Unknown',
  };
  if (item.data.length > 0) result.data = Buffer.from(item.data as Uint8Array).toString('hex');
  return result;
}

/** GetDecimalString (src/amount.h): the amount with 8 decimals. */
function decimalString(value: BigNumber): string {
  return value.toFixed(8);
}
