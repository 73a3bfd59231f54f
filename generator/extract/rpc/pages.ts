// The RPC categories written on several pages: a category whose one page would outweigh the HTML budget
// (tests/build/budgets.test.ts, 160 KiB) keeps its first groups of methods on its own page and gives each further
// group a page below it, as a reader groups them. Every other category has one page.
import type { RpcCategory, RpcReference, TypeExpr } from '../../model/types';
import { typeIdsByName } from '../common/walk';

/** A further page of a category: its slug below the category's route, its title, one line on it, its methods by name. */
interface PagePlan {
  slug: string;
  title: string;
  summary: string;
  methods: readonly string[];
}

/**
 * The further pages by category. Measured on the one-page build: client.loan weighed 169,541 B of HTML (its 13 vault,
 * loan and auction methods about 69 KB of it), client.account 162,036 B (its 12 history, burn and swap methods about
 * 47 KB).
 */
const RPC_PAGE_PLANS: Readonly<Record<string, readonly PagePlan[]>> = {
  loan: [
    {
      slug: 'vaults',
      title: 'Vaults, loans and auctions',
      summary: 'Opening, changing and closing vaults, collateral in and out, taking and paying back loans, and the auctions of vaults under their scheme.',
      methods: [
        'createVault',
        'updateVault',
        'getVault',
        'listVaults',
        'closeVault',
        'depositToVault',
        'withdrawFromVault',
        'takeLoan',
        'paybackLoan',
        'paybackWithCollateral',
        'placeAuctionBid',
        'listAuctions',
        'listAuctionHistory',
      ],
    },
  ],
  account: [
    {
      slug: 'history',
      title: 'History, burns and community balances',
      summary: "An address's account history and its count, the burn address's history and totals, and the community balances.",
      methods: ['listAccountHistory', 'getAccountHistory', 'historyCount', 'listBurnHistory', 'getBurnInfo', 'listCommunityBalances'],
    },
    {
      slug: 'future-swaps',
      title: 'Future swaps and DUSD swaps',
      summary: 'Future swaps at the next settlement price, their withdrawal and the pending ones, and the pending DFI-to-DUSD swaps.',
      methods: ['futureSwap', 'withdrawFutureSwap', 'getPendingFutureSwaps', 'listPendingFutureSwaps', 'listPendingDusdSwaps', 'getPendingDusdSwaps'],
    },
  ],
};

/** The types a category's methods of these names reference, as the category's own list is computed. */
function typeIdsOf(category: RpcCategory, names: ReadonlySet<string>, reference: Pick<RpcReference, 'types'>): string[] {
  const roots: TypeExpr[] = category.methods
    .filter((method) => names.has(method.name))
    .flatMap((method) =>
      method.signatures.flatMap((signature) => [
        signature.returns,
        ...signature.parameters.map((parameter) => parameter.type),
        ...signature.typeParameters.flatMap((parameter) => [parameter.constraint, parameter.default].filter((type): type is TypeExpr => type !== null)),
      ]),
    );
  return typeIdsByName(roots, reference.types);
}

/**
 * Gives the planned categories their further pages. A planned method the category no longer has, or a page left with
 * none, fails the run: the plan names what the package publishes, and a page of nothing is no page.
 */
export function attachRpcPages(
  reference: Pick<RpcReference, 'categories' | 'types'>,
  plans: Readonly<Record<string, readonly PagePlan[]>> = RPC_PAGE_PLANS,
): void {
  for (const [name, pages] of Object.entries(plans)) {
    const category = reference.categories.find((candidate) => candidate.name === name);
    if (category === undefined) throw new Error(`generator/extract/rpc/pages.ts: ApiClient has no category ${name}`);
    const placed = new Set<string>();
    category.pages = pages.map((page) => {
      const missing = page.methods.filter((method) => !category.methods.some((candidate) => candidate.name === method));
      if (missing.length > 0) throw new Error(`generator/extract/rpc/pages.ts: client.${name} has no ${missing.join(', ')} (page ${page.slug})`);
      for (const method of page.methods) {
        if (placed.has(method)) throw new Error(`generator/extract/rpc/pages.ts: client.${name}.${method} is on two pages`);
        placed.add(method);
      }
      const names = new Set(page.methods);
      return {
        slug: page.slug,
        title: page.title,
        summary: page.summary,
        // In the category's order, as its own page lists them.
        methods: category.methods.filter((method) => names.has(method.name)).map((method) => method.name),
        typeIds: typeIdsOf(category, names, reference),
      };
    });
    if (placed.size === category.methods.length) throw new Error(`generator/extract/rpc/pages.ts: client.${name} keeps no method on its own page`);
    category.ownPageTypeIds = typeIdsOf(category, new Set(category.methods.map((method) => method.name).filter((method) => !placed.has(method))), reference);
  }
}
