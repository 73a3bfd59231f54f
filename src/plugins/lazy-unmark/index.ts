// Gives the search plugin a stand-in for mark.js that fetches it only when there is something to mark (see ./mark.ts).
// The plugin imports mark.js by its absolute path (written into .docusaurus by its build step); only that request
// (and, after resolution, that file) is replaced, so ./mark.ts can load the minified build of the same code.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

const WRAPPER = path.resolve(__dirname, 'mark.ts');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export default function lazyUnmark(): Plugin {
  const markFile = require.resolve('mark.js');
  return {
    name: 'lazy-unmark',
    configureWebpack: (_config, _isServer, { currentBundler }) => ({
      plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(new RegExp(`^${escapeRegExp(markFile)}$`), WRAPPER)],
    }),
  };
}
