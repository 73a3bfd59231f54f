// Titles and headings of the generated pages that more than one renderer or emitter names (the pages, the OpenAPI
// document and the search index): an Ocean category's and endpoint's title, a custom transaction page's and type's.
// Reads only the model; the English rules are in ./english.
import type { OceanCategory, OceanEndpoint } from './types';
import { capitalized, listedPlural, nounForms, words } from './english';

/** The thing a category is about, singular and plural, from its class name: PoolPairs → pool pair / pool pairs. */
function categoryNoun(category: OceanCategory): { one: string; many: string } {
  return nounForms(words(category.className).join(' '));
}

/** A page title from the class name: PoolPairs → "Pool pairs". */
export function categoryTitle(category: OceanCategory): string {
  return capitalized(words(category.className).join(' '));
}

/**
 * A plain title from the method name and its category: `address.getBalance` → "Get address balance",
 * `blocks.list` → "List blocks", `poolpairs.listPoolSwaps` → "List pool swaps".
 */
export function endpointTitle(category: OceanCategory, endpoint: OceanEndpoint): string {
  const [verb = endpoint.name, ...rest] = words(endpoint.name);
  const noun = categoryNoun(category);
  const nounWords = [...noun.one.split(' '), ...noun.many.split(' ')];
  // `gov` in listGovProposals stands for the governance category itself.
  const mentionsCategory = rest.some((word) => nounWords.some((nounWord) => nounWord === word || (word.length >= 3 && nounWord.startsWith(word))));
  const last = rest.at(-1);
  // A list names what it lists in the plural, unless the last word is not a countable noun.
  if (verb === 'list' && last !== undefined) rest[rest.length - 1] = listedPlural(last);
  let object: string;
  if (rest.length === 0) object = verb === 'list' ? noun.many : noun.one;
  else if (mentionsCategory) object = rest.join(' ');
  else object = `${noun.one} ${rest.join(' ')}`;
  return capitalized(`${verb} ${object}`.trim());
}

/** The title of the custom transaction overview (no family) or of a family's page. */
export function customTxPageTitle(family?: { title: string }): string {
  return family === undefined ? 'Custom transactions' : `Custom transactions: ${family.title}`;
}

/** The custom transaction overview's sections, by heading id. */
export const CUSTOM_TX_OVERVIEW_SECTIONS = {
  envelope: 'The envelope',
  types: 'All types',
  encodings: 'Encodings',
  structures: 'Structures',
  unmapped: 'Types the SDK does not compose',
} as const;

/** A custom transaction type's section heading: its type letter and its class name without the C (`s · PoolSwap`). */
export function customTxHeading(type: { letter: string; className: string }): string {
  return `${type.letter} · ${type.className.replace(/^C/, '')}`;
}
