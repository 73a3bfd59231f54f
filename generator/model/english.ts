// The English the titles are made with: the words of a camelCase name, a noun's singular and plural, and which
// last words of a list take no plural s. Knows nothing of the model; generator/model/titles.ts uses it.

/** Words of a camelCase name: `listPoolSwapsVerbose` → ['list', 'pool', 'swaps', 'verbose']. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .filter((word) => word !== '');
}

/** Last words of list method names that take no plural s. */
const UNCOUNTED = new Set(['history', 'unspent', 'verbose']);

/** Nouns whose singular is the same word. */
const SAME_IN_SINGULAR = new Set(['stats']);

/** A noun named in the plural, singular and plural: `pool pairs` → pool pair / pool pairs; `address` stays as it is. */
export function nounForms(noun: string): { one: string; many: string } {
  if (noun.endsWith('ss') || !noun.endsWith('s') || SAME_IN_SINGULAR.has(noun)) return { one: noun, many: noun };
  return { one: noun.slice(0, -1), many: noun };
}

/** The last word of what a list names, in the plural unless it already is one or is not a countable noun. */
export function listedPlural(last: string): string {
  return last.endsWith('s') || UNCOUNTED.has(last) ? last : `${last}s`;
}

/** The text with its first letter in upper case. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
