// The builder samples as examples of the builder package page's members, keyed `<group>.<method>` (`createDeFiTx` for
// the builder's own method): the sample's code as printed (generator/examples/builder/<group>/<method>.ts, run by
// tests/unit/builder-samples.test.ts), the signed hex and its decoded form (outputs.json, written by
// scripts/builder-samples.ts), notes, and the node RPC that makes the same transaction from a node wallet. Who may send
// a call and what the node answers anyone else come from the node's sources (generator/examples/dftx/ain.json).
// The route of the RPC section is the caller's to give (extractors know no routes): cli.ts passes model/routes.ts's.
// attachBuilderExamples puts the examples on the members of the extracted reference that they call.
import fs from 'node:fs';
import path from 'node:path';
import type { RpcReference } from '../../model/types';
import type { SdkClass, SdkMemberExample, SdkReference } from '../../model/sdk';
import { readAinFacts, rpcCallOf, TYPE_RPC, type AinFacts } from './custom-tx';
import { readBuilderCalls } from './dftx-layout';
import { FEE_RATE, MASTERNODE_UTXO, SIGNER_UTXO } from '../../examples/dftx/payloads';

/** What a class member of the SDK reference may carry (the contract with the package pages). */
export interface MemberExample {
  code: string;
  outputs: { label: string; language: 'text' | 'json'; text: string }[];
  notes?: string[];
  rpc?: { name: string; route: string };
}

/** Who may send a call, as the node checks it: the ain.json message key of its answer to anyone else. */
const AUTHORITY: Readonly<Record<string, { who: string; message: string }>> = {
  'loans.setLoanScheme': { who: 'a foundation member (an input from a foundation address)', message: 'loanSchemeAuth' },
  'loans.destroyLoanScheme': { who: 'a foundation member', message: 'loanSchemeDestroyAuth' },
  'loans.setDefaultLoanScheme': { who: 'a foundation member', message: 'loanSchemeDefaultAuth' },
  'loans.setCollateralToken': { who: 'a foundation member', message: 'loanFoundationAuth' },
  'loans.setLoanToken': { who: 'a foundation member', message: 'loanTokenAuth' },
  'loans.updateLoanToken': { who: 'a foundation member', message: 'loanTokenUpdateAuth' },
  'governance.setGoverance': { who: 'a foundation member', message: 'foundationAuth' },
  'governance.setGoveranceHeight': { who: 'a foundation member', message: 'govHeightAuth' },
  'oracles.appointOracle': { who: 'a foundation member', message: 'oracleAppointAuth' },
  'oracles.updateOracle': { who: 'a foundation member', message: 'oracleUpdateAuth' },
  'oracles.removeOracle': { who: 'a foundation member', message: 'foundationAuth' },
  'oracles.setOracleData': { who: "the oracle's address (the one appointOracle named)", message: 'oracleDataAuth' },
  'liqPool.create': { who: 'a foundation member', message: 'foundationAuth' },
  'masternode.create': { who: 'the owner: output 1, the collateral, must pay to an address an input spends from', message: 'masternodeOwner' },
  'masternode.resign': { who: "the masternode's owner (an input from the collateral's address)", message: 'collateralAuth' },
  'masternode.update': { who: "the masternode's owner (an input from the collateral's address)", message: 'collateralAuth' },
  'governance.vote': { who: "the voting masternode's owner", message: 'voteOwner' },
  'loans.takeLoan': { who: "the vault's owner", message: 'vaultOwnerTakeLoan' },
  'loans.updateVault': { who: "the vault's owner", message: 'vaultOwnerUpdate' },
  'loans.withdrawFromVault': { who: "the vault's owner", message: 'vaultOwnerWithdraw' },
  'loans.closeVault': { who: "the vault's owner", message: 'vaultOwnerClose' },
  'vault.updateVault': { who: "the vault's owner", message: 'vaultOwnerUpdate' },
  'vault.withdrawFromVault': { who: "the vault's owner", message: 'vaultOwnerWithdraw' },
  'vault.closeVault': { who: "the vault's owner", message: 'vaultOwnerClose' },
  'tokens.mint': { who: "the token's owner (an input from its collateral address), or a foundation member for a DAT", message: 'mintOwner' },
};

/** Sentences about a call beyond its authority. */
const NOTES: Readonly<Record<string, string[]>> = {
  'utxo.sendAll': ['Spends every UTXO Ocean lists for the account and sends their total less the fee: nothing comes back as change.'],
  'account.utxosToAccount': ['The converted DFI is the value of output 0 (the message), which the node burns and credits to the account as token DFI.'],
  'account.accountToUtxos': [
    'The minted DFI is output 2, paid from the token balance by the message; the builder requires `mintingOutputsStart: 2` and one DFI balance.',
  ],
  'account.transferDomain': [
    'DVM to EVM: the destination is the EVM address of the same key, and `dst.data` must hold a signed EVM transaction of that key calling the transfer-domain contract; the node accepts the message only from height 3,462,000 on mainnet, once the `v0/params/feature/transferdomain` attribute is on.',
  ],
  'masternode.create': [
    'The builder burns the 10 DFI creation fee in output 0 and leaves all the change in output 1, which the node takes as the collateral and requires to be exactly 20,000 DFI: the account must hold UTXOs worth 20,010 DFI plus the fee to the satoshi, as the stand-in here does.',
  ],
  'governance.createCfp': ['The builder pays the fee in output 0: 1 % of the amount asked for, at least 10 DFI (250 DFI here).'],
  'governance.createVoc': [
    'The builder pays a fixed fee in output 0: 50 DFI on mainnet (5,000 DFI for an emergency vote of confidence). The node requires exactly its own fee, GetProposalCreationFee: 100 DFI on mainnet (10,000 for an emergency one) unless the `v0/gov/proposals/voc_fee` attribute says otherwise, so on mainnet the builder’s transaction is refused with `malformed tx vouts (wrong creation fee)` while the chain keeps its default.',
  ],
  'loans.createVault': ['The builder pays the vault fee in output 0: 2 DFI on mainnet, 1 DFI elsewhere. Deprecated: use `vault.createVault`.'],
  'vault.createVault': ['The builder pays the vault fee in output 0: 2 DFI on mainnet, 1 DFI elsewhere.'],
  createDeFiTx: [
    'Wraps any message in output 0 and spends the account’s UTXOs (at least 0.001 DFI) for the fee; here a transfer the groups have no method for.',
  ],
};

/** The RPC that makes the same transaction from a node wallet, per builder call where the message does not say it. */
const RPC_OF_CALL: Readonly<Record<string, string>> = {
  'utxo.send': 'wallet.sendToAddress',
  'utxo.sendAll': 'wallet.sendToAddress',
  createDeFiTx: 'account.sendTokensToAddress',
};

/**
 * What the printed transaction rests on that is not mainnet's: the sample was run against a stand-in Ocean that lists
 * one UTXO of the data set for the account (the masternode sample's is worth the collateral) and answers the fee rate
 * of the data set (generator/examples/dftx/payloads.ts, run by scripts/builder-samples.ts).
 */
function simulatedNote(key: string): string {
  const utxo = key === 'masternode.create' ? MASTERNODE_UTXO : SIGNER_UTXO;
  return (
    `Simulated inputs: the hex and the decoded form above come from running this code against a stand-in for Ocean, which lists one UTXO for the account ` +
    `(output ${utxo.vout} of \`${utxo.txid.slice(0, 12)}…\`, ${utxo.value} DFI) and answers a fee rate of ${FEE_RATE} DFI per 1,000 virtual bytes. ` +
    'Against mainnet Ocean the same code spends the UTXOs the account holds at the rate Ocean estimates, so it signs another transaction, or fails when the account holds too little.'
  );
}

function ainCitation(ain: AinFacts, key: string): string {
  const message = ain.messages[key];
  if (message === undefined) throw new Error(`builder-examples: no message ${key} in ain.json`);
  return `${message.path}:${message.line}`;
}

/** The quoted answer of the node, from the cited line. */
function answerText(ain: AinFacts, key: string): string {
  const text = ain.messages[key]?.text ?? '';
  const quoted = /"([^"]+)"/.exec(text)?.[1];
  if (quoted === undefined) throw new Error(`builder-examples: the line of ${key} quotes no message`);
  return quoted;
}

export interface BuilderExamplesOptions {
  samplesDir: string;
  builderDir: string;
  ainFactsFile: string;
  rpc: RpcReference;
  /** The page and anchor of an RPC method's section (model/routes.ts's rpcMethodHref). */
  rpcRoute: (category: string, method: string) => string;
}

/** The examples of every builder call, by `<group>.<method>`. */
export function readBuilderExamples(options: BuilderExamplesOptions): Map<string, MemberExample> {
  const ain = readAinFacts(options.ainFactsFile);
  const outputs = JSON.parse(fs.readFileSync(path.join(options.samplesDir, 'outputs.json'), 'utf8')) as Record<string, { hex: string; decoded: string }>;
  const { calls, methods } = readBuilderCalls(options.builderDir);
  const opOfCall = new Map<string, string>();
  for (const [fn, list] of calls) for (const call of list) opOfCall.set(`${call.group}.${call.method}`, fn);
  const examples = new Map<string, MemberExample>();
  for (const key of [...methods.map((call) => `${call.group}.${call.method}`), 'createDeFiTx']) {
    const [group, method] = key.includes('.') ? key.split('.') : ['builder', key];
    const file = path.join(options.samplesDir, group ?? '', `${method ?? ''}.ts`);
    const output = outputs[key];
    if (!fs.existsSync(file) || output === undefined) throw new Error(`builder-examples: ${key} has no sample or no output (run scripts/builder-samples.ts)`);
    const opName = opOfCall.get(key);
    const rpcKey = RPC_OF_CALL[key] ?? (opName === undefined ? undefined : TYPE_RPC[opName]?.[0]);
    const notes = [simulatedNote(key), ...(NOTES[key] ?? [])];
    const authority = AUTHORITY[key];
    if (authority !== undefined)
      notes.push(
        `Only ${authority.who} may send it; the node rejects it from anyone else with “${answerText(ain, authority.message)}” (DeFiCh/ain ${ain.tag} ${ainCitation(ain, authority.message)}).`,
      );
    const rpcCall = rpcKey === undefined ? undefined : rpcCallOf(options.rpc, rpcKey);
    examples.set(key, {
      code: fs.readFileSync(file, 'utf8'),
      outputs: [
        { label: 'Signed transaction (hex)', language: 'text', text: output.hex },
        { label: 'Decoded', language: 'json', text: output.decoded },
      ],
      ...(notes.length === 0 ? {} : { notes }),
      ...(rpcCall === undefined ? {} : { rpc: { name: rpcCall.rpc, route: options.rpcRoute(rpcCall.category, rpcCall.method) } }),
    });
  }
  return examples;
}

/** The builder class that one of P2WPKHTransactionBuilder's groups is (`dex` → TxnBuilderDex), or the builder itself. */
function builderClassOf(reference: SdkReference, group: string | null): SdkClass | undefined {
  const builder = reference.symbols['jellyfish-transaction-builder.P2WPKHTransactionBuilder'];
  if (builder?.kind !== 'class') return undefined;
  if (group === null) {
    // The builder's own methods (createDeFiTx) are declared by the class it extends.
    const base = builder.extends;
    const parent = base?.kind === 'reference' && base.target.kind === 'declared' ? reference.symbols[base.target.id] : undefined;
    return parent?.kind === 'class' ? parent : undefined;
  }
  const property = builder.members.find((member) => member.name === group && member.kind === 'property');
  const type = property?.type;
  const target = type?.kind === 'reference' && type.target.kind === 'declared' ? reference.symbols[type.target.id] : undefined;
  return target?.kind === 'class' ? target : undefined;
}

/**
 * Puts the builder samples (keyed `<group>.<method>`, or `<method>` for the builder's own, as readBuilderExamples gives them)
 * on the members they call. Gives the keys no member takes.
 */
export function attachBuilderExamples(reference: SdkReference, examples: ReadonlyMap<string, SdkMemberExample>): string[] {
  const unattached: string[] = [];
  for (const [key, example] of examples) {
    const [group, method] = key.includes('.') ? (key.split('.', 2) as [string, string]) : [null, key];
    const member = builderClassOf(reference, group)?.members.find((candidate) => candidate.name === method && candidate.kind === 'method' && !candidate.static);
    if (member === undefined) unattached.push(key);
    else member.example = example;
  }
  return unattached;
}
