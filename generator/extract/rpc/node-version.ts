// Which node the reference describes: the defichain image that @defichain/testcontainers runs, whose sources at the
// matching tag of DeFiCh/ain are where the node's answers are read from (cited from the example data).
import fs from 'node:fs';
import path from 'node:path';

export const NODE_REPOSITORY_URL = 'https://github.com/DeFiCh/ain';

/** The version of `defi/defichain:<version>` in the installed testcontainers' DeFiDContainer. */
export function nodeImageVersion(testcontainersDir: string): string {
  const file = path.join(testcontainersDir, 'dist/containers/DeFiDContainer.js');
  const found = /'defi\/defichain:(\d+\.\d+\.\d+)'/.exec(fs.readFileSync(file, 'utf8'));
  if (found?.[1] === undefined) throw new Error(`${file}: no defi/defichain:<version> image`);
  return found[1];
}
