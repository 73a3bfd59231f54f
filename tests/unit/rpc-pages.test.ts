// The RPC categories split into pages (generator/extract/rpc/pages.ts): each method on one page, each page's types
// those its methods reach, and a plan that no longer fits the package refused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachRpcPages } from '../../generator/extract/rpc/pages';
import { rpcCategoryPages, rpcMethodHref, rpcTypeHref } from '../../generator/model/routes';
import type { RpcReference } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
/** The generated model without its pages, as extraction leaves it. */
function unsplit(): RpcReference {
  const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
  for (const category of model.categories) {
    delete category.pages;
    delete category.ownPageTypeIds;
  }
  return model;
}

describe('RPC categories on several pages', () => {
  const reference = unsplit();
  attachRpcPages(reference);

  it('shows every method of a split category on exactly one of its pages, and links it there', () => {
    for (const category of reference.categories.filter((candidate) => (candidate.pages ?? []).length > 0)) {
      const pages = rpcCategoryPages(category);
      expect(pages.length).toBeGreaterThan(1);
      const shown = pages.flatMap((page) => page.methods.map((method) => method.name));
      expect([...shown].sort()).toEqual(category.methods.map((method) => method.name).sort());
      for (const page of pages)
        for (const method of page.methods)
          expect(rpcMethodHref(reference, category.name, method.name)).toBe(
            `/node/jellyfish/api/${category.name}${page.slug === '' ? '' : `/${page.slug}`}#${method.name.toLowerCase()}`,
          );
    }
    expect(rpcMethodHref(reference, 'loan', 'getVault')).toBe('/node/jellyfish/api/loan/vaults#getvault');
    expect(rpcMethodHref(reference, 'loan', 'createLoanScheme')).toBe('/node/jellyfish/api/loan#createloanscheme');
    expect(rpcMethodHref(reference, 'blockchain', 'getBlockCount')).toBe('/node/jellyfish/api/blockchain#getblockcount');
  });

  it("lists on each page the types its methods reach, together the category's", () => {
    const loan = reference.categories.find((category) => category.name === 'loan');
    if (loan === undefined) throw new Error('no loan category');
    const pages = rpcCategoryPages(loan);
    expect(new Set(pages.flatMap((page) => page.typeIds))).toEqual(new Set(loan.typeIds));
    // A type of the vault methods alone has its section on the vaults page.
    const takeLoan = Object.entries(reference.types).find(([, type]) => type.name === 'TakeLoanMetadata')?.[0] ?? '';
    expect(rpcTypeHref(reference, takeLoan)).toBe('/node/jellyfish/api/loan/vaults#takeloanmetadata');
  });

  it('refuses a plan naming a method the category lacks, a method twice, or every method', () => {
    const page = { slug: 'more', title: 'More', summary: 'More.' };
    expect(() => attachRpcPages(unsplit(), { loan: [{ ...page, methods: ['getVault', 'noSuchMethod'] }] })).toThrow('client.loan has no noSuchMethod');
    expect(() =>
      attachRpcPages(unsplit(), {
        loan: [
          { ...page, methods: ['getVault'] },
          { ...page, slug: 'again', methods: ['getVault'] },
        ],
      }),
    ).toThrow('on two pages');
    const every =
      unsplit()
        .categories.find((category) => category.name === 'oracle')
        ?.methods.map((method) => method.name) ?? [];
    expect(() => attachRpcPages(unsplit(), { oracle: [{ ...page, methods: every }] })).toThrow('keeps no method on its own page');
  });
});
