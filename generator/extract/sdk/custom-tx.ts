// Extracts the custom transaction reference (model/custom-tx.ts): the codec's layout (dftx-layout.ts), the builder
// calls that compose each type, the node RPCs that create it (checked against the RPC model), the node's facts
// (generator/examples/dftx/ain.json, derived by scripts/ain-custom-tx.ts), the node's rules per type (node-rules.ts)
// and a run example of each type.
import fs from 'node:fs';
import path from 'node:path';
import type { RpcReference } from '../../model/types';
import type { AinSource, AinTypeFacts, CustomTxFamily, CustomTxReference, CustomTxType, RpcCall } from '../../model/custom-tx';
import { readPackageInfo } from '../common/package';
import { HELPER_ENCODINGS } from './dftx-custom';
import { runCustomTxExample } from './dftx-examples';
import { readBuilderCalls, readCodecLayout } from './dftx-layout';
import { NODE_RULES_FILE, nodeRules, nodeTypeRules, readNodeRules } from './node-rules';

const CUSTOM_TX_FAMILIES: readonly CustomTxFamily[] = [
  {
    name: 'accounts',
    title: 'Accounts and domains',
    summary: 'UTXOs to tokens and back, transfers between accounts, futures, and moves between the DVM and the EVM',
  },
  { name: 'dex', title: 'Pools and swaps', summary: 'swaps, composite swaps, liquidity, and pool pairs' },
  { name: 'tokens', title: 'Tokens', summary: 'creating, updating, minting and burning tokens' },
  { name: 'masternodes', title: 'Masternodes and governance', summary: 'masternodes, governance variables, proposals and votes' },
  { name: 'oracles', title: 'Oracles', summary: 'appointing oracles and feeding them prices' },
  { name: 'loans', title: 'Loans', summary: 'loan schemes, collateral and loan tokens, taking and paying back loans' },
  { name: 'vaults', title: 'Vaults', summary: 'vaults, their collateral, and auction bids' },
  { name: 'icx', title: 'ICX order book', summary: 'the inter-chain exchange: orders, offers and hash time-locked contracts' },
];

/** Per type (OP_NAME): its page family and the api-core methods whose node RPC creates the same message. */
const TYPE_FACTS: Readonly<Record<string, { family: string; rpc: string[] }>> = {
  OP_DEFI_TX_UTXOS_TO_ACCOUNT: { family: 'accounts', rpc: ['account.utxosToAccount'] },
  OP_DEFI_TX_ACCOUNT_TO_UTXOS: { family: 'accounts', rpc: ['account.accountToUtxos'] },
  OP_DEFI_TX_ACCOUNT_TO_ACCOUNT: { family: 'accounts', rpc: ['account.accountToAccount'] },
  OP_DEFI_TX_ANY_ACCOUNT_TO_ACCOUNT: { family: 'accounts', rpc: ['account.sendTokensToAddress'] },
  OP_DEFI_TX_TRANSFER_DOMAIN: { family: 'accounts', rpc: ['account.transferDomain'] },
  OP_DEFI_TX_FUTURE_SWAP: { family: 'accounts', rpc: ['account.futureSwap', 'account.withdrawFutureSwap'] },
  OP_DEFI_TX_EVM_TX: { family: 'accounts', rpc: ['evm.evmtx'] },
  OP_DEFI_TX_POOL_SWAP: { family: 'dex', rpc: ['poolpair.poolSwap'] },
  OP_DEFI_TX_COMPOSITE_SWAP: { family: 'dex', rpc: ['poolpair.compositeSwap'] },
  OP_DEFI_TX_POOL_ADD_LIQUIDITY: { family: 'dex', rpc: ['poolpair.addPoolLiquidity'] },
  OP_DEFI_TX_POOL_REMOVE_LIQUIDITY: { family: 'dex', rpc: ['poolpair.removePoolLiquidity'] },
  OP_DEFI_TX_POOL_CREATE_PAIR: { family: 'dex', rpc: ['poolpair.createPoolPair'] },
  OP_DEFI_TX_POOL_UPDATE_PAIR: { family: 'dex', rpc: ['poolpair.updatePoolPair'] },
  OP_DEFI_TX_TOKEN_CREATE: { family: 'tokens', rpc: ['token.createToken'] },
  OP_DEFI_TX_TOKEN_UPDATE: { family: 'tokens', rpc: [] },
  OP_DEFI_TX_TOKEN_UPDATE_ANY: { family: 'tokens', rpc: ['token.updateToken'] },
  OP_DEFI_TX_TOKEN_MINT: { family: 'tokens', rpc: ['token.mintTokens'] },
  OP_DEFI_TX_TOKEN_BURN: { family: 'tokens', rpc: ['token.burnTokens'] },
  OP_DEFI_TX_CREATE_MASTER_NODE: { family: 'masternodes', rpc: ['masternode.createMasternode'] },
  OP_DEFI_TX_RESIGN_MASTER_NODE: { family: 'masternodes', rpc: ['masternode.resignMasternode'] },
  OP_DEFI_TX_UPDATE_MASTER_NODE: { family: 'masternodes', rpc: ['masternode.updateMasternode'] },
  OP_DEFI_TX_SET_GOVERNANCE: { family: 'masternodes', rpc: ['masternode.setGov'] },
  OP_DEFI_TX_SET_GOVERNANCE_HEIGHT: { family: 'masternodes', rpc: ['masternode.setGovHeight'] },
  OP_DEFI_TX_CREATE_CFP: { family: 'masternodes', rpc: ['governance.createGovCfp'] },
  OP_DEFI_TX_CREATE_VOC: { family: 'masternodes', rpc: ['governance.createGovVoc'] },
  OP_DEFI_TX_VOTE: { family: 'masternodes', rpc: ['governance.voteGov'] },
  OP_DEFI_TX_AUTO_AUTH_PREP: { family: 'masternodes', rpc: [] },
  OP_DEFI_TX_APPOINT_ORACLE: { family: 'oracles', rpc: ['oracle.appointOracle'] },
  OP_DEFI_TX_REMOVE_ORACLE: { family: 'oracles', rpc: ['oracle.removeOracle'] },
  OP_DEFI_TX_UPDATE_ORACLE: { family: 'oracles', rpc: ['oracle.updateOracle'] },
  OP_DEFI_TX_SET_ORACLE_DATA: { family: 'oracles', rpc: ['oracle.setOracleData'] },
  OP_DEFI_TX_SET_LOAN_SCHEME: { family: 'loans', rpc: ['loan.createLoanScheme', 'loan.updateLoanScheme'] },
  OP_DEFI_TX_DESTROY_LOAN_SCHEME: { family: 'loans', rpc: ['loan.destroyLoanScheme'] },
  OP_DEFI_TX_SET_DEFAULT_LOAN_SCHEME: { family: 'loans', rpc: ['loan.setDefaultLoanScheme'] },
  OP_DEFI_TX_SET_COLLATERAL_TOKEN: { family: 'loans', rpc: ['loan.setCollateralToken'] },
  OP_DEFI_TX_SET_LOAN_TOKEN: { family: 'loans', rpc: ['loan.setLoanToken'] },
  OP_DEFI_TX_UPDATE_LOAN_TOKEN: { family: 'loans', rpc: ['loan.updateLoanToken'] },
  OP_DEFI_TX_TAKE_LOAN: { family: 'loans', rpc: ['loan.takeLoan'] },
  OP_DEFI_TX_PAYBACK_LOAN: { family: 'loans', rpc: ['loan.paybackLoan'] },
  OP_DEFI_TX_PAYBACK_LOAN_V2: { family: 'loans', rpc: ['loan.paybackLoan'] },
  OP_DEFI_TX_CREATE_VAULT: { family: 'vaults', rpc: ['vault.createVault'] },
  OP_DEFI_TX_UPDATE_VAULT: { family: 'vaults', rpc: ['vault.updateVault'] },
  OP_DEFI_TX_DEPOSIT_TO_VAULT: { family: 'vaults', rpc: ['vault.depositToVault'] },
  OP_DEFI_TX_WITHDRAW_FROM_VAULT: { family: 'vaults', rpc: ['vault.withdrawFromVault'] },
  OP_DEFI_TX_CLOSE_VAULT: { family: 'vaults', rpc: ['vault.closeVault'] },
  OP_DEFI_TX_AUCTION_BID: { family: 'vaults', rpc: ['vault.placeAuctionBid'] },
  OP_DEFI_TX_ICX_CREATE_ORDER: { family: 'icx', rpc: ['icxorderbook.createOrder'] },
  OP_DEFI_TX_ICX_MAKE_OFFER: { family: 'icx', rpc: ['icxorderbook.makeOffer'] },
  OP_DEFI_TX_ICX_SUBMIT_DFC_HTLC: { family: 'icx', rpc: ['icxorderbook.submitDFCHTLC'] },
  OP_DEFI_TX_ICX_SUBMIT_EXT_HTLC: { family: 'icx', rpc: ['icxorderbook.submitExtHTLC'] },
  OP_DEFI_TX_ICX_CLAIM_DFC_HTLC: { family: 'icx', rpc: ['icxorderbook.claimDFCHTLC'] },
  OP_DEFI_TX_ICX_CLOSE_ORDER: { family: 'icx', rpc: ['icxorderbook.closeOrder'] },
  OP_DEFI_TX_ICX_CLOSE_OFFER: { family: 'icx', rpc: ['icxorderbook.closeOffer'] },
};

/** Message OP_NAME → the api-core methods whose node RPC writes it. */
export const TYPE_RPC: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(TYPE_FACTS).map(([name, facts]) => [name, facts.rpc]));

export interface AinFacts {
  repositoryUrl: string;
  tag: string;
  types: Record<string, AinTypeFacts & { message: string | null }>;
  messages: Record<string, AinSource & { text: string }>;
}

export function readAinFacts(file: string): AinFacts {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AinFacts;
}

/** `poolpair.poolSwap` → its category, method and node RPC, from the RPC model; throws when the model has none. */
export function rpcCallOf(reference: RpcReference, key: string): RpcCall {
  const [category, method] = key.split('.');
  const found = reference.categories.find((candidate) => candidate.name === category)?.methods.find((candidate) => candidate.name === method);
  const rpc = found?.rpc.names[0];
  if (category === undefined || method === undefined || found === undefined || rpc === undefined)
    throw new Error(`custom-tx: no RPC method ${key} in the RPC model`);
  return { category, method, rpc };
}

export interface CustomTxExtractOptions {
  transactionDir: string;
  builderDir: string;
  ainFactsFile: string;
  /** The node's rules per type (generator/node-rules/dftx-rules.json unless given). */
  nodeRulesFile?: string;
  rpc: RpcReference;
}

export async function extractCustomTxReference(options: CustomTxExtractOptions): Promise<CustomTxReference> {
  const layout = readCodecLayout(options.transactionDir, 'packages/jellyfish-transaction');
  const builder = readBuilderCalls(options.builderDir);
  const ain = readAinFacts(options.ainFactsFile);
  const rules = readNodeRules(options.nodeRulesFile ?? NODE_RULES_FILE);
  const structures = Object.fromEntries(layout.structures);
  const functionOf = new Map([...layout.opCodesFunctions].map(([name, className]) => [className, name]));
  const types: CustomTxType[] = [];
  for (const entry of layout.types) {
    const facts = TYPE_FACTS[entry.opName];
    if (facts === undefined) throw new Error(`custom-tx: ${entry.opName} has no family in TYPE_FACTS (a type this version added)`);
    const opCodesFunction = functionOf.get(entry.className) ?? null;
    const builderCalls = opCodesFunction === null ? [] : (builder.calls.get(opCodesFunction) ?? []);
    const letter = String.fromCharCode(entry.opCode);
    const node = ain.types[letter];
    const rulesOfType = nodeTypeRules(rules, structures, letter, entry.className);
    const example = await runCustomTxExample(layout.structures, {
      className: entry.className,
      opCode: entry.opCode,
      opName: entry.opName,
      opCodesFunction: opCodesFunction ?? '',
      builderCall: builderCalls[0],
      nodeTypeName: node?.rpcName ?? '',
      ...(rulesOfType.decode.valid ? {} : { decodeError: rulesOfType.decode.error }),
    });
    types.push({
      className: entry.className,
      opCode: entry.opCode,
      letter,
      opName: entry.opName,
      opCodesFunction,
      family: facts.family,
      builderCalls,
      rpcCalls: facts.rpc.map((key) => rpcCallOf(options.rpc, key)),
      ain:
        node === undefined
          ? null
          : {
              enumName: node.enumName,
              enumAt: node.enumAt,
              rpcName: node.rpcName,
              rpcNameAt: node.rpcNameAt,
              resultsAt: node.resultsAt,
              consensusAt: node.consensusAt,
            },
      node: rulesOfType,
      example,
    });
  }
  const known = new Set(types.map((type) => type.letter));
  const unmapped = Object.entries(ain.types)
    .filter(([letter]) => !known.has(letter))
    .map(([letter, facts]) => ({ letter, enumName: facts.enumName, at: facts.enumAt }));
  return {
    package: readPackageInfo(options.transactionDir),
    ain: { repositoryUrl: ain.repositoryUrl, tag: ain.tag },
    node: nodeRules(rules),
    signature: layout.signature,
    families: [...CUSTOM_TX_FAMILIES],
    types,
    structures,
    encodings: HELPER_ENCODINGS,
    unmapped,
    builderMethods: builder.methods,
  };
}

export const AIN_FACTS_FILE = path.join('generator', 'examples', 'dftx', 'ain.json');
