// Doc comments made readable, not rewritten. A `@param size of vaults to query` tag leaves "of vaults to
// query" without its subject: the pages put the parameter's name back in front (`size` of vaults to query). A comment
// that is plainly another method's is flagged with the server's own description beside it. Both kinds are listed here
// against the package's text, so a correction that appears, changes or goes away with a new package fails this test.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OceanReference, RpcReference } from '../../generator/model/types';
import { lacksSubject } from '../../generator/model/queries';
import { readGeneratedPage, rpcCategoryFiles, rpcCategoryText } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');
const rpc = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const ocean = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/ocean-model.json'), 'utf8')) as OceanReference;

/** Every row whose package text starts where the parameter's name left off: `<where>(<name>): <package text>`. */
const SUBJECT_RESTORED = [
  'ocean address.getAccountHistory(address): to get account history',
  'ocean address.listAccountHistory(address): to list account history',
  'ocean address.listAccountHistory(next): set of account history',
  'ocean address.listAccountHistory(size): of account history',
  'ocean address.listToken(size): to query',
  'ocean address.listTransaction(size): to query',
  'ocean address.listTransactionUnspent(size): to query',
  'ocean address.listVault(next): set of vaults',
  'ocean address.listVault(size): of vaults to query',
  'ocean blocks.get(id): as hash or height of the block',
  'ocean blocks.getTransactions(hash): of the block',
  'ocean fee.estimate(confirmationTarget): in blocks till fee get confirmed',
  'ocean governance.listGovProposalVotes(next): set of proposals',
  'ocean governance.listGovProposalVotes(size): of proposal to query',
  'ocean governance.listGovProposals(next): set of proposals',
  'ocean governance.listGovProposals(size): of proposal to query',
  'ocean loan.listAuction(next): set of auctions',
  'ocean loan.listAuction(size): of auctions to query',
  'ocean loan.listCollateralToken(next): set of collateral tokens',
  'ocean loan.listCollateralToken(size): of collateral tokens to query',
  'ocean loan.listLoanToken(next): set of loan tokens',
  'ocean loan.listLoanToken(size): of loan token to query',
  'ocean loan.listScheme(next): set of schemes',
  'ocean loan.listScheme(size): of scheme to query',
  'ocean loan.listVault(next): set of vaults',
  'ocean loan.listVault(size): of vaults to query',
  'ocean loan.listVaultAuctionHistory(next): set of auction batch index history',
  'ocean loan.listVaultAuctionHistory(size): of auction batch index history',
  'ocean masternodes.list(next): set of masternodes to get',
  'ocean oracles.getPriceFeed(size): for number of records per page',
  'ocean oracles.list(size): for number of records per page',
  'ocean poolpairs.list(next): set of PoolPairData',
  'ocean poolpairs.list(size): of PoolPairData balance to query',
  'ocean poolpairs.listPoolSwapAggregates(next): set of PoolSwap',
  'ocean poolpairs.listPoolSwapAggregates(size): of PoolSwap to query',
  'ocean poolpairs.listPoolSwaps(next): set of PoolSwap',
  'ocean poolpairs.listPoolSwaps(size): of PoolSwap to query',
  'ocean poolpairs.listPoolSwapsVerbose(next): set of PoolSwap',
  'ocean poolpairs.listPoolSwapsVerbose(size): of PoolSwap to query, max of 20 per page',
  'ocean prices.getFeed(size): for number of records per page',
  'ocean prices.getOracles(size): for number of records per page',
  'ocean prices.list(size): for the number of records per page',
  'ocean rawtx.get(txid): of transaction to query',
  'ocean rawtx.send(rawTx): to submit to the network.',
  'ocean rawtx.test(rawTx): to test mempool acceptance',
  'ocean rpc.call(method): of the RPC method',
  'ocean rpc.call(params): to send upstream',
  'ocean tokens.list(next): set of tokens',
  'ocean tokens.list(size): of tokens to query',
  'ocean transactions.get(id): of transaction to query',
  'ocean transactions.getVins(txid): of the transaction',
  'ocean transactions.getVouts(txid): of the transaction',
  'rpc account.getPendingDusdSwaps(address): to get pending future swaps',
  'rpc account.getTokenBalances(options.includeEth): to include Eth balances in output, default = false',
  'rpc blockchain.getBlock(hash): of the block',
  'rpc blockchain.getBlockHeader(hash): of the block',
  'rpc blockchain.waitForBlock(timeout): in millis',
  'rpc blockchain.waitForBlockHeight(timeout): in millis',
  'rpc blockchain.waitForNewBlock(timeout): in millis',
  'rpc governance.listGovProposalVotes(options.pagination.limit): to limit number of records',
  'rpc governance.listGovProposals(options.pagination.limit): to limit number of records',
  'rpc loan.placeAuctionBid(placeAuctionBid.amount): in "amount@symbol" format',
  'rpc mining.estimateSmartFee(confirmationTarget): in blocks (1 - 1008)',
  'rpc mining.getNetworkHashPerSecond(height): to estimate at the time of the given height.',
  'rpc mining.getNetworkHashPerSecond(nblocks): to estimate since last difficulty change.',
  'rpc poolpair.createPoolPair(utxos): is an array of specific UTXOs to spend',
  'rpc poolpair.listPoolPairs(pagination.limit): to limit number of records',
  'rpc poolpair.listPoolShares(pagination.limit): to limit number of records',
  'rpc poolpair.updatePoolPair(utxos): is an array of specific UTXOs to spend',
  'rpc token.createToken(metadata.collateralAddress): for keeping collateral amount',
  'rpc token.decodeCustomTx(iswitness): is the transaction a serialised witness transaction',
  'rpc vault.placeAuctionBid(placeAuctionBid.amount): in "amount@symbol" format',
  'rpc wallet.getBalance(includeWatchOnly): for watch-only wallets',
  'rpc wallet.getBalance(minimumConfirmation): to include transactions confirmed at least this many times',
  'rpc wallet.getNewAddress(addressType): to use, eg: legacy, p2sh-segwit, bech32',
  'rpc wallet.getNewAddress(label): for address to be linked to. It can also be set as empty string',
  'rpc wallet.listUnspent(options.addresses): to filter',
  'rpc wallet.setWalletFlag(flag): to change. eg: avoid_reuse',
];

/**
 * Comments plainly about another method, with the server's own description (generator/examples/ocean/doc-corrections.json),
 * and Ocean comments two methods share that fit both (no correction: the words are true of each).
 */
const ANOTHER_METHODS_COMMENT = [
  'governance.getGovProposal: "Get information about a vault with given vault id." is loan.getVault\'s; server: "Get information about a proposal with given proposal id."',
];
const SHARED_AND_TRUE = [
  // Both list oracles: every oracle (oracles.list) and the oracles of one price feed (prices.getOracles).
  'Get a list of Oracles: oracles.list, prices.getOracles',
];

interface Row {
  key: string;
  /** Where the row is: `rpc <category>.md` and the method's heading, or the Ocean page and the endpoint's source line. */
  page: string;
  section: string;
  name: string;
  text: string;
}

/** Every parameter, field and body text of both models that the pages show as a row, with where to find it. */
function rows(): Row[] {
  const found: Row[] = [];
  for (const category of rpc.categories) {
    for (const method of category.methods) {
      const section = `## ${method.name} {`;
      for (const signature of method.signatures) {
        for (const parameter of signature.parameters) {
          const at = `rpc ${category.name}.${method.name}`;
          found.push({
            key: `${at}(${parameter.name})`,
            page: `node/jellyfish/api/${category.name}`,
            section,
            name: parameter.name,
            text: parameter.description,
          });
          for (const fieldDoc of parameter.fieldDocs)
            found.push({
              key: `${at}(${fieldDoc.path})`,
              page: `node/jellyfish/api/${category.name}`,
              section,
              name: fieldDoc.path.split('.').at(-1) ?? fieldDoc.path,
              text: fieldDoc.description,
            });
        }
      }
    }
  }
  for (const category of ocean.categories) {
    for (const endpoint of category.endpoints) {
      const at = `ocean ${category.name}.${endpoint.name}`;
      const page = `ocean/reference/${category.name}`;
      const section = `Source of ${category.name}.${endpoint.name} (`;
      for (const parameter of endpoint.parameters)
        found.push({ key: `${at}(${parameter.name})`, page, section, name: parameter.name, text: parameter.description });
      const body = endpoint.body;
      if (body === null) continue;
      if (body.argument !== null) found.push({ key: `${at}(${body.argument})`, page, section, name: body.argument, text: body.description });
      if (body.type.kind === 'object')
        for (const field of body.type.fields) found.push({ key: `${at}(${field.name})`, page, section, name: field.name, text: field.doc.text });
    }
  }
  return found;
}

/** The text of one method's or endpoint's section, as a reader reads it. */
function sectionOf(row: Row): string {
  const dir = row.page.startsWith('ocean') ? 'docs/ocean/reference' : 'docs/node/jellyfish/api';
  const name = row.page.split('/').at(-1) ?? '';
  const text = row.page.startsWith('ocean') ? readGeneratedPage(path.join(ROOT, dir, `${name}.mdx`)) : rpcCategoryText(path.join(ROOT, dir), name);
  const sections = text.split(/\n(?=## )/);
  return sections.find((candidate) => candidate.startsWith(row.section) || candidate.includes(row.section)) ?? '';
}

describe('parameter texts that lost their subject read as sentences', () => {
  const restored = rows().filter((row) => lacksSubject(row.text));

  it('are exactly the rows listed here, against the package text', () => {
    expect([...new Set(restored.map((row) => `${row.key}: ${row.text.trim()}`))].sort()).toEqual(SUBJECT_RESTORED);
  });

  it('name the parameter on the page (every listed row)', () => {
    const missing = restored
      .filter((row) => !sectionOf(row).includes(`\`${row.name}\` ${row.text.trim().slice(0, 12)}`))
      .map((row) => `${row.key}: the page does not read "\`${row.name}\` ${row.text.trim()}"`);
    expect(missing).toEqual([]);
  });

  it('leave no row on any generated page starting where a name left off', () => {
    const left: string[] = [];
    for (const dir of ['docs/node/jellyfish/api', 'docs/ocean/reference']) {
      // Each page, those of a category written on several pages (a folder of its own) included.
      const files = fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() && fs.existsSync(path.join(ROOT, dir, entry.name, `${entry.name}.mdx`))
            ? rpcCategoryFiles(path.join(ROOT, dir), entry.name)
            : [entry.name],
        )
        .filter((name) => name.endsWith('.mdx') && !path.basename(name).startsWith('_'));
      for (const file of files) {
        const lines = readGeneratedPage(path.join(ROOT, dir, file)).split('\n');
        lines.forEach((line, index) => {
          // A row's description is the line under its `- \`name\` · …` head.
          if (/^\s*- `[^`]+` · /.test(lines[index - 1] ?? '') && lacksSubject(line)) left.push(`${file}: ${line.trim()}`);
        });
      }
    }
    expect(left).toEqual([]);
  });

  it('goes red on a row the list does not name', () => {
    const extra = [...SUBJECT_RESTORED, 'ocean tokens.get(id): of the token'].sort();
    expect([...new Set(restored.map((row) => `${row.key}: ${row.text.trim()}`))].sort()).not.toEqual(extra);
    expect(lacksSubject('of vaults to query')).toBe(true);
    expect(lacksSubject('set of vaults')).toBe(true);
    expect(lacksSubject('size to query')).toBe(false);
  });
});

describe("comments that are another method's", () => {
  const endpoints = ocean.categories.flatMap((category) =>
    category.endpoints.map((endpoint) => ({ key: `${category.name}.${endpoint.name}`, category, endpoint })),
  );

  it('are flagged with the server description beside them, exactly as listed', () => {
    const corrected = endpoints
      .filter(({ endpoint }) => endpoint.docCorrection !== undefined)
      .map(
        ({ key, endpoint }) =>
          `${key}: ${JSON.stringify(endpoint.signature.doc.text)} is ${endpoint.docCorrection?.sameAs ?? ''}'s; server: ${JSON.stringify(endpoint.docCorrection?.serverText)}`,
      );
    expect(corrected).toEqual(ANOTHER_METHODS_COMMENT);
  });

  it('every comment two Ocean methods share is either corrected or listed as true of both', () => {
    const byText = new Map<string, string[]>();
    for (const { key, endpoint } of endpoints) {
      const text = endpoint.signature.doc.text.trim();
      if (text !== '') byText.set(text, [...(byText.get(text) ?? []), key]);
    }
    const shared = [...byText].filter(([, keys]) => keys.length > 1);
    const explained = shared.filter(([, keys]) => !keys.some((key) => ANOTHER_METHODS_COMMENT.some((entry) => entry.startsWith(`${key}:`))));
    expect(explained.map(([text, keys]) => `${text}: ${keys.join(', ')}`)).toEqual(SHARED_AND_TRUE);
  });

  it('the page shows the flag, the server text and its source; the OpenAPI document says it too', () => {
    const text = readGeneratedPage(path.join(ROOT, 'docs/ocean/reference/governance.mdx'));
    const section = text.split(/\n(?=## )/).find((candidate) => candidate.includes('{/* #getgovproposal */}')) ?? '';
    expect(section).toContain(":::warning[Another method's comment]");
    expect(section).toContain('The package gives this method the comment of `loan.getVault`, word for word.');
    expect(section).toContain('“Get information about a proposal with given proposal id.”');
    const mdx = fs.readFileSync(path.join(ROOT, 'generated/pages/ocean/governance.json'), 'utf8');
    expect(mdx).toContain('https://github.com/BirthdayResearch/jellyfishsdk/blob/v4.0.7/apps/whale-api/src/module.api/governance.controller.ts#L37-L46');
    const openapi = fs.readFileSync(path.join(ROOT, 'static/ocean/openapi.json'), 'utf8');
    expect(openapi).toContain('The server describes this endpoint as: Get information about a proposal with given proposal id.');
  });
});
