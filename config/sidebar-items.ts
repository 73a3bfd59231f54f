// The docs' sidebars come from their folders (sidebars/), with one rule added to Docusaurus's generator: a doc that a
// category links to is not listed a second time beside that category. Docusaurus drops such a doc only from the
// category's own items, so a category whose folder is wholly generated (docs/ecosystem/packages/, whose
// `_category_.json` links to the hand-written overview docs/ecosystem/package-reference.mdx) would otherwise show its
// overview twice: as the category's link and as a page of the parent.
import type { Options } from '@docusaurus/plugin-content-docs';

type Generator = NonNullable<Options['sidebarItemsGenerator']>;
type Items = Awaited<ReturnType<Generator>>;

/** The items without the docs that a category among them (at any depth) links to. */
export function withoutLinkedDocs(items: Items): Items {
  const linked = new Set<string>();
  const collect = (list: Items): void => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      if (item.link?.type === 'doc') linked.add(item.link.id);
      collect(item.items);
    }
  };
  collect(items);
  const keep = (list: Items): Items =>
    list
      .filter((item) => !(item.type === 'doc' && linked.has(item.id)))
      .map((item) => (item.type === 'category' ? { ...item, items: keep(item.items) } : item));
  return keep(items);
}

/** Docusaurus's own generator, then withoutLinkedDocs. */
export const sidebarItemsGenerator: Generator = async ({ defaultSidebarItemsGenerator, ...args }) =>
  withoutLinkedDocs(await defaultSidebarItemsGenerator(args));
