// Gives the search plugin a stand-in for mark.js that fetches it only when there is something to mark (see ./mark.ts).
// The plugin's generated module imports mark.js by its absolute path; only that import is pointed at ./mark.ts, which
// loads the minified build of the same code.
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The request the search plugin's generated module writes, the folder it is generated in, and the stand-in. */
export function replacement(generatedFilesDir: string): Replacement {
  return {
    request: new RegExp(`^${escapeRegExp(require.resolve('mark.js'))}$`),
    within: path.join(generatedFilesDir, '@easyops-cn', 'docusaurus-search-local'),
    replacement: path.resolve(__dirname, 'mark.ts'),
  };
}

export default function lazyUnmark(context: LoadContext) {
  return moduleReplacementPlugin('lazy-mark', () => [replacement(context.generatedFilesDir)]);
}
