// Plugs the search feature (src/search) into the local-search plugin: two of the plugin's imports are pointed at its
// modules: `../searchByWorker` (in the search bar and the results page), which asks the symbol index first and the
// plugin's worker second, and the bar's `./SuggestionTemplate`, which says what kind of symbol a result is and names
// the section of a full-text hit. The index itself (generator/emit/search-index.ts) is a chunk of its own, loaded with
// the plugin's index on first use (`@symbol-index`, an alias of generated/search-symbols.json).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

const THEME = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js'));
export const SYMBOL_INDEX_MODULE = path.resolve(__dirname, '../../../generated/search-symbols.json');

/** The requests the plugin's bar and results page write, the folders their modules sit in, and what they get instead. */
export function replacements(): Replacement[] {
  return [
    { request: /^\.\.\/searchByWorker(\.js)?$/, within: THEME, replacement: path.resolve(__dirname, '../../search/search.ts') },
    { request: /^\.\/SuggestionTemplate(\.js)?$/, within: path.join(THEME, 'SearchBar'), replacement: path.resolve(__dirname, '../../search/suggestion.ts') },
  ];
}

export default function symbolSearch(): Plugin {
  if (!fs.existsSync(SYMBOL_INDEX_MODULE)) throw new Error(`${SYMBOL_INDEX_MODULE} is missing: run npm run generate first`);
  return moduleReplacementPlugin('symbol-search', replacements, { '@symbol-index$': SYMBOL_INDEX_MODULE });
}
