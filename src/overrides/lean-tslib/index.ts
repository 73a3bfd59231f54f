// Keeps tslib out of the bundle every page loads. @docusaurus/utils-common's index, compiled with TypeScript's
// importHelpers, requires tslib for one helper, __importDefault; tslib is one CommonJS file of every helper, which the
// bundler cannot trim, so main.js carried all of it (about 11 KB raw) for a three-line function. This points that
// module's require at ./tslib.ts, which exports the helpers the module calls, as tslib writes them; any other import
// of tslib keeps the package.
import path from 'node:path';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

/** The folder of the compiled utils-common modules, whose `require("tslib")` this replaces. */
export const UTILS_COMMON_LIB = path.dirname(require.resolve('@docusaurus/utils-common/lib/index.js'));

/** The request utils-common writes, the folder its modules sit in, and the module it gets instead. */
export function replacement(): Replacement {
  return { request: /^tslib$/, within: UTILS_COMMON_LIB, replacement: path.resolve(__dirname, 'tslib.ts') };
}

export default function leanTslib() {
  return moduleReplacementPlugin('lean-tslib', () => [replacement()]);
}
