// Derives generator/examples/dftx/ain.json, the facts the custom transaction pages take from the node's sources
// (DeFiCh/ain at the tag below): per type letter, the CustomTxType member (src/dfi/customtx.h), the name decodecustomtx
// prints for it (ToString in src/dfi/customtx.cpp), the message class the node reads it into (customTypeToMessage in
// src/dfi/mn_checks.cpp), the line of the RPC visitor that prints its `results` (src/dfi/rpc_customtx.cpp) and of the
// consensus visitor that applies it (src/dfi/consensus/*.cpp); and the lines of the messages and heights the pages
// quote (MESSAGES below: each is found by its text, so a line number is never typed by hand).
//
//   npx tsx scripts/ain-custom-tx.ts <path of an ain git directory>   (the `fetch` tool's mirror of DeFiCh/ain)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const AIN_TAG = 'v4.0.9';
const OUT = path.resolve(__dirname, '../generator/examples/dftx/ain.json');

/** Texts the pages quote, by key: the file, a line that holds `text` (the first after `after`, when given). */
const MESSAGES: Record<string, { file: string; text: string; after?: string }> = {
  foundationAuth: { file: 'src/dfi/consensus/txvisitor.cpp', text: 'return Res::Err("tx not from foundation member");' },
  ownerAuth: { file: 'src/dfi/errors.h', text: 'tx must have at least one input from account owner' },
  collateralAuth: { file: 'src/dfi/consensus/txvisitor.cpp', text: 'tx must have at least one input from the owner' },
  loanFoundationAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!' },
  loanTokenAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!', after: 'operator()(const CLoanSetLoanTokenMessage' },
  loanTokenUpdateAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!', after: 'operator()(const CLoanUpdateLoanTokenMessage' },
  loanSchemeAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!', after: 'operator()(const CLoanSchemeMessage' },
  loanSchemeDefaultAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!', after: 'operator()(const CDefaultLoanSchemeMessage' },
  loanSchemeDestroyAuth: { file: 'src/dfi/consensus/loans.cpp', text: 'tx not from foundation member!', after: 'operator()(const CDestroyLoanSchemeMessage' },
  masternodeVouts: { file: 'src/dfi/consensus/masternodes.cpp', text: 'malformed tx vouts (wrong creation fee or collateral amount)' },
  masternodeOwner: { file: 'src/dfi/consensus/masternodes.cpp', text: 'masternode creation needs owner auth' },
  tokenVouts: { file: 'src/dfi/consensus/tokens.cpp', text: 'malformed tx vouts (wrong creation fee or collateral amount)' },
  tokenDatFoundation: { file: 'src/dfi/consensus/tokens.cpp', text: 'return Res::Err("tx not from foundation member");', after: 'CCreateTokenMessage' },
  mintDat: { file: 'src/dfi/consensus/tokens.cpp', text: 'token is DAT and tx not from foundation member' },
  mintOwner: { file: 'src/dfi/consensus/tokens.cpp', text: 'tx must have at least one input from token owner', after: 'anybodyCanMint ||' },
  govHeightAuth: { file: 'src/dfi/consensus/governance.cpp', text: 'return Res::Err("tx not from foundation member");', after: 'CGovernanceHeightMessage' },
  govAuth: { file: 'src/dfi/consensus/governance.cpp', text: 'if (auto res = HasFoundationAuth(); !res) {', after: 'CGovernanceMessage' },
  oracleAppointAuth: { file: 'src/dfi/consensus/oracles.cpp', text: 'return Res::Err("tx not from foundation member");', after: 'CAppointOracleMessage' },
  oracleUpdateAuth: { file: 'src/dfi/consensus/oracles.cpp', text: 'return Res::Err("tx not from foundation member");', after: 'CUpdateOracleAppointMessage' },
  oracleRemoveAuth: { file: 'src/dfi/consensus/oracles.cpp', text: 'if (auto res = HasFoundationAuth(); !res) {', after: 'CRemoveOracleAppointMessage' },
  oracleDataAuth: { file: 'src/dfi/consensus/oracles.cpp', text: 'tx must have at least one input from account owner', after: 'CSetOracleDataMessage' },
  poolCreateAuth: { file: 'src/dfi/consensus/poolpairs.cpp', text: 'if (auto res = HasFoundationAuth(); !res) {', after: 'CCreatePoolPairMessage' },
  poolUpdateAuth: { file: 'src/dfi/consensus/poolpairs.cpp', text: 'if (auto res = HasFoundationAuth(); !res) {', after: 'CUpdatePoolPairMessage' },
  voteOwner: {
    file: 'src/dfi/consensus/proposals.cpp',
    text: 'return Res::Err("tx must have at least one input from the owner");',
    after: 'CProposalVoteMessage',
  },
  vaultOwnerUpdate: {
    file: 'src/dfi/consensus/vaults.cpp',
    text: 'return Res::Err("tx must have at least one input from token owner");',
    after: 'CUpdateVaultMessage',
  },
  vaultOwnerClose: {
    file: 'src/dfi/consensus/vaults.cpp',
    text: 'return Res::Err("tx must have at least one input from token owner");',
    after: 'CCloseVaultMessage',
  },
  vaultOwnerWithdraw: {
    file: 'src/dfi/consensus/vaults.cpp',
    text: 'return Res::Err("tx must have at least one input from token owner");',
    after: 'CWithdrawFromVaultMessage',
  },
  vaultOwnerTakeLoan: {
    file: 'src/dfi/consensus/loans.cpp',
    text: 'return Res::Err("tx must have at least one input from vault owner");',
    after: 'CLoanTakeLoanMessage',
  },
  transferDomainHeight: { file: 'src/dfi/consensus/xvm.cpp', text: 'if (height < consensus.DF22MetachainHeight) {' },
  transferDomainDisabled: { file: 'src/dfi/errors.h', text: 'Cannot create tx, transfer domain is not enabled' },
  metachainMainnet: { file: 'src/chainparams.cpp', text: 'consensus.DF22MetachainHeight = 3462000;' },
  metachainTestnet: { file: 'src/chainparams.cpp', text: 'consensus.DF22MetachainHeight = 1150040;' },
  evmChainIdMainnet: { file: 'src/chainparams.cpp', text: 'consensus.evmChainId = 1130;' },
  collateralMainnet: { file: 'src/chainparams.cpp', text: 'consensus.mn.collateralAmountDakota = 20000 * COIN;' },
  creationFeeMainnet: { file: 'src/chainparams.cpp', text: 'consensus.mn.creationFee = 10 * COIN;' },
  votingPeriodMainnet: { file: 'src/chainparams.cpp', text: 'consensus.props.votingPeriod = 130000;' },
  decodeHeight: { file: 'src/dfi/rpc_tokens.cpp', text: 'res = RpcInfo(*tx, std::numeric_limits<int>::max(), guess, txResults);' },
};

function show(gitDir: string, file: string): string[] {
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${AIN_TAG}:${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
}

function listFiles(gitDir: string, folder: string): string[] {
  return execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '--name-only', `${AIN_TAG}:${folder}`], { encoding: 'utf8' })
    .split('\n')
    .filter((name) => name.endsWith('.cpp'))
    .map((name) => `${folder}/${name}`);
}

function main(): void {
  const gitDir = process.argv[2];
  if (gitDir === undefined) throw new Error('usage: ain-custom-tx.ts <ain git dir>');
  const header = show(gitDir, 'src/dfi/customtx.h');
  const enumStart = header.findIndex((line) => line.includes('enum class CustomTxType'));
  const types: Record<string, { enumName: string; enumLine: number }> = {};
  for (let i = enumStart; i < header.length && !(header[i] ?? '').startsWith('};'); i++) {
    const match = /^\s+(\w+)\s*=\s*'(.)'/.exec(header[i] ?? '');
    if (match?.[1] && match[2]) types[match[2]] = { enumName: match[1], enumLine: i + 1 };
  }
  const customtx = show(gitDir, 'src/dfi/customtx.cpp');
  const rpcName: Record<string, { name: string; line: number }> = {};
  customtx.forEach((line, index) => {
    const match = /case CustomTxType::(\w+):/.exec(line);
    const next = /return "([^"]*)";/.exec(customtx[index + 1] ?? '');
    if (match?.[1] && next?.[1] !== undefined && rpcName[match[1]] === undefined) rpcName[match[1]] = { name: next[1], line: index + 2 };
  });
  const checks = show(gitDir, 'src/dfi/mn_checks.cpp');
  const messageOf: Record<string, string> = {};
  checks.forEach((line, index) => {
    const match = /case CustomTxType::(\w+):/.exec(line);
    const next = /return (C\w+)\{\};/.exec(checks[index + 1] ?? '');
    if (match?.[1] && next?.[1] && messageOf[match[1]] === undefined) messageOf[match[1]] = next[1];
  });
  const visitor = show(gitDir, 'src/dfi/rpc_customtx.cpp');
  const resultsLine: Record<string, number> = {};
  visitor.forEach((line, index) => {
    const match = /void operator\(\)\(const (C\w+) &/.exec(line);
    if (match?.[1]) resultsLine[match[1]] = index + 1;
  });
  const consensusAt: Record<string, { path: string; line: number }> = {};
  for (const file of listFiles(gitDir, 'src/dfi/consensus')) {
    show(gitDir, file).forEach((line, index) => {
      const match = /::operator\(\)\(const (C\w+) &/.exec(line);
      if (match?.[1]) consensusAt[match[1]] = { path: file, line: index + 1 };
    });
  }
  const byLetter: Record<string, unknown> = {};
  for (const [letter, { enumName, enumLine }] of Object.entries(types)) {
    const message = messageOf[enumName];
    byLetter[letter] = {
      enumName,
      enumAt: { path: 'src/dfi/customtx.h', line: enumLine },
      rpcName: rpcName[enumName]?.name ?? enumName,
      rpcNameAt: { path: 'src/dfi/customtx.cpp', line: rpcName[enumName]?.line ?? 0 },
      message: message ?? null,
      resultsAt: message !== undefined && resultsLine[message] !== undefined ? { path: 'src/dfi/rpc_customtx.cpp', line: resultsLine[message] } : null,
      consensusAt: message !== undefined ? (consensusAt[message] ?? null) : null,
    };
  }
  const messages: Record<string, { path: string; line: number; text: string }> = {};
  for (const [key, { file, text, after }] of Object.entries(MESSAGES)) {
    const lines = show(gitDir, file);
    const start = after === undefined ? 0 : lines.findIndex((line) => line.includes(after));
    const index = lines.findIndex((line, i) => i >= start && line.includes(text));
    if (start < 0 || index < 0) throw new Error(`${key}: "${text}" not found in ${file}`);
    messages[key] = { path: file, line: index + 1, text: (lines[index] ?? '').trim() };
  }
  const out = { repositoryUrl: 'https://github.com/DeFiCh/ain', tag: AIN_TAG, types: byLetter, messages };
  fs.writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${Object.keys(byLetter).length} types, ${Object.keys(messages).length} messages`);
}

main();
