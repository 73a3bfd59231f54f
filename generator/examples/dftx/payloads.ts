// The example payload of every DeFi custom transaction type, by its OP_NAME: what the custom transaction pages
// compose with the SDK, break down byte by byte and read back, and what the builder samples
// (generator/examples/builder) send. Values come from the data set of generator/examples/rpc/README.md; the account
// that signs is account 0 of the site's test mnemonic on mainnet (docs/ecosystem/wallets.mdx), so the addresses it
// must own (`from`, `owner`, `to` of a loan) are its own. Each object is typed by the SDK's own interface.
import BigNumber from 'bignumber.js';
import { Eth, fromAddress } from '@defichain/jellyfish-address';
import type * as dftx from '@defichain/jellyfish-transaction';

/** The output script of a mainnet address (bech32 or base58), or of an EVM address (`0x…`). */
export function script(address: string): dftx.Script {
  const decoded = address.startsWith('0x') ? Eth.fromAddress(address) : fromAddress(address, 'mainnet')?.script;
  if (decoded === undefined) throw new Error(`payloads: ${address} is not a mainnet address`);
  return decoded;
}

const amount = (value: string): BigNumber => new BigNumber(value);

/** Account 0 of the test mnemonic on mainnet: it signs every example. */
export const SIGNER = 'df1qm8rmljwy9wkhajfunl3x9jchvvf8p9ujzx7cwx';
/** The same key's address on the EVM (what `account.getEvmAddress()` gives). */
export const SIGNER_EVM = '0x80DCBA1678F139Aee599b532b6e0c30947761Fa3';
/** Its compressed public key. */
const SIGNER_PUBLIC_KEY = '039849b4bc43bb8fc8f354fac43e307356b4fc15ac1753c454764ab2e3c91c2162';

/** Addresses and ids of the data set. */
export const DATA = {
  recipient: 'df1qqvgjhdcptf4td2a57azj60kza06dnzfjy4mjhk',
  anotherAccount: 'df1qn4vt78d3569eukwvtrgvhhjefzhex3nr7nnvve',
  oracleOwner: 'df1q49kvw4uv6hjyaxedcqzhgma4py994sst6uwp9g',
  poolOwner: 'df1qaayagu8ag3easttef8l0gjd67dk7jmmfwy0txq',
  /** Hash160 of the masternode operator's public key 03cbaa2742bf…, the data set's operator address df1q27mmhy…. */
  operatorKeyHash: '57b7bb92beab172a78be29aad32a8965e77dd735',
  evmRecipient: '0x0C10ADf25fC5940214648a64A2112fc7357c5b55',
  vaultId: '351d74ca2d56636a628535a4f2d83b5733938d1038ee559e92980bb536627838',
  vaultInAuction: '261865d7b5f3eba6b5e55ccabf5937b28b2ec3ee0f97131b6046c3a8ee892cf4',
  masternodeId: 'b8afbd2504fe5221b391371e2bc1e1812e3fd70bf0be090e7634535ff0eacc1c',
  oracleId: 'c00cf76bcf0f4585a1efdcb923ec9dd3a5fdfb0095af9ed6fa2f0d8395c09eec',
  proposalId: 'c06ec69d681447b79934997f293b6bcb2946fe038472f4772c989f9e43e33ff6',
  icxOrder: '530adae3ac422a1ae00fc568761b1913877e7a6827055c3cb3471d9a80dd4349',
  icxOffer: 'd7fd36d23400e43cd0ff2b64b68fdff1c239b20295d0607ba9a4d976e0598c8f',
  icxDfcHtlc: '6355fb5a71fb6f90d4f6978ed7d74f13226ca780a1794ac0317edf7ecae0ca9a',
  icxSeed: 'e38b9d0bd8443e455570594a2d2d998ee7f48b7ffdc126cdac671c300c3ee446',
  icxHash: '04fc0908990e6b0a2b2e894714915d7f47314fb653cd07f732f0b90c8e053337',
  icxHtlcScriptAddress: '34QY1NvzDLpuSCjLmBhUf4JdpBCAp4uugC',
  /** The creation txid of the loan token TSLA (id 18): the data set's "create token" txid is DOCS's. */
  tslaCreationTx: 'ee9a1bba7e742b96161ded225c3e60d8968ec344002632f3a3bd13b79d428c37',
  docsCreationTx: 'c9a0b5190db2bac5e8f3b4559a363acd7e045d5ca7908aecbaf321901ec169a0',
} as const;

/**
 * A signed EVM transaction (legacy, chain id 1130: DeFiChain's EVM on mainnet) of the signer's key that calls the
 * transfer-domain contract 0xdf00…0001 with transfer(from, to, amount, vmAddress): what a DVM to EVM transferDomain
 * carries in `dst.data` (the shape of the SDK's own test, packages/jellyfish-transaction-builder/__tests__/txn/
 * txn_builder_account_transfer_domain.test.ts at v4.0.7). Made with ethers 6.17.0 from the signer's private key.
 */
const TRANSFER_DOMAIN_EVM_TX =
  'f9014480808094df0000000000000000000000000000000000000180b8e4d57b282600000000000000000000000080dcba1678f139aee599b532b6e0c30947761fa3' +
  '00000000000000000000000080dcba1678f139aee599b532b6e0c30947761fa30000000000000000000000000000000000000000000000000de0b6b3a764000000' +
  '00000000000000000000000000000000000000000000000000000000000080000000000000000000000000000000000000000000000000000000000000002a6466' +
  '31716d38726d6c6a777939776b68616a66756e6c3378396a6368767666387039756a7a7837637778000000000000000000000000000000000000000000008208f7' +
  'a0aed7b04e6fd13fac22152c1559c559fa6b21a97787f13dd8d37a15d6eecdae96a0506ed2e41fb0d37954f29685122617f16eef57948da5c6de4b9a93a447a169e3';

/** A signed EVM transaction of the signer's key: 1 DFI to the data set's EVM address, nonce 1, gas price 10 gwei. */
const EVM_SEND_TX =
  'f86e018502540be400825208940c10adf25fc5940214648a64a2112fc7357c5b55880de0b6b3a7640000808208f8a064d62546cb2907d8b11d3b139bdced8e67a83105' +
  '5516ce4e4ddb86ed415890f9a044d6f9e2ce08e3d9225c7dea698c98f2d9c161b9b7d656a2c0100a06e65079d0';

/**
 * The unspent output the signer spends in the examples, as Ocean lists it for the address (the builder samples'
 * stand-in Ocean serves the same): txid SHA-256("jellyfish-docs test mnemonic utxo"), output 1, 1,000 DFI.
 */
export const SIGNER_UTXO = { txid: 'a1a46e25cec5ffeea7777e02dad5d112603205e7b4f2a59df289f2464ebba30b', vout: 1, value: '1000' } as const;
/**
 * What the signer spends to create a masternode: the node wants output 1 to hold exactly the collateral, 20,000 DFI,
 * and the builder puts all the change there, so the output holds 20,000 DFI, the 10 DFI creation fee and the
 * transaction's fee (txid SHA-256("jellyfish-docs test mnemonic masternode utxo")).
 */
export const MASTERNODE_UTXO = { txid: '6385df9c0a04bb8b618dfa5b9e2edb6df22c7e3b1d23d9472d49477e18124bb4', vout: 0, value: '20010.00000755' } as const;
/** The fee rate Ocean quotes in the examples, in DFI per 1,000 virtual bytes. */
export const FEE_RATE = '0.00005';

const me = (): dftx.Script => script(SIGNER);

export const PAYLOADS = {
  OP_DEFI_TX_POOL_SWAP: {
    fromScript: me(),
    fromTokenId: 0,
    fromAmount: amount('100'),
    toScript: me(),
    toTokenId: 2,
    maxPrice: amount('46500'),
  } satisfies dftx.PoolSwap,
  OP_DEFI_TX_COMPOSITE_SWAP: {
    poolSwap: { fromScript: me(), fromTokenId: 0, fromAmount: amount('100'), toScript: me(), toTokenId: 18, maxPrice: amount('0.0046') },
    pools: [{ id: 17 }, { id: 19 }],
  } satisfies dftx.CompositeSwap,
  OP_DEFI_TX_POOL_ADD_LIQUIDITY: {
    from: [
      {
        script: me(),
        balances: [
          { token: 2, amount: amount('0.1') },
          { token: 0, amount: amount('4625') },
        ],
      },
    ],
    shareAddress: me(),
  } satisfies dftx.PoolAddLiquidity,
  OP_DEFI_TX_POOL_REMOVE_LIQUIDITY: { script: me(), tokenId: 5, amount: amount('10') } satisfies dftx.PoolRemoveLiquidity,
  OP_DEFI_TX_POOL_CREATE_PAIR: {
    tokenA: 18,
    tokenB: 15,
    commission: amount('0.002'),
    ownerAddress: script(DATA.poolOwner),
    status: true,
    pairSymbol: 'TSLA-DUSD',
    customRewards: [],
  } satisfies dftx.PoolCreatePair,
  OP_DEFI_TX_POOL_UPDATE_PAIR: {
    poolId: 5,
    status: true,
    commission: amount('0.002'),
    ownerAddress: script(DATA.poolOwner),
    customRewards: [],
  } satisfies dftx.PoolUpdatePair,
  OP_DEFI_TX_TOKEN_MINT: { balances: [{ token: 264, amount: amount('1000') }], to: me() } satisfies dftx.TokenMint,
  OP_DEFI_TX_TOKEN_BURN: {
    amounts: [{ token: 264, amount: amount('50') }],
    from: me(),
    burnType: 0,
    variantContext: { variant: 0, context: { stack: [] } },
  } satisfies dftx.TokenBurn,
  OP_DEFI_TX_TOKEN_CREATE: {
    symbol: 'DOCS',
    name: 'Docs Token',
    decimal: 8,
    limit: amount('0'),
    isDAT: false,
    tradeable: true,
    mintable: true,
  } satisfies dftx.TokenCreate,
  OP_DEFI_TX_TOKEN_UPDATE: { creationTx: DATA.docsCreationTx, isDAT: true } satisfies dftx.TokenUpdate,
  OP_DEFI_TX_TOKEN_UPDATE_ANY: {
    creationTx: DATA.docsCreationTx,
    symbol: 'DOCS',
    name: 'Docs Token v2',
    decimal: 8,
    limit: amount('0'),
    isDAT: false,
    tradeable: true,
    mintable: false,
  } satisfies dftx.TokenUpdateAny,
  OP_DEFI_TX_UTXOS_TO_ACCOUNT: { to: [{ script: me(), balances: [{ token: 0, amount: amount('100') }] }] } satisfies dftx.UtxosToAccount,
  OP_DEFI_TX_ACCOUNT_TO_UTXOS: { from: me(), balances: [{ token: 0, amount: amount('10') }], mintingOutputsStart: 2 } satisfies dftx.AccountToUtxos,
  OP_DEFI_TX_ACCOUNT_TO_ACCOUNT: {
    from: me(),
    to: [{ script: script(DATA.recipient), balances: [{ token: 0, amount: amount('25') }] }],
  } satisfies dftx.AccountToAccount,
  OP_DEFI_TX_TRANSFER_DOMAIN: {
    items: [
      {
        src: { address: me(), amount: { token: 0, amount: amount('1') }, domain: 2, data: new Uint8Array([]) },
        dst: {
          address: script(SIGNER_EVM),
          amount: { token: 0, amount: amount('1') },
          domain: 3,
          data: new Uint8Array(Buffer.from(TRANSFER_DOMAIN_EVM_TX, 'hex')),
        },
      },
    ],
  } satisfies dftx.TransferDomain,
  OP_DEFI_TX_ANY_ACCOUNT_TO_ACCOUNT: {
    from: [{ script: me(), balances: [{ token: 0, amount: amount('5') }] }],
    to: [{ script: script(DATA.anotherAccount), balances: [{ token: 0, amount: amount('5') }] }],
  } satisfies dftx.AnyAccountToAccount,
  OP_DEFI_TX_FUTURE_SWAP: { owner: me(), source: { token: 15, amount: amount('100') }, destination: 18, withdraw: false } satisfies dftx.SetFutureSwap,
  OP_DEFI_TX_APPOINT_ORACLE: {
    script: script(DATA.oracleOwner),
    weightage: 20,
    priceFeeds: [
      { token: 'BTC', currency: 'USD' },
      { token: 'DFI', currency: 'USD' },
      { token: 'TSLA', currency: 'USD' },
    ],
  } satisfies dftx.AppointOracle,
  OP_DEFI_TX_REMOVE_ORACLE: { oracleId: DATA.oracleId } satisfies dftx.RemoveOracle,
  OP_DEFI_TX_UPDATE_ORACLE: {
    oracleId: DATA.oracleId,
    script: script(DATA.oracleOwner),
    weightage: 20,
    priceFeeds: [
      { token: 'BTC', currency: 'USD' },
      { token: 'DFI', currency: 'USD' },
      { token: 'ETH', currency: 'USD' },
      { token: 'TSLA', currency: 'USD' },
    ],
  } satisfies dftx.UpdateOracle,
  OP_DEFI_TX_SET_ORACLE_DATA: {
    oracleId: DATA.oracleId,
    timestamp: amount('1700611480'),
    tokens: [
      { token: 'BTC', prices: [{ currency: 'USD', amount: amount('37012.5') }] },
      { token: 'DFI', prices: [{ currency: 'USD', amount: amount('0.8012') }] },
    ],
  } satisfies dftx.SetOracleData,
  OP_DEFI_TX_AUTO_AUTH_PREP: {},
  OP_DEFI_TX_CREATE_MASTER_NODE: { operatorType: 4, operatorPubKeyHash: DATA.operatorKeyHash, timelock: 0 } satisfies dftx.CreateMasternode,
  OP_DEFI_TX_RESIGN_MASTER_NODE: { nodeId: DATA.masternodeId } satisfies dftx.ResignMasternode,
  OP_DEFI_TX_UPDATE_MASTER_NODE: {
    nodeId: DATA.masternodeId,
    updates: [{ updateType: 2, address: { addressType: 4, addressPubKeyHash: DATA.operatorKeyHash } }],
  } satisfies dftx.UpdateMasternode,
  OP_DEFI_TX_SET_GOVERNANCE: {
    governanceVars: [
      {
        key: 'LP_SPLITS',
        value: [
          { tokenId: 4, value: amount('0.06') },
          { tokenId: 5, value: amount('0.13') },
          { tokenId: 6, value: amount('0.04') },
          { tokenId: 17, value: amount('0.77') },
        ],
      },
    ],
  } satisfies dftx.SetGovernance,
  OP_DEFI_TX_SET_GOVERNANCE_HEIGHT: {
    governanceVars: [
      {
        key: 'LP_SPLITS',
        value: [
          { tokenId: 4, value: amount('0.06') },
          { tokenId: 5, value: amount('0.13') },
          { tokenId: 6, value: amount('0.04') },
          { tokenId: 17, value: amount('0.77') },
        ],
      },
    ],
    activationHeight: 3460000,
  } satisfies dftx.SetGovernanceHeight,
  OP_DEFI_TX_ICX_CREATE_ORDER: {
    orderType: 1,
    tokenId: 2,
    ownerAddress: me(),
    receivePubkey: SIGNER_PUBLIC_KEY,
    amountFrom: amount('0.5'),
    amountToFill: amount('0.5'),
    orderPrice: amount('1'),
    expiry: 2880,
  } satisfies dftx.ICXCreateOrder,
  OP_DEFI_TX_ICX_MAKE_OFFER: {
    orderTx: DATA.icxOrder,
    amount: amount('0.1'),
    ownerAddress: me(),
    expiry: 20,
    takerFee: amount('0.001'),
  } satisfies dftx.ICXMakeOffer,
  OP_DEFI_TX_ICX_CLOSE_ORDER: { orderTx: DATA.icxOrder } satisfies dftx.ICXCloseOrder,
  OP_DEFI_TX_ICX_CLOSE_OFFER: { offerTx: DATA.icxOffer } satisfies dftx.ICXCloseOffer,
  OP_DEFI_TX_CREATE_CFP: {
    type: 0x01,
    address: me(),
    nAmount: amount('25000'),
    nCycles: 2,
    title: 'Jellyfish SDK documentation site',
    context: 'https://github.com/DeFiCh/dfips/issues/288',
    contexthash: '',
    options: 0x00,
  } satisfies dftx.CreateCfp,
  OP_DEFI_TX_CREATE_VOC: {
    type: 0x02,
    address: { stack: [] },
    nAmount: amount('0'),
    nCycles: 1,
    title: 'Keep the DUSD-DFI DEX fee at 5 %',
    context: 'https://github.com/DeFiCh/dfips/issues/291',
    contexthash: '',
    options: 0x00,
  } satisfies dftx.CreateVoc,
  OP_DEFI_TX_VOTE: { proposalId: DATA.proposalId, masternodeId: DATA.masternodeId, voteDecision: 0x01 } satisfies dftx.Vote,
  OP_DEFI_TX_ICX_SUBMIT_DFC_HTLC: { offerTx: DATA.icxOffer, amount: amount('0.1'), hash: DATA.icxHash, timeout: 1440 } satisfies dftx.ICXSubmitDFCHTLC,
  OP_DEFI_TX_ICX_SUBMIT_EXT_HTLC: {
    offerTx: DATA.icxOffer,
    amount: amount('0.1'),
    hash: DATA.icxHash,
    htlcScriptAddress: DATA.icxHtlcScriptAddress,
    ownerPubkey: SIGNER_PUBLIC_KEY,
    timeout: 24,
  } satisfies dftx.ICXSubmitEXTHTLC,
  OP_DEFI_TX_ICX_CLAIM_DFC_HTLC: { dfcHTLCTx: DATA.icxDfcHtlc, seed: DATA.icxSeed } satisfies dftx.ICXClaimDFCHTLC,
  OP_DEFI_TX_SET_LOAN_SCHEME: { ratio: 250, rate: amount('1.8'), identifier: 'MIN250', update: amount('0') } satisfies dftx.SetLoanScheme,
  OP_DEFI_TX_DESTROY_LOAN_SCHEME: { identifier: 'MIN250', height: amount('0') } satisfies dftx.DestroyLoanScheme,
  OP_DEFI_TX_SET_DEFAULT_LOAN_SCHEME: { identifier: 'MIN175' } satisfies dftx.SetDefaultLoanScheme,
  OP_DEFI_TX_SET_COLLATERAL_TOKEN: {
    token: 15,
    factor: amount('1.2'),
    currencyPair: { token: 'DUSD', currency: 'USD' },
    activateAfterBlock: 0,
  } satisfies dftx.SetCollateralToken,
  OP_DEFI_TX_SET_LOAN_TOKEN: {
    symbol: 'NVDA',
    name: 'dNVDA',
    currencyPair: { token: 'NVDA', currency: 'USD' },
    mintable: true,
    interest: amount('0'),
  } satisfies dftx.SetLoanToken,
  OP_DEFI_TX_UPDATE_LOAN_TOKEN: {
    symbol: 'TSLA',
    name: 'dTSLA',
    currencyPair: { token: 'TSLA', currency: 'USD' },
    mintable: true,
    interest: amount('1.5'),
    tokenTx: DATA.tslaCreationTx,
  } satisfies dftx.UpdateLoanToken,
  OP_DEFI_TX_CREATE_VAULT: { ownerAddress: me(), schemeId: 'MIN150' } satisfies dftx.CreateVault,
  OP_DEFI_TX_UPDATE_VAULT: { vaultId: DATA.vaultId, ownerAddress: me(), schemeId: 'MIN175' } satisfies dftx.UpdateVault,
  OP_DEFI_TX_DEPOSIT_TO_VAULT: { vaultId: DATA.vaultId, from: me(), tokenAmount: { token: 15, amount: amount('100') } } satisfies dftx.DepositToVault,
  OP_DEFI_TX_WITHDRAW_FROM_VAULT: { vaultId: DATA.vaultId, to: me(), tokenAmount: { token: 2, amount: amount('0.01') } } satisfies dftx.WithdrawFromVault,
  OP_DEFI_TX_CLOSE_VAULT: { vaultId: DATA.vaultId, to: me() } satisfies dftx.CloseVault,
  OP_DEFI_TX_TAKE_LOAN: { vaultId: DATA.vaultId, to: me(), tokenAmounts: [{ token: 18, amount: amount('5') }] } satisfies dftx.TakeLoan,
  OP_DEFI_TX_PAYBACK_LOAN: { vaultId: DATA.vaultId, from: me(), tokenAmounts: [{ token: 18, amount: amount('1') }] } satisfies dftx.PaybackLoan,
  OP_DEFI_TX_PAYBACK_LOAN_V2: {
    vaultId: DATA.vaultId,
    from: me(),
    loans: [{ dToken: 18, amounts: [{ token: 15, amount: amount('235') }] }],
  } satisfies dftx.PaybackLoanV2,
  OP_DEFI_TX_AUCTION_BID: {
    vaultId: DATA.vaultInAuction,
    index: 0,
    from: me(),
    tokenAmount: { token: 18, amount: amount('23.5') },
  } satisfies dftx.PlaceAuctionBid,
  OP_DEFI_TX_EVM_TX: { raw: EVM_SEND_TX } satisfies dftx.EvmTx,
} as const;
