// Keeps lunr out of the bundle every page loads. The local-search bar imports one number, `searchResultLimits`, from
// the plugin's generated constants module, and that module also loads lunr and registers its stemmer support and
// language plugins when it runs (the search worker needs them; the bar never uses them). So every page downloaded and
// ran lunr at start-up, about a tenth of main.js. This points the bar's import at ./constants.ts, which exports the
// same number from the value the config passes to the plugin; the worker and the search page keep the original.
import path from 'node:path';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

/** The request the search bar writes, the folder its module sits in, and the module it gets instead. */
export function replacement(): Replacement {
  const searchBar = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx'));
  return { request: /^(\.\.\/)+utils\/proxiedGeneratedConstants(\.js)?$/, within: searchBar, replacement: path.resolve(__dirname, 'constants.ts') };
}

export default function searchBarConstants() {
  return moduleReplacementPlugin('search-bar-constants', () => [replacement()]);
}
