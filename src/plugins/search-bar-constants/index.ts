// Keeps lunr out of the bundle every page loads. The local-search bar imports one number, `searchResultLimits`, from
// the plugin's generated constants module, and that module also loads lunr and registers its stemmer support and
// language plugins when it runs (the search worker needs them; the bar never uses them). So every page downloaded and
// ran lunr at start-up, about a tenth of main.js. This points the bar's import at ./constants.ts, which exports the
// same number from the value the config passes to the plugin; the worker and the search page keep the original.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { inside } from '../plain-sort';

/** The request the search bar writes, and the folder its module sits in. */
export function replacement(): { request: RegExp; within: string; replacement: string } {
  const searchBar = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx'));
  return { request: /^(\.\.\/)+utils\/proxiedGeneratedConstants(\.js)?$/, within: searchBar, replacement: path.resolve(__dirname, 'constants.ts') };
}

export default function searchBarConstants(): Plugin {
  return {
    name: 'search-bar-constants',
    configureWebpack: (_config, _isServer, { currentBundler }) => {
      const { request, within, replacement: target } = replacement();
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(request, (data: { request: string; context: string }) => {
            if (inside(data.context, within)) data.request = target;
          }),
        ],
      };
    },
  };
}
