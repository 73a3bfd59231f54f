// Entry point of `npm run generate`: reads the installed packages and writes the generated reference pages.
import fs from 'node:fs';
import path from 'node:path';
import { extractRpcReference } from './extract/rpc';
import { OPENRPC_FILE, renderOpenRpcJson } from './openrpc';
import { renderCategoriesPartial, renderCategoryPage, renderSidebarCategory } from './render/rpc-page';

const ROOT = path.resolve(__dirname, '..');
const API_CORE_DIR = path.dirname(require.resolve('@defichain/jellyfish-api-core/package.json', { paths: [ROOT] }));
/** Generated pages: route /node/jellyfish/api/<category>. */
export const RPC_PAGES_DIR = path.join(ROOT, 'docs/node/jellyfish/api');
/** Label of docs/node/jellyfish in the node sidebar (the folder holds only the generated api/ folder). */
const JELLYFISH_DIR = path.join(ROOT, 'docs/node/jellyfish');
export const GENERATED_DIR = path.join(ROOT, 'generated');
export const EXAMPLES_DIR = path.join(GENERATED_DIR, 'examples');

/** Writes a file only when its content changes, so repeated runs leave files (and their mtimes) alone. */
function writeIfChanged(file: string, content: string, written: Set<string>): boolean {
  written.add(path.resolve(file));
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return true;
}

/** Removes files a previous run wrote that this run did not (e.g. a category the package dropped). */
function removeStale(dir: string, written: ReadonlySet<string>): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isFile() && !written.has(path.resolve(file))) {
      fs.rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}

function main(): void {
  const started = performance.now();
  const reference = extractRpcReference({ packageDir: API_CORE_DIR, repositoryFolder: 'packages/jellyfish-api-core' });
  const extracted = performance.now();
  const written = new Set<string>();
  let changed = 0;
  const write = (file: string, content: string): void => {
    if (writeIfChanged(file, content, written)) changed += 1;
  };
  for (const category of reference.categories) {
    const page = renderCategoryPage(reference, category);
    write(path.join(RPC_PAGES_DIR, `${category.name}.mdx`), page.mdx);
    write(path.join(EXAMPLES_DIR, page.setup.fileName), page.setup.typescript);
    for (const example of page.examples) write(path.join(EXAMPLES_DIR, example.fileName), example.typescript);
  }
  write(path.join(RPC_PAGES_DIR, '_categories.mdx'), renderCategoriesPartial(reference));
  write(path.join(RPC_PAGES_DIR, '_category_.json'), renderSidebarCategory('API reference', 1));
  write(path.join(JELLYFISH_DIR, '_category_.json'), renderSidebarCategory('Jellyfish client', 10));
  write(path.join(GENERATED_DIR, 'rpc-model.json'), `${JSON.stringify(reference, null, 2)}\n`);
  write(path.join(ROOT, OPENRPC_FILE), renderOpenRpcJson(reference));
  const removed = [...removeStale(RPC_PAGES_DIR, written), ...removeStale(EXAMPLES_DIR, written)];
  const finished = performance.now();

  for (const warning of reference.warnings) console.warn(`warning: ${warning}`);
  const methods = reference.categories.reduce((sum, category) => sum + category.methods.length, 0);
  const signatures = reference.categories.reduce((sum, category) => sum + category.methods.reduce((count, method) => count + method.signatures.length, 0), 0);
  console.log(
    `generate: ${reference.package.name} ${reference.package.version}: ${reference.categories.length} categories, ${methods} methods (${signatures} signatures), ` +
      `${Object.keys(reference.types).length} types, ${reference.warnings.length} warnings; ${changed} files changed, ${removed.length} removed; ` +
      `extract ${Math.round(extracted - started)} ms, render+write ${Math.round(finished - extracted)} ms`,
  );
}

main();
