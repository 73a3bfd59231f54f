// Entry point of `npm run generate`: reads the installed packages and writes the generated reference pages.
import fs from 'node:fs';
import path from 'node:path';
import { extractRpcReference } from './extract/rpc/reference';
import { attachRpcExamples, readRpcExampleFiles } from './extract/rpc/examples';
import { OPENRPC_FILE, renderOpenRpcJson } from './emit/openrpc';
import { OPENAPI_FILE, renderOpenApiJson } from './emit/openapi';
import { renderCategoriesPartial, renderCategoryPage } from './render/rpc-page';
import { rpcTypeLinks } from './model/routes';
import { extractOceanReference } from './extract/ocean/reference';
import { readOceanExamples } from './extract/ocean/examples';
import { renderOceanCategoriesPartial, renderOceanCategoryPage } from './render/ocean-page';
import { rpcEnums } from './render/ocean-example';
import { markdownFiles, tokenTypeLists } from './emit/token-css';
import { createThinner, type SectionNode } from './render/section-data';
import { darkCodeTheme, lightCodeTheme } from '../config/prism-themes';
import { tokenize } from '../contract/prism/tokenize';
import { tokenCss } from '../contract/prism/token-css';
import { SYMBOL_INDEX_FILE, buildSymbolIndex, guidePages, readGuides } from './emit/search-index';
import { extractSdkReference } from './extract/sdk';
import { SDK_PACKAGES } from './extract/sdk/packages';
import { renderSdkPackage, renderSdkPackagesPartial } from './render/sdk-page';
import type { SdkArea, SdkReference } from './model/sdk';
import { CLIENT_CLASS_LINKS, sdkTypeLinks } from './model/routes';

const ROOT = path.resolve(__dirname, '..');
const API_CORE_DIR = path.dirname(require.resolve('@defichain/jellyfish-api-core/package.json', { paths: [ROOT] }));
/** Generated pages: route /node/jellyfish/api/<category>. */
export const RPC_PAGES_DIR = path.join(ROOT, 'docs/node/jellyfish/api');
/** Everything the generator writes that is not a page: the models, example copies and the token stylesheet (gitignored). */
export const GENERATED_DIR = path.join(ROOT, 'generated');
export const EXAMPLES_DIR = path.join(GENERATED_DIR, 'examples');
/** The folder that holds `@defichain/<package>`, for the SDK's other packages. */
const SDK_NODE_MODULES = path.resolve(require.resolve('@defichain/jellyfish-address/package.json', { paths: [ROOT] }), '../../..');
const WHALE_CLIENT_DIR = path.dirname(require.resolve('@defichain/whale-api-client/package.json', { paths: [ROOT] }));
/** Generated Ocean pages: docs/ocean/reference/<category>.mdx (route /ocean/<category>, set by the page's slug), in a
 * folder of their own apart from the hand-written overview docs/ocean/index.mdx. */
export const OCEAN_PAGES_DIR = path.join(ROOT, 'docs/ocean/reference');
/** Hand-written example arguments and responses, one file per endpoint. */
export const OCEAN_EXAMPLES_SOURCE = path.join(ROOT, 'generator/examples/ocean');
/** Hand-written RPC example arguments and node answers, one file per method, run through the SDK while generating. */
export const RPC_EXAMPLES_SOURCE = path.join(ROOT, 'generator/examples/rpc');
export const OCEAN_EXAMPLES_DIR = path.join(EXAMPLES_DIR, 'ocean');
/**
 * Generated pages of the SDK's other packages, by area: docs/ecosystem/packages/<package>.mdx (route
 * /ecosystem/packages/<package>), a package split into pages in a folder of its own; the hand-written overview
 * (docs/ecosystem/packages/index.mdx) is the one file of the folder git tracks.
 */
export const SDK_PAGES_DIRS: Readonly<Record<SdkArea, string>> = {
  ecosystem: path.join(ROOT, 'docs/ecosystem/packages'),
  testing: path.join(ROOT, 'docs/testing/packages'),
};
/** The hand-written file among the generated SDK pages. */
const SDK_OVERVIEW = path.join(SDK_PAGES_DIRS.ecosystem, 'index.mdx');
/** The data of every generated page's sections (src/components/ReferenceSection), one JSON file per page. */
export const PAGE_DATA_DIR = path.join(GENERATED_DIR, 'pages');

/** Writes a file only when its content changes, so repeated runs leave files (and their mtimes) alone. */
function writeIfChanged(file: string, content: string, written: Set<string>): boolean {
  written.add(path.resolve(file));
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return true;
}

/** Removes the files and emptied folders under `dir` that this run did not write, except `keep`. */
function removeStaleTree(dir: string, written: ReadonlySet<string>, keep: ReadonlySet<string>): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removed.push(...removeStaleTree(file, written, keep));
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
    } else if (entry.isFile() && !written.has(path.resolve(file)) && !keep.has(path.resolve(file))) {
      fs.rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}

/** Writes the pages of the SDK's other packages, the overview's partials and their sidebar categories. */
function writeSdkPages(
  sdk: SdkReference,
  externalLinks: Readonly<Record<string, string>>,
  write: (file: string, content: string) => void,
  writePage: (file: string, mdx: string, area: string, name: string) => void,
): void {
  for (const pkg of sdk.packages) {
    const dir = SDK_PAGES_DIRS[pkg.area];
    const position = sdk.packages.filter((other) => other.area === pkg.area).indexOf(pkg) + 1;
    for (const page of renderSdkPackage(sdk, pkg, { externalLinks })) {
      // A package split into pages gets a folder; its own page, named as the folder, is the sidebar category's link.
      const file = pkg.pages.length === 0 ? path.join(dir, `${pkg.short}.mdx`) : path.join(dir, pkg.short, `${page.slug === '' ? pkg.short : page.slug}.mdx`);
      writePage(file, page.mdx, 'sdk', page.slug === '' ? pkg.short : `${pkg.short}.${page.slug}`);
    }
    if (pkg.pages.length > 0) write(path.join(dir, pkg.short, '_category_.json'), `${JSON.stringify({ label: pkg.short, position, collapsed: true })}\n`);
  }
  // After the hand-written guides of each area (positions 1 and 2).
  const category = { label: 'Package reference', position: 10, collapsed: false };
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_category_.json'), `${JSON.stringify(category)}\n`);
  write(path.join(SDK_PAGES_DIRS.testing, '_category_.json'), `${JSON.stringify(category)}\n`);
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_packages.mdx'), renderSdkPackagesPartial(sdk, 'ecosystem'));
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_testing-packages.mdx'), renderSdkPackagesPartial(sdk, 'testing'));
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

/**
 * Pages an earlier version of the generator wrote beside the overview (docs/ocean/<category>.mdx, before the
 * reference got its folder): left there, they would claim the same routes. Told apart by their first comment.
 */
function removeOceanPagesOfOldLayout(): string[] {
  const dir = path.dirname(OCEAN_PAGES_DIR);
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(dir, entry.name));
  const old = files.filter((file) => /^\{\/\* Generated by `npm run generate`/m.test(fs.readFileSync(file, 'utf8')));
  for (const file of old) fs.rmSync(file);
  return old;
}

/** The code blocks of section data: `code` elements with a `language-*` class, and their text. */
function sectionCode(nodes: readonly SectionNode[], into: { language: string; code: string }[] = []): { language: string; code: string }[] {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    const [name, props, ...children] = node;
    const language = typeof props?.className === 'string' ? /(?:^| )language-(\S+)/.exec(props.className)?.[1] : undefined;
    if (name === 'code' && language !== undefined)
      into.push({
        language,
        code: children
          .filter((child) => typeof child === 'string')
          .join('')
          .replace(/\n$/, ''),
      });
    else sectionCode(children, into);
  }
  return into;
}

/**
 * The code-token stylesheet for the fenced blocks of the docs pages and the code blocks of the section data (which
 * the pages no longer hold as fences): the token types they carry decide the order of the rules.
 */
function tokenStylesheet(docsDir: string, sections: readonly SectionNode[][]): string {
  const lists = new Map(tokenTypeLists(markdownFiles(docsDir)).map((types) => [types.join(' '), types]));
  for (const { language, code } of sectionCode(sections.flat())) {
    for (const line of tokenize(code, language.toLowerCase()))
      for (const token of line) if (token.types.length > 1) lists.set(token.types.join(' '), token.types);
  }
  return tokenCss(
    lightCodeTheme,
    darkCodeTheme,
    [...lists.values()].sort((a, b) => a.join(' ').localeCompare(b.join(' '))),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const reference = extractRpcReference({ packageDir: API_CORE_DIR, repositoryFolder: 'packages/jellyfish-api-core' });
  const withoutExamples = await attachRpcExamples(reference, readRpcExampleFiles(RPC_EXAMPLES_SOURCE), RPC_EXAMPLES_SOURCE);
  for (const key of withoutExamples) reference.warnings.push(`${key}: no example data in generator/examples/rpc`);
  const extracted = performance.now();
  const written = new Set<string>();
  let changed = 0;
  const write = (file: string, content: string): void => {
    if (writeIfChanged(file, content, written)) changed += 1;
  };
  const allSections: SectionNode[][] = [];
  const thinPage = await createThinner();
  /** A page as thin MDX (headings) and the JSON of its section bodies (generated/pages/<area>/<name>.json). */
  const writePage = (file: string, mdx: string, area: string, name: string): void => {
    const thin = thinPage(mdx, `@site/generated/pages/${area}/${name}.json`);
    write(file, thin.mdx);
    if (thin.sections.length > 0) write(path.join(PAGE_DATA_DIR, area, `${name}.json`), `${JSON.stringify(thin.sections)}\n`);
    allSections.push(...thin.sections);
  };
  for (const category of reference.categories) {
    const page = renderCategoryPage(reference, category);
    writePage(path.join(RPC_PAGES_DIR, `${category.name}.mdx`), page.mdx, 'rpc', category.name);
    write(path.join(EXAMPLES_DIR, page.setup.fileName), page.setup.typescript);
    for (const example of page.examples) write(path.join(EXAMPLES_DIR, example.fileName), example.typescript);
  }
  write(path.join(RPC_PAGES_DIR, '_categories.mdx'), renderCategoriesPartial(reference));
  write(path.join(GENERATED_DIR, 'rpc-model.json'), `${JSON.stringify(reference, null, 2)}\n`);
  write(path.join(ROOT, OPENRPC_FILE), renderOpenRpcJson(reference));
  const oceanStarted = performance.now();
  const ocean = extractOceanReference({ packageDir: WHALE_CLIENT_DIR, repositoryFolder: 'packages/whale-api-client' });
  const oceanExamples = readOceanExamples(OCEAN_EXAMPLES_SOURCE);
  for (const category of ocean.categories) {
    for (const endpoint of category.endpoints) {
      const example = oceanExamples.get(`${category.name}.${endpoint.name}`);
      if (example) endpoint.example = example;
    }
  }
  const sdk = extractSdkReference({ nodeModules: SDK_NODE_MODULES, packages: SDK_PACKAGES });
  // A type of the SDK's other packages (jellyfish-json's Precision) links to its section on their pages.
  const externalLinks = { ...rpcTypeLinks(reference), ...sdkTypeLinks(sdk) };
  for (const category of ocean.categories) {
    const page = renderOceanCategoryPage(ocean, category, { examples: oceanExamples, externalLinks, externalEnums: rpcEnums(reference) });
    writePage(path.join(OCEAN_PAGES_DIR, `${category.name}.mdx`), page.mdx, 'ocean', category.name);
    for (const example of page.examples) write(path.join(OCEAN_EXAMPLES_DIR, example.fileName), example.typescript);
  }
  write(path.join(OCEAN_PAGES_DIR, '_categories.mdx'), renderOceanCategoriesPartial(ocean));
  write(path.join(GENERATED_DIR, 'ocean-model.json'), `${JSON.stringify(ocean, null, 2)}\n`);
  write(path.join(ROOT, OPENAPI_FILE), renderOpenApiJson(ocean, reference, WHALE_CLIENT_DIR));
  const sdkStarted = performance.now();
  writeSdkPages(sdk, { ...rpcTypeLinks(reference), ...CLIENT_CLASS_LINKS }, write, writePage);
  write(path.join(GENERATED_DIR, 'sdk-model.json'), `${JSON.stringify(sdk, null, 2)}\n`);
  const sdkFinished = performance.now();
  const isSdkPage = (file: string): boolean => file !== SDK_OVERVIEW && Object.values(SDK_PAGES_DIRS).some((dir) => file.startsWith(`${dir}${path.sep}`));
  const guides = guidePages(path.join(ROOT, 'docs'), (file) => file.startsWith(RPC_PAGES_DIR) || file.startsWith(OCEAN_PAGES_DIR) || isSdkPage(file));
  write(path.join(GENERATED_DIR, SYMBOL_INDEX_FILE), JSON.stringify(buildSymbolIndex(reference, ocean, sdk, readGuides(guides))));
  const oceanFinished = performance.now();
  // Last: the token stylesheet follows the code of every page, the ones just written included.
  write(path.join(GENERATED_DIR, 'prism-tokens.css'), tokenStylesheet(path.join(ROOT, 'docs'), allSections));
  const removed = [
    ...removeStale(RPC_PAGES_DIR, written),
    ...removeStale(EXAMPLES_DIR, written),
    ...removeStale(OCEAN_EXAMPLES_DIR, written),
    ...removeStale(path.join(PAGE_DATA_DIR, 'rpc'), written),
    ...removeStale(path.join(PAGE_DATA_DIR, 'ocean'), written),
    ...removeStale(path.join(PAGE_DATA_DIR, 'sdk'), written),
    ...removeStaleTree(SDK_PAGES_DIRS.ecosystem, written, new Set([path.resolve(SDK_OVERVIEW)])),
    ...removeStaleTree(SDK_PAGES_DIRS.testing, written, new Set()),
    ...removeStale(OCEAN_PAGES_DIR, written),
    ...removeOceanPagesOfOldLayout(),
  ];
  const finished = performance.now();

  for (const warning of reference.warnings) console.warn(`warning: ${warning}`);
  for (const warning of ocean.warnings) console.warn(`warning: ocean: ${warning}`);
  const sdkExports = sdk.packages.reduce((sum, pkg) => sum + pkg.exports.length, 0);
  const sdkPages = sdk.packages.reduce((sum, pkg) => sum + 1 + pkg.pages.length, 0);
  console.log(
    `generate: ${sdk.packages.length} other SDK packages ${sdk.version}: ${sdkExports} exports on ${sdkPages} pages, ` +
      `${Object.keys(sdk.symbols).length - sdkExports} declarations the entry points do not export, ${sdk.warnings.length} warnings (no doc comment or @param text; in generated/sdk-model.json); ` +
      `render+write ${Math.round(sdkFinished - sdkStarted)} ms`,
  );
  const endpoints = ocean.categories.reduce((sum, category) => sum + category.endpoints.length, 0);
  console.log(
    `generate: ${ocean.package.name} ${ocean.package.version}: ${ocean.categories.length} categories, ${endpoints} endpoints, ` +
      `${Object.keys(ocean.types).length} types, ${ocean.warnings.length} warnings; extract+render ${Math.round(oceanFinished - oceanStarted)} ms`,
  );
  const methods = reference.categories.reduce((sum, category) => sum + category.methods.length, 0);
  const signatures = reference.categories.reduce((sum, category) => sum + category.methods.reduce((count, method) => count + method.signatures.length, 0), 0);
  console.log(
    `generate: ${reference.package.name} ${reference.package.version}: ${reference.categories.length} categories, ${methods} methods (${signatures} signatures), ` +
      `${Object.keys(reference.types).length} types, ${reference.warnings.length} warnings; ${changed} files changed, ${removed.length} removed; ` +
      `extract ${Math.round(extracted - started)} ms, render+write ${Math.round(finished - extracted)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
