// A second reading of the errors of 19 DeFi transaction RPCs, made by a reviewer from DeFiCh/ain v4.0.9 without the data
// in generator/errors/rpc.json at hand, compared with that data entry by entry. Where the two readings disagreed the
// node's source settled it; each settled fact is a case here, with the file:line it stands on, followed by entries both
// readings found alike. ERRORS_FILE points the suite at another copy of the data (to see it fail on older data).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRpcErrors } from '../../generator/extract/rpc/errors';
import type { RpcError } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
const FILE = process.env.ERRORS_FILE ?? path.join(ROOT, 'generator/errors/rpc.json');
const text = fs.readFileSync(FILE, 'utf8');
const data = parseRpcErrors(text);
const raw = JSON.parse(text) as { methods: { rpc: string; dropped?: { code: number; message: string; source: string; reason: string }[] }[] };

/** What a method's list shows: its own entries and those of its groups (every-scope groups included). */
function listed(rpc: string): RpcError[] {
  const method = data.methods.get(rpc);
  if (!method) throw new Error(`no method ${rpc}`);
  const groups = data.catalog.groups.filter((group) => group.scope === 'every' || method.groups.includes(group.id));
  return [...method.errors, ...groups.flatMap((group) => group.errors)];
}
function dropped(rpc: string): { code: number; message: string; source: string; reason: string }[] {
  return raw.methods.find((method) => method.rpc === rpc)?.dropped ?? [];
}
const shows = (rpc: string, code: number, message: string): RpcError | undefined =>
  listed(rpc).find((error) => error.code === code && error.message === message);

type Entry = readonly [rpc: string, code: number, message: string, source: string];

// The reviewer listed these as reachable or not found them; the source says the handler answers something else first,
// or builds the transaction so the check holds. Each is out of the list and among the method's dropped entries.
const unreachable: readonly Entry[] = [
  ['deposittovault', -8, 'Invalid parameters, arguments must be non-null', 'src/dfi/rpc_vault.cpp:875'], // RPCTypeCheck rpc_vault.cpp:865 refuses null first
  ['withdrawfromvault', -8, 'Invalid parameters, arguments must be non-null', 'src/dfi/rpc_vault.cpp:976'], // RPCTypeCheck rpc_vault.cpp:966
  ['takeloan', -8, 'Invalid parameters, arguments 1 must be non-null and expected as object at least with {"vaultId","amounts"}', 'src/dfi/rpc_loan.cpp:1185'], // RPCTypeCheck rpc_loan.cpp:1183
  [
    'paybackloan',
    -8,
    'Invalid parameters, argument 1 must be non-null and expected as object at least with {"vaultId","amounts"}',
    'src/dfi/rpc_loan.cpp:1336',
  ], // RPCTypeCheck rpc_loan.cpp:1334
  ['sendtoaddress', -4, 'Error: The transaction was rejected! Reason given: {state}', 'src/wallet/rpcwallet.cpp:365'], // CommitTransaction returns true, wallet.cpp:3433
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\namount cannot be less than or equal to zero', 'src/dfi/consensus/poolpairs.cpp:161'], // ParseTokenAmount rawtransaction_util.cpp:44-45
  [
    'removepoolliquidity',
    -32600,
    'Test RemovePoolLiquidityTx execution failed:\namount cannot be less than or equal to zero',
    'src/dfi/consensus/poolpairs.cpp:216',
  ], // ParseTokenAmount rawtransaction_util.cpp:44-45
  ['takeloan', -32600, 'Test TakeLoanTx execution failed:\nValid loan amount required (input: {tokenAmount}@{tokenId})', 'src/dfi/consensus/loans.cpp:690'], // DecodeAmounts rpc_loan.cpp:1208
  ['paybackloan', -32600, 'Test PaybackLoanTx execution failed:\nValid payback amount required (input: {amount}@{value})', 'src/dfi/errors.h:131'], // DecodeAmounts rpc_loan.cpp:1367, 1399
  ['setoracledata', -32600, 'Test SetOracleDataTx execution failed:\nAmount out of range', 'src/dfi/consensus/oracles.cpp:80'], // rpc_oracles.cpp:500-503 answers -22 first
  [
    'utxostoaccount',
    -32600,
    'Test UtxosToAccountTx execution failed:\ntransfer tokens mismatch burnt tokens: ({mustBeBurnt}) != ({ToString})',
    'src/dfi/consensus/accounts.cpp:35',
  ], // rpc_accounts.cpp:756-772
  [
    'accounttoutxos',
    -32600,
    'Test AccountToUtxosTx execution failed:\namount of minted tokens in UTXOs and metadata do not match: ({ToString}) != ({balances})',
    'src/dfi/consensus/accounts.cpp:56',
  ], // rpc_accounts.cpp:1077-1091
  [
    'createvault',
    -32600,
    'Test VaultTx execution failed:\nMalformed tx vouts, creation vault fee is {vaultCreationFee} DFI',
    'src/dfi/consensus/vaults.cpp:20',
  ], // rpc_vault.cpp:367
  ['creategovcfp', -32600, 'Test CreateCfpTx execution failed:\nmalformed tx vouts (wrong creation fee)', 'src/dfi/consensus/proposals.cpp:16'], // rpc_proposals.cpp:302
  [
    'createtoken',
    -32600,
    'Test CreateTokenTx execution failed:\nmalformed tx vouts (wrong creation fee or collateral amount)',
    'src/dfi/consensus/tokens.cpp:18',
  ], // rpc_tokens.cpp:147-148
  ['votegov', -32600, 'Test VoteTx execution failed:\nunsupported vote type', 'src/dfi/consensus/proposals.cpp:167'], // rpc_proposals.cpp:512-521
  ['appointoracle', -32600, 'Test AppointOracleTx execution failed:\nempty token / currency', 'src/dfi/consensus/oracles.cpp:16'], // rpc_oracles.cpp:46-52
  ['sendtokenstoaddress', -32600, 'Test AnyAccountsToAccountsTx execution failed:\ntx must have at least one input from account owner', 'src/dfi/errors.h:326'], // rpc_accounts.cpp:2091-2098
  [
    'compositeswap',
    -32600,
    'Test PoolSwapTx execution failed:\nToo many pool IDs provided, max {MAX_POOL_SWAPS} allowed, {size} provided',
    'src/dfi/mn_checks.cpp:938',
  ], // rpc_poolpair.cpp:1080-1083
  ['compositeswap', -32600, 'Test PoolSwapTx execution failed:\nFinal swap should have idTokenTo as destination, not source', 'src/dfi/mn_checks.cpp:996'], // rpc_poolpair.cpp:1080-1083
  [
    'compositeswap',
    -32600,
    'Test PoolSwapTx execution failed:\nFinal swap pool should have idTokenTo, incorrect final pool ID provided',
    'src/dfi/mn_checks.cpp:1000',
  ], // rpc_poolpair.cpp:1080-1083
  ['compositeswap', -32600, 'Test PoolSwapTx execution failed:\nFinal swap output is not same as idTokenTo', 'src/dfi/mn_checks.cpp:1117'], // rpc_poolpair.cpp:1080-1083
  [
    'compositeswap',
    -32600,
    "Test PoolSwapTx execution failed:\nError, input token ID ({nTokenId}) doesn't match pool tokens ({idTokenA},{idTokenB})",
    'src/dfi/poolpairs.cpp:430',
  ], // rpc_poolpair.cpp:1080-1083
  ['poolswap', -32600, 'Test PoolSwapTx execution failed:\nFinal swap output is not same as idTokenTo', 'src/dfi/mn_checks.cpp:1117'], // one pool of tokenFrom and tokenTo, mn_checks.cpp:946
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\nError: tokens IDs are the same.', 'src/dfi/poolpairs.cpp:73'], // pool stored back as read, consensus/poolpairs.cpp:168, 207
  [
    'addpoolliquidity',
    -32600,
    'Test AddPoolLiquidityTx execution failed:\nError, there is already a poolpair with same tokens, but different poolId',
    'src/dfi/poolpairs.cpp:80',
  ], // pool stored back as read, consensus/poolpairs.cpp:168, 207
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\nError, PoolID is incorrect', 'src/dfi/poolpairs.cpp:93'], // pool stored back as read, consensus/poolpairs.cpp:168, 207
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\nError, idTokenA or idTokenB is incorrect.', 'src/dfi/poolpairs.cpp:115'], // pool stored back as read, consensus/poolpairs.cpp:168, 207
  ['removepoolliquidity', -32600, 'Test RemovePoolLiquidityTx execution failed:\nError: tokens IDs are the same.', 'src/dfi/poolpairs.cpp:73'], // pool stored back as read, consensus/poolpairs.cpp:222, 251
  [
    'removepoolliquidity',
    -32600,
    'Test RemovePoolLiquidityTx execution failed:\nError, there is already a poolpair with same tokens, but different poolId',
    'src/dfi/poolpairs.cpp:80',
  ], // pool stored back as read, consensus/poolpairs.cpp:222, 251
  ['removepoolliquidity', -32600, 'Test RemovePoolLiquidityTx execution failed:\nError, PoolID is incorrect', 'src/dfi/poolpairs.cpp:93'], // pool stored back as read, consensus/poolpairs.cpp:222, 251
  ['removepoolliquidity', -32600, 'Test RemovePoolLiquidityTx execution failed:\nError, idTokenA or idTokenB is incorrect.', 'src/dfi/poolpairs.cpp:115'], // pool stored back as read, consensus/poolpairs.cpp:222, 251
];

// Entries the reviewer found that the data lacked; the source confirms each (the group or method that holds it).
const missing: readonly Entry[] = [
  ['accounttoaccount', -8, "txid must be of length 64 (not {length}, for '{strHex}')", 'src/rpc/util.cpp:99'], // GetInputs reads txid with ParseHashO, mn_rpc.cpp:279
  ['poolswap', -8, "txid must be hexadecimal string (not '{strHex}')", 'src/rpc/util.cpp:101'], // mn_rpc.cpp:279
  ['createvault', -8, "txid must be of length 64 (not {length}, for '{strHex}')", 'src/rpc/util.cpp:99'], // rpc_vault.cpp:364-365
  ['takeloan', -32600, 'Test TakeLoanTx execution failed:\nDisabled custom transaction', 'src/dfi/mn_checks.cpp:418'], // IsDisabledTx in CustomTxVisit, which execTestTx calls
  ['paybackloan', -32600, 'Test PaybackLoanTx execution failed:\nDisabled custom transaction', 'src/dfi/mn_checks.cpp:418'],
  ['deposittovault', -32600, 'Test DepositToVaultTx execution failed:\nDisabled custom transaction', 'src/dfi/mn_checks.cpp:418'],
  ['withdrawfromvault', -32600, 'Test WithdrawFromVaultTx execution failed:\nDisabled custom transaction', 'src/dfi/mn_checks.cpp:418'],
  ['deposittovault', -32600, 'Test DepositToVaultTx execution failed:\nCollateral token with id ({tokenId}) does not exist!', 'src/dfi/masternodes.cpp:1147'], // GetVaultAssets, consensus/vaults.cpp:242
  ['withdrawfromvault', -32600, 'Test WithdrawFromVaultTx execution failed:\nCollateral for vault <{vaultId}> not found', 'src/dfi/vault.cpp:83'], // consensus/vaults.cpp:281
  ['withdrawfromvault', -32600, 'Test WithdrawFromVaultTx execution failed:\namount {balance} is less than {amount}', 'src/amount.h:154'], // CBalances::Sub, balances.h:37
  [
    'createtoken',
    -32600,
    'Test CreateTokenTx execution failed:\nInvalid token symbol. Valid: Start with an alphabet, non-empty, not contain # or /',
    'src/dfi/tokens.cpp:311',
  ], // CreateToken checks IsValidSymbol, tokens.cpp:77
];

// The reviewer called these unreachable "on today's chain"; regtest starts with Fort Canning and Fort Canning Road at
// height 10,000,000 (src/chainparams.cpp:1069, 1073), so a regtest node answers them. They stay listed.
const belowFork: readonly Entry[] = [
  ['compositeswap', -32600, 'compositeswap is available post Fort Canning', 'src/dfi/rpc_poolpair.cpp:1065'],
  ['setoracledata', -8, 'timestamp cannot be negative, zero or over 5 minutes in the future', 'src/dfi/rpc_oracles.cpp:536'],
  ['paybackloan', -8, 'Invalid parameters, argument "amounts" must not be null', 'src/dfi/rpc_loan.cpp:1370'],
];

// Both readings alike: code, message (placeholders aside) and the source line (within the reviewer's cited range).
const agreed: readonly Entry[] = [
  ['utxostoaccount', -5, 'The address ({first}) is not your own address', 'src/dfi/rpc_accounts.cpp:274'], // reviewer: src/dfi/rpc_accounts.cpp:272-276
  ['utxostoaccount', -8, 'zero amounts', 'src/dfi/rpc_accounts.cpp:758'], // reviewer: src/dfi/rpc_accounts.cpp:756-759
  ['accounttoaccount', -5, 'The address ({first}) is not your own address', 'src/dfi/rpc_accounts.cpp:274'], // reviewer: src/dfi/rpc_accounts.cpp:272-276
  ['accounttoaccount', -8, 'zero amounts', 'src/dfi/rpc_accounts.cpp:909'], // reviewer: src/dfi/rpc_accounts.cpp:908-910
  ['accounttoutxos', -8, 'zero amounts', 'src/dfi/rpc_accounts.cpp:1021'], // reviewer: src/dfi/rpc_accounts.cpp:1019-1022
  ['accounttoutxos', -32600, 'Test AccountToUtxosTx execution failed:\nonly available for DFI transactions', 'src/dfi/consensus/accounts.cpp:65'], // reviewer: src/dfi/consensus/accounts.cpp:61-67
  ['sendtokenstoaddress', -5, 'The address ({first}) is not your own address', 'src/dfi/rpc_accounts.cpp:274'], // reviewer: src/dfi/rpc_accounts.cpp:272-276
  ['sendtokenstoaddress', -8, 'zero amounts in "to" param', 'src/dfi/rpc_accounts.cpp:2040'], // reviewer: src/dfi/rpc_accounts.cpp:2038-2041
  ['sendtokenstoaddress', -8, 'Invalide accounts selection mode.', 'src/dfi/rpc_accounts.cpp:289'], // reviewer: src/dfi/rpc_accounts.cpp:282-290
  ['sendtoaddress', -5, 'Invalid address', 'src/wallet/rpcwallet.cpp:421'], // reviewer: src/wallet/rpcwallet.cpp:419-422
  ['sendtoaddress', -8, 'Invalid conf_target, must be between 1 - {max_target}', 'src/rpc/util.cpp:276'], // reviewer: src/rpc/util.cpp:272-277
  ['sendtoaddress', -8, 'Invalid estimate_mode parameter', 'src/wallet/rpcwallet.cpp:452'], // reviewer: src/wallet/rpcwallet.cpp:450-454
  ['poolswap', -8, 'tokenFrom is empty', 'src/dfi/rpc_poolpair.cpp:153'], // reviewer: src/dfi/rpc_poolpair.cpp:152-154
  ['poolswap', -8, 'tokenTo is empty', 'src/dfi/rpc_poolpair.cpp:156'], // reviewer: src/dfi/rpc_poolpair.cpp:155-157
  ['poolswap', -8, 'TokenFrom was not found', 'src/dfi/rpc_poolpair.cpp:176'], // reviewer: src/dfi/rpc_poolpair.cpp:174-177
  ['compositeswap', -8, 'tokenFrom is empty', 'src/dfi/rpc_poolpair.cpp:153'], // reviewer: src/dfi/rpc_poolpair.cpp:152-154
  ['compositeswap', -8, 'tokenTo is empty', 'src/dfi/rpc_poolpair.cpp:156'], // reviewer: src/dfi/rpc_poolpair.cpp:155-157
  ['compositeswap', -8, 'TokenFrom was not found', 'src/dfi/rpc_poolpair.cpp:176'], // reviewer: src/dfi/rpc_poolpair.cpp:174-177
  ['addpoolliquidity', -32600, 'Not enough balance on wallet accounts, call utxostoaccount to increase it.\n', 'src/dfi/rpc_poolpair.cpp:401'], // reviewer: src/dfi/rpc_poolpair.cpp:398-403
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\nthe pool pair requires two tokens', 'src/dfi/consensus/poolpairs.cpp:153'], // reviewer: src/dfi/consensus/poolpairs.cpp:151-154
  ['addpoolliquidity', -32600, 'Test AddPoolLiquidityTx execution failed:\nthere is no such pool pair', 'src/dfi/consensus/poolpairs.cpp:170'], // reviewer: src/dfi/consensus/poolpairs.cpp:168-171
  ['removepoolliquidity', -32600, 'Test RemovePoolLiquidityTx execution failed:\nthere is no such pool pair', 'src/dfi/consensus/poolpairs.cpp:224'], // reviewer: src/dfi/consensus/poolpairs.cpp:223-226
  ['takeloan', -8, 'Invalid parameters, argument "vaultId" must be non-null', 'src/dfi/rpc_loan.cpp:1198'], // reviewer: src/dfi/rpc_loan.cpp:1195-1199
  ['takeloan', -8, 'Invalid parameters, argument "amounts" must not be null', 'src/dfi/rpc_loan.cpp:1210'], // reviewer: src/dfi/rpc_loan.cpp:1207-1211
  ['takeloan', -8, 'Vault <{vaultId}> not found', 'src/dfi/rpc_loan.cpp:1220'], // reviewer: src/dfi/rpc_loan.cpp:1218-1221
  ['paybackloan', -8, 'Invalid parameters, argument "vaultId" must be non-null', 'src/dfi/rpc_loan.cpp:1343'], // reviewer: src/dfi/rpc_loan.cpp:1342-1344
  ['paybackloan', -8, 'Invalid parameters, argument "from" must not be null', 'src/dfi/rpc_loan.cpp:1348'], // reviewer: src/dfi/rpc_loan.cpp:1347-1349
  ['paybackloan', -8, 'Invalid parameters, argument "amounts" and "loans" cannot be set at the same time', 'src/dfi/rpc_loan.cpp:1364'], // reviewer: src/dfi/rpc_loan.cpp:1363-1365
  ['createvault', -32600, 'Test VaultTx execution failed:\nThere is no default loan scheme', 'src/dfi/consensus/vaults.cpp:30'], // reviewer: src/dfi/consensus/vaults.cpp:27-32
  ['createvault', -32600, 'Test VaultTx execution failed:\nCannot find existing loan scheme with id {schemeId}', 'src/dfi/consensus/vaults.cpp:37'], // reviewer: src/dfi/consensus/vaults.cpp:35-38
  [
    'createvault',
    -32600,
    'Test VaultTx execution failed:\nCannot set {schemeId} as loan scheme, set to be destroyed on block {height}',
    'src/dfi/consensus/vaults.cpp:43',
  ], // reviewer: src/dfi/consensus/vaults.cpp:40-44
  ['deposittovault', -32600, 'Test DepositToVaultTx execution failed:\ntx must have at least one input from token owner', 'src/dfi/consensus/vaults.cpp:202'], // reviewer: src/dfi/consensus/vaults.cpp:201-203
  ['deposittovault', -32600, 'Test DepositToVaultTx execution failed:\nVault <{vaultId}> not found', 'src/dfi/consensus/vaults.cpp:212'], // reviewer: src/dfi/consensus/vaults.cpp:210-213
  ['deposittovault', -32600, 'Test DepositToVaultTx execution failed:\nCannot deposit to vault under liquidation', 'src/dfi/consensus/vaults.cpp:217'], // reviewer: src/dfi/consensus/vaults.cpp:215-218
  ['withdrawfromvault', -5, 'Vault <{vaultId}> not found', 'src/dfi/rpc_vault.cpp:1000'], // reviewer: src/dfi/rpc_vault.cpp:998-1001
  ['withdrawfromvault', -32600, 'Test WithdrawFromVaultTx execution failed:\nCannot withdraw from vault under liquidation', 'src/dfi/consensus/vaults.cpp:269'], // reviewer: src/dfi/consensus/vaults.cpp:267-270
  [
    'withdrawfromvault',
    -32600,
    'Test WithdrawFromVaultTx execution failed:\ntx must have at least one input from token owner',
    'src/dfi/consensus/vaults.cpp:274',
  ], // reviewer: src/dfi/consensus/vaults.cpp:272-275
  ['appointoracle', -8, 'currency is required field', 'src/dfi/rpc_oracles.cpp:37'], // reviewer: src/dfi/rpc_oracles.cpp:36-38
  ['appointoracle', -8, 'token is required field', 'src/dfi/rpc_oracles.cpp:40'], // reviewer: src/dfi/rpc_oracles.cpp:39-41
  ['appointoracle', -8, 'token/currency is empty', 'src/dfi/rpc_oracles.cpp:50'], // reviewer: src/dfi/rpc_oracles.cpp:49-52
  ['setoracledata', -8, 'currency is required field', 'src/dfi/rpc_oracles.cpp:492'], // reviewer: src/dfi/rpc_oracles.cpp:491-493
  ['setoracledata', -8, 'tokenAmount is required field', 'src/dfi/rpc_oracles.cpp:495'], // reviewer: src/dfi/rpc_oracles.cpp:494-496
  ['setoracledata', -32600, 'Test SetOracleDataTx execution failed:\ntx must have at least one input from account owner', 'src/dfi/consensus/oracles.cpp:74'], // reviewer: src/dfi/consensus/oracles.cpp:73-75
  ['creategovcfp', -8, '<title> is required', 'src/dfi/rpc_proposals.cpp:239'], // reviewer: src/dfi/rpc_proposals.cpp:236-240
  ['creategovcfp', -8, 'Address ({addressStr}) is of an unknown type', 'src/dfi/rpc_proposals.cpp:271'], // reviewer: src/dfi/rpc_proposals.cpp:268-272
  ['creategovcfp', -32600, 'Test CreateCfpTx execution failed:\nCannot create tx, on-chain governance is not enabled', 'src/dfi/consensus/proposals.cpp:29'], // reviewer: src/dfi/consensus/proposals.cpp:22-31
  [
    'votegov',
    -8,
    'Decision supports yes or no. Neutral is currently disabled because of issue https://github.com/DeFiCh/ain/issues/1704',
    'src/dfi/rpc_proposals.cpp:519',
  ], // reviewer: src/dfi/rpc_proposals.cpp:518-522
  ['votegov', -8, 'decision supports yes/no/neutral', 'src/dfi/rpc_proposals.cpp:517'], // reviewer: src/dfi/rpc_proposals.cpp:516-517
  ['votegov', -8, 'Proposal <{propId}> does not exist', 'src/dfi/rpc_proposals.cpp:531'], // reviewer: src/dfi/rpc_proposals.cpp:529-532
  [
    'createtoken',
    -8,
    'Invalid parameters, arguments 1 must be non-null and expected as object at least with {"symbol","collateralAddress"}',
    'src/dfi/rpc_tokens.cpp:96',
  ], // reviewer: src/dfi/rpc_tokens.cpp:95-99
  ['createtoken', -8, 'collateralAddress ({collateralAddress}) does not refer to any valid address', 'src/dfi/rpc_tokens.cpp:107'], // reviewer: src/dfi/rpc_tokens.cpp:104-109
  ['createtoken', -32600, 'Test CreateTokenTx execution failed:\ntx not from foundation member', 'src/dfi/consensus/tokens.cpp:107'], // reviewer: src/dfi/consensus/tokens.cpp:106-108
];

describe('the errors of 19 DeFi transaction RPCs, read twice from the node', () => {
  it.each(unreachable)('%s does not list %i %j (%s), and says why', (rpc, code, message, source) => {
    expect(shows(rpc, code, message)).toBeUndefined();
    const entry = dropped(rpc).find((d) => d.code === code && d.message === message);
    expect(entry?.source).toBe(source);
    expect(entry?.reason).toMatch(/src\/[\w/.-]+:\d+/);
  });

  it.each([...missing, ...belowFork])('%s lists %i %j at %s', (rpc, code, message, source) => {
    expect(shows(rpc, code, message)?.source).toBe(source);
  });

  it('says the pre-fork checks are for chains below the fork', () => {
    for (const [rpc, code, message] of belowFork) expect(shows(rpc, code, message)?.condition).toMatch(/Fort Canning/);
  });

  it('words the settled candidates as the node does', () => {
    // DecodeRecipientsDefaultInternal refuses DFI to a foreign address (src/dfi/rpc_accounts.cpp:268-279); accounttoutxos
    // decodes its recipients without it.
    for (const rpc of ['accounttoaccount', 'utxostoaccount', 'sendtokenstoaddress'])
      expect(shows(rpc, -5, 'The address ({first}) is not your own address')?.source).toBe('src/dfi/rpc_accounts.cpp:274');
    expect(shows('accounttoutxos', -5, 'The address ({first}) is not your own address')).toBeUndefined();
    // Res::Err carries code 0 (src/dfi/res.h:21-22) and GuessTokenAmount's refusal goes out with it.
    expect(shows('accounttoaccount', 0, '{name}: Invalid Defi token: {token}')?.source).toBe('src/rpc/rawtransaction_util.cpp:65');
    // DepositToVault words its own shortfall (src/dfi/consensus/vaults.cpp:230-233), with the trailing newline.
    expect(
      shows('deposittovault', -32600, "Test DepositToVaultTx execution failed:\nInsufficient funds: can't subtract balance of {from}: {reason}\n")?.source,
    ).toBe('src/dfi/consensus/vaults.cpp:232');
    // ToString(PaybackLoanV2) is "PaybackLoan" (src/dfi/customtx.cpp:176-179): no V2 in any wrapper.
    expect(listed('paybackloan').filter((error) => /PaybackLoanV2/.test(error.message))).toEqual([]);
    expect(listed('paybackloan').some((error) => error.message.startsWith('Test PaybackLoanTx execution failed:\n'))).toBe(true);
    // compositeswap without an enabled direct pool: a shortfall met on every route comes back from CalculateSwaps in the
    // RPC's own message (src/dfi/rpc_poolpair.cpp:1080-1097), not as a trial-run reason.
    const usable = shows('compositeswap', -32600, '{errorMsg}');
    expect(usable?.source).toBe('src/dfi/rpc_poolpair.cpp:1097');
    expect(usable?.condition).toMatch(/Cannot find usable pool pair\./);
    // The auth transaction is built and signed before the trial run (src/dfi/mn_rpc.cpp:456-458), keeping the inner code.
    const auth = listed('accounttoaccount').filter((error) => error.message.startsWith('Add-on auth TX failed:'));
    // Not -22: the signed transaction it decodes is the node's own encoding, which reads back (errors-review6).
    expect(auth.map((error) => error.code).sort()).toEqual([-25, -4]);
    expect(auth.find((error) => error.code === -25)?.condition).toMatch(/before the trial run/);
    // Neither -13 nor -6 for a DeFi transaction RPC; the locked wallet shows at signing (src/dfi/mn_rpc.cpp:197).
    for (const rpc of ['poolswap', 'takeloan', 'createtoken', 'votegov']) {
      expect(listed(rpc).filter((error) => error.code === -13 || error.code === -6)).toEqual([]);
      expect(shows(rpc, -25, "Can't sign TX: {errors}")?.source).toBe('src/dfi/mn_rpc.cpp:197');
    }
    // sendtoaddress checks the lock itself (src/wallet/rpcwallet.cpp:460, via EnsureWalletIsUnlocked).
    expect(listed('sendtoaddress').some((error) => error.code === -13)).toBe(true);
    // The two wrappers (src/dfi/mn_rpc.cpp:495, 501), the hint one for SubBalanceDelShares only (txvisitor.cpp:235-240).
    expect(
      shows(
        'removepoolliquidity',
        -32600,
        "Test {txType}Tx execution failed: not enough balance on owner's account, call utxostoaccount to increase it.\n{reason}",
      )?.source,
    ).toBe('src/dfi/mn_rpc.cpp:495');
    expect(shows('poolswap', -32600, 'Test {txType}Tx execution failed:\n{reason}')?.source).toBe('src/dfi/mn_rpc.cpp:501');
    expect(listed('poolswap').filter((error) => /^Test PoolSwapTx execution failed: not enough balance/.test(error.message))).toEqual([]);
    expect(shows('poolswap', -32600, 'Test PoolSwapTx execution failed:\namount {balance} is less than {amount}')?.source).toBe('src/amount.h:154');
  });

  it.each(agreed)('%s lists %i %j at %s', (rpc, code, message, source) => {
    expect(shows(rpc, code, message)?.source).toBe(source);
  });

  it('covers every one of the 19 RPCs with at least one agreed entry, and more than 30 in all', () => {
    expect(new Set(agreed.map(([rpc]) => rpc)).size).toBe(19);
    expect(agreed.length).toBeGreaterThan(30);
  });
});
