// Entry point of `npm run generate`: reads the installed packages and writes the generated reference pages.
import fs from 'node:fs';
import path from 'node:path';
import { extractRpcReference } from './extract/rpc/reference';
import { attachRpcExamples, readRpcExampleFiles } from './extract/rpc/examples';
import { attachNodeRpcErrors, attachRpcErrors, readRpcErrors } from './extract/rpc/errors';
import { attachOceanErrors, readOceanErrors } from './extract/ocean/errors';
import { NODE_REPOSITORY_URL, nodeImageVersion } from './extract/rpc/node-version';
import { renderOpenRpcJson } from './emit/openrpc';
import { renderOpenApiJson } from './emit/openapi';
import { renderCategoriesPartial, renderCategoryPages } from './render/rpc-page';
import { attachRpcPages } from './extract/rpc/pages';
import { CLIENT_CLASS_LINKS, customTxHref, customTxReferenceLinks, RELEASES_FOLDER, rpcMethodHref, rpcTypeLinks, sdkTypeLinks } from './model/routes';
import { extractOceanReference } from './extract/ocean/reference';
import { renderOceanCategoriesPartial, renderOceanCategoryPage } from './render/ocean-page';
import { rpcEnums } from './render/ocean-example';
import { tokenStylesheet } from './emit/token-css';
import { createSectionSplitter, type SectionNode } from './render/section-data';
import { SYMBOL_INDEX_FILE, buildSymbolIndex, guideContents, type MarkdownPage } from './emit/search-index';
import { readEnvelopeSchemas } from './extract/ocean/envelope';
import { renderErrorGroupsJson } from './emit/error-groups';
import { INSPECT_DATA_FILE, renderInspectData } from './emit/inspect-data';
import { ERROR_GROUPS_FILE } from '../contract/error-groups';
import { GENERATED_OUTPUTS, isGenerated } from '../contract/generated-outputs';
import { outputWriter } from './outputs';
import { attachBuilderExamples, attachGuideUses, extractSdkReference } from './extract/sdk';
import { SDK_PACKAGES } from './extract/sdk/packages';
import { renderSdkPackage, renderSdkPackagesPartial, type SdkPageOptions } from './render/sdk-page';
import type { SdkArea, SdkReference } from './model/sdk';
import { AIN_FACTS_FILE, extractCustomTxReference } from './extract/sdk/custom-tx';
import { renderFamilyPage, renderOverviewPage } from './render/custom-tx-page';
import { readBuilderExamples } from './extract/sdk/builder-examples';
import { attachOceanHistory, attachRpcHistory, attachSdkHistory, readHistoryFile } from './extract/history/attach';
import { renderOceanReleasePages, renderRpcReleasePages, renderSdkReleasePages, renderSdkReleasesPartial } from './render/release-page';
import { readNodeRpcs, typedRpcNames } from './extract/rpc/node-rpcs';
import { attachSdkVsNode } from './extract/rpc/sdk-vs-node';
import { renderNodeOnlyIndex, renderNodeOnlyPages, renderNodeReleasePages } from './render/node-rpc-page';
import { NODE_ONLY_FOLDER } from './model/routes';

const ROOT = path.resolve(__dirname, '..');
/** Writes and prunes the outputs of contract/generated-outputs.ts. */
const outputs = outputWriter(ROOT);
const outputPath = outputs.at;
const API_CORE_DIR = path.dirname(require.resolve('@defichain/jellyfish-api-core/package.json', { paths: [ROOT] }));
/** Generated pages: route /node/jellyfish/api/<category>. */
export const RPC_PAGES_DIR = outputPath(GENERATED_OUTPUTS.rpcPages);
/** Everything the generator writes that is not a page: the models, example copies and the token stylesheet. */
export const GENERATED_DIR = outputPath(GENERATED_OUTPUTS.data);
export const EXAMPLES_DIR = path.join(GENERATED_DIR, 'examples');
const TESTCONTAINERS_DIR = path.dirname(require.resolve('@defichain/testcontainers/package.json', { paths: [ROOT] }));
/** The folder that holds `@defichain/<package>`, for the SDK's other packages. */
const SDK_NODE_MODULES = path.resolve(require.resolve('@defichain/jellyfish-address/package.json', { paths: [ROOT] }), '../../..');
const TRANSACTION_DIR = path.dirname(require.resolve('@defichain/jellyfish-transaction/package.json', { paths: [ROOT] }));
const BUILDER_DIR = path.dirname(require.resolve('@defichain/jellyfish-transaction-builder/package.json', { paths: [ROOT] }));
/** Generated custom transaction pages: docs/ecosystem/custom-transactions/ (route /ecosystem/custom-transactions/…). */
export const CUSTOM_TX_PAGES_DIR = outputPath(GENERATED_OUTPUTS.customTxPages);
const WHALE_CLIENT_DIR = path.dirname(require.resolve('@defichain/whale-api-client/package.json', { paths: [ROOT] }));
/** Generated Ocean pages: docs/ocean/reference/<category>.mdx (route /ocean/<category>, set by the page's slug), in a
 * folder of their own apart from the hand-written overview docs/ocean/index.mdx. */
export const OCEAN_PAGES_DIR = outputPath(GENERATED_OUTPUTS.oceanPages);
/** Generated release pages, one per major line of each package: docs/<area>/releases/v<major>.mdx (generator/history). */
export const RPC_RELEASES_DIR = outputPath(GENERATED_OUTPUTS.rpcReleases);
export const OCEAN_RELEASES_DIR = outputPath(GENERATED_OUTPUTS.oceanReleases);
/** Hand-written example arguments and responses, one file per endpoint. */
export const OCEAN_EXAMPLES_SOURCE = path.join(ROOT, 'generator/examples/ocean');
/** Hand-written RPC example arguments and node answers, one file per method, run through the SDK while generating. */
export const RPC_EXAMPLES_SOURCE = path.join(ROOT, 'generator/examples/rpc');
export const OCEAN_EXAMPLES_DIR = path.join(EXAMPLES_DIR, 'ocean');
/** What the node and Ocean answer besides success, derived from their sources (scripts/derive-*-errors.ts), committed. */
export const RPC_ERRORS_SOURCE = path.join(ROOT, 'generator/errors/rpc.json');
export const OCEAN_ERRORS_SOURCE = path.join(ROOT, 'generator/errors/ocean.json');
/**
 * Generated pages of the SDK's other packages, by area: docs/ecosystem/packages/<package>.mdx (route
 * /ecosystem/packages/<package>), a package split into pages in a folder of its own. The hand-written overview is
 * outside the folder (SDK_OVERVIEW_DOC).
 */
export const SDK_PAGES_DIRS: Readonly<Record<SdkArea, string>> = {
  ecosystem: outputPath(GENERATED_OUTPUTS.sdkPages),
  testing: outputPath(GENERATED_OUTPUTS.sdkTestingPages),
};
/** Generated release pages of the SDK's other packages: docs/ecosystem/packages/releases/v<major>.mdx (route /ecosystem/packages/releases/v<major>). */
export const SDK_RELEASES_DIR = path.join(SDK_PAGES_DIRS.ecosystem, RELEASES_FOLDER);
/**
 * The doc id of the hand-written package overview, docs/ecosystem/package-reference.mdx: served at /ecosystem/packages/
 * by its slug and linked from the generated folder's sidebar category, so that the folder holds generated files only.
 */
const SDK_OVERVIEW_DOC = 'package-reference';
/** The data of every generated page's sections (src/components/ReferenceSection), one JSON file per page. */
export const PAGE_DATA_DIR = path.join(GENERATED_DIR, 'pages');

/** Writes the pages of the SDK's other packages, the overview's partials and their sidebar categories. */
function writeSdkPages(
  sdk: SdkReference,
  options: SdkPageOptions,
  write: (file: string, content: string) => void,
  writePage: (file: string, mdx: string, area: string, name: string) => void,
): void {
  for (const pkg of sdk.packages) {
    const dir = SDK_PAGES_DIRS[pkg.area];
    const position = sdk.packages.filter((other) => other.area === pkg.area).indexOf(pkg) + 1;
    for (const page of renderSdkPackage(sdk, pkg, options)) {
      // A package split into pages gets a folder; its own page, named as the folder, is the sidebar category's link.
      const file = pkg.pages.length === 0 ? path.join(dir, `${pkg.short}.mdx`) : path.join(dir, pkg.short, `${page.slug === '' ? pkg.short : page.slug}.mdx`);
      writePage(file, page.mdx, 'sdk', page.slug === '' ? pkg.short : `${pkg.short}.${page.slug}`);
    }
    if (pkg.pages.length > 0) write(path.join(dir, pkg.short, '_category_.json'), `${JSON.stringify({ label: pkg.short, position, collapsed: true })}\n`);
  }
  // After the hand-written guides of each area (positions 1 and 2).
  const category = { label: 'Package reference', position: 10, collapsed: false };
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_category_.json'), `${JSON.stringify({ ...category, link: { type: 'doc', id: SDK_OVERVIEW_DOC } })}\n`);
  write(path.join(SDK_PAGES_DIRS.testing, '_category_.json'), `${JSON.stringify(category)}\n`);
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_packages.mdx'), renderSdkPackagesPartial(sdk, 'ecosystem'));
  // The release pages of the packages, one per major line (generator/history/sdk), last in the package reference.
  const releases = renderSdkReleasePages(sdk);
  for (const page of releases) write(path.join(SDK_RELEASES_DIR, page.fileName), page.mdx);
  write(path.join(SDK_RELEASES_DIR, '_category_.json'), `${JSON.stringify({ label: 'Releases', position: 100, collapsed: true })}\n`);
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_releases.mdx'), renderSdkReleasesPartial(releases));
  write(path.join(SDK_PAGES_DIRS.ecosystem, '_testing-packages.mdx'), renderSdkPackagesPartial(sdk, 'testing'));
}

/** Every Markdown page below `docsDir` (its path from there, with forward slashes) and its text, in path order. */
function markdownPages(docsDir: string): MarkdownPage[] {
  const pages: MarkdownPage[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) pages.push({ path: path.relative(docsDir, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') });
    }
  };
  if (fs.existsSync(docsDir)) walk(docsDir);
  return pages;
}

/** The time each step of a run took, in run order, each by what it does: `timed(step)` closes the step. */
function stopwatch(): { timed: (step: string) => void; steps: () => string } {
  const steps: string[] = [];
  let since = performance.now();
  return {
    timed: (step) => {
      const now = performance.now();
      steps.push(`${step} ${Math.round(now - since)} ms`);
      since = now;
    },
    steps: () => steps.join(', '),
  };
}

async function main(): Promise<void> {
  const { timed, steps } = stopwatch();
  const reference = extractRpcReference({ packageDir: API_CORE_DIR, repositoryFolder: 'packages/jellyfish-api-core' });
  // The categories whose one page would outweigh the HTML budget get further pages (generator/extract/rpc/pages.ts).
  attachRpcPages(reference);
  // The release history is committed data (generator/history, `npm run history`): read offline.
  attachRpcHistory(reference, readHistoryFile('@defichain/jellyfish-api-core'));
  const withoutExamples = await attachRpcExamples(reference, readRpcExampleFiles(RPC_EXAMPLES_SOURCE), RPC_EXAMPLES_SOURCE);
  for (const key of withoutExamples) reference.warnings.push(`${key}: no example data in generator/examples/rpc`);
  const rpcErrors = readRpcErrors(RPC_ERRORS_SOURCE);
  for (const key of attachRpcErrors(reference, rpcErrors)) reference.warnings.push(`${key}: no errors in generator/errors/rpc.json`);
  reference.node = { repositoryUrl: NODE_REPOSITORY_URL, tag: `v${nodeImageVersion(TESTCONTAINERS_DIR)}` };
  // Every RPC of that node and the node's releases (generator/node-rpcs, committed): refused unless it pins that node.
  reference.nodeRpcs = readNodeRpcs(reference.node.tag, typedRpcNames(reference));
  // Where a method and its RPC's help differ (generator/node-rpcs/sdk-vs-node.json, committed): refused unless it
  // compares this node and this package.
  attachSdkVsNode(reference);
  for (const name of attachNodeRpcErrors(reference.nodeRpcs, rpcErrors)) reference.warnings.push(`node RPC ${name}: no errors in generator/errors/rpc.json`);
  timed('RPC extract');
  let changed = 0;
  const write = (file: string, content: string): void => {
    if (outputs.write(file, content)) changed += 1;
  };
  const allSections: SectionNode[][] = [];
  const splitPage = await createSectionSplitter();
  /** A page as MDX of its headings and the JSON of its section bodies (generated/pages/<area>/<name>.json). */
  const writePage = (file: string, mdx: string, area: string, name: string): void => {
    const split = splitPage(mdx, `@site/generated/pages/${area}/${name}.json`);
    write(file, split.mdx);
    if (split.sections.length > 0) write(path.join(PAGE_DATA_DIR, area, `${name}.json`), `${JSON.stringify(split.sections)}\n`);
    allSections.push(...split.sections);
  };
  for (const category of reference.categories) {
    const pages = renderCategoryPages(reference, category);
    for (const page of pages) {
      // A category on several pages gets a folder; its own page, named as the folder, is the sidebar category's link.
      const file = pages.length === 1 ? `${category.name}.mdx` : path.join(category.name, `${page.slug === '' ? category.name : page.slug}.mdx`);
      writePage(path.join(RPC_PAGES_DIR, file), page.mdx, 'rpc', page.slug === '' ? category.name : `${category.name}.${page.slug}`);
      for (const example of page.examples) write(path.join(EXAMPLES_DIR, example.fileName), example.typescript);
    }
    const [own] = pages;
    if (own !== undefined) write(path.join(EXAMPLES_DIR, own.setup.fileName), own.setup.typescript);
    if (pages.length > 1) write(path.join(RPC_PAGES_DIR, category.name, '_category_.json'), `${JSON.stringify({ label: category.name, collapsed: true })}\n`);
  }
  write(path.join(RPC_PAGES_DIR, '_categories.mdx'), renderCategoriesPartial(reference));
  // The RPCs no SDK method calls, a page per node category, after the ApiClient categories in the sidebar.
  for (const page of renderNodeOnlyPages(reference)) {
    writePage(path.join(RPC_PAGES_DIR, NODE_ONLY_FOLDER, `${page.page}.mdx`), page.mdx, 'rpc', `${NODE_ONLY_FOLDER}.${page.page}`);
    for (const sample of page.samples) write(path.join(EXAMPLES_DIR, sample.fileName), sample.typescript);
  }
  // The folder's index.mdx is its sidebar category's link (a generated index would add its card styles to every page).
  const nodeOnlyIndex = renderNodeOnlyIndex(reference);
  if (nodeOnlyIndex !== null) write(path.join(RPC_PAGES_DIR, NODE_ONLY_FOLDER, 'index.mdx'), nodeOnlyIndex);
  write(
    path.join(RPC_PAGES_DIR, NODE_ONLY_FOLDER, '_category_.json'),
    `${JSON.stringify({ label: 'Node only (not typed by the SDK)', position: 1000, collapsed: true })}\n`,
  );
  write(path.join(GENERATED_DIR, 'rpc-model.json'), `${JSON.stringify(reference, null, 2)}\n`);
  write(outputPath(GENERATED_OUTPUTS.openRpc), renderOpenRpcJson(reference));
  timed('RPC render+write');
  const ocean = extractOceanReference({ packageDir: WHALE_CLIENT_DIR, repositoryFolder: 'packages/whale-api-client', examplesDir: OCEAN_EXAMPLES_SOURCE });
  attachOceanHistory(ocean, readHistoryFile('@defichain/whale-api-client'));
  for (const key of attachOceanErrors(ocean, readOceanErrors(OCEAN_ERRORS_SOURCE))) ocean.warnings.push(`${key}: no errors in generator/errors/ocean.json`);
  const sdk = extractSdkReference({ nodeModules: SDK_NODE_MODULES, packages: SDK_PACKAGES });
  attachSdkHistory(sdk);
  attachGuideUses(sdk, path.join(ROOT, 'docs'));
  timed('Ocean and SDK extract');
  // A type of the SDK's other packages (jellyfish-json's Precision) links to its section on their pages.
  const externalLinks = { ...rpcTypeLinks(reference), ...sdkTypeLinks(sdk) };
  for (const category of ocean.categories) {
    const page = renderOceanCategoryPage(ocean, category, { externalLinks, externalEnums: rpcEnums(reference) });
    writePage(path.join(OCEAN_PAGES_DIR, `${category.name}.mdx`), page.mdx, 'ocean', category.name);
    for (const example of page.examples) write(path.join(OCEAN_EXAMPLES_DIR, example.fileName), example.typescript);
  }
  write(path.join(OCEAN_PAGES_DIR, '_categories.mdx'), renderOceanCategoriesPartial(ocean));
  for (const page of renderRpcReleasePages(reference)) write(path.join(RPC_RELEASES_DIR, page.fileName), page.mdx);
  for (const page of renderNodeReleasePages(reference)) write(path.join(RPC_RELEASES_DIR, page.fileName), page.mdx);
  for (const page of renderOceanReleasePages(ocean)) write(path.join(OCEAN_RELEASES_DIR, page.fileName), page.mdx);
  write(path.join(GENERATED_DIR, 'ocean-model.json'), `${JSON.stringify(ocean, null, 2)}\n`);
  write(outputPath(GENERATED_OUTPUTS.openApi), renderOpenApiJson(ocean, reference, readEnvelopeSchemas(WHALE_CLIENT_DIR)));
  write(path.join(GENERATED_DIR, ERROR_GROUPS_FILE), renderErrorGroupsJson(reference, ocean));
  timed('Ocean pages, RPC and Ocean release pages, OpenAPI and error groups render+write');
  const customTx = await extractCustomTxReference({
    transactionDir: TRANSACTION_DIR,
    builderDir: BUILDER_DIR,
    ainFactsFile: path.join(ROOT, AIN_FACTS_FILE),
    rpc: reference,
  });
  const customTxLinks = customTxReferenceLinks(sdk, customTx, reference);
  const overview = renderOverviewPage(customTx, customTxLinks);
  writePage(path.join(CUSTOM_TX_PAGES_DIR, `${overview.name}.mdx`), overview.mdx, 'custom-tx', overview.name);
  customTx.families.forEach((family, index) => {
    const page = renderFamilyPage(customTx, family, index + 2, customTxLinks);
    writePage(path.join(CUSTOM_TX_PAGES_DIR, `${page.name}.mdx`), page.mdx, 'custom-tx', page.name);
  });
  write(path.join(CUSTOM_TX_PAGES_DIR, '_category_.json'), `${JSON.stringify({ label: 'Custom transactions', position: 3 }, null, 2)}\n`);
  write(path.join(GENERATED_DIR, 'custom-tx-model.json'), `${JSON.stringify(customTx, null, 2)}\n`);
  write(path.join(GENERATED_DIR, INSPECT_DATA_FILE), `${JSON.stringify(renderInspectData(customTx, reference))}\n`);
  // The builder calls' samples (generator/examples/builder), which the builder package's page shows at each call's member.
  const builderExamples = readBuilderExamples({
    samplesDir: path.join(ROOT, 'generator/examples/builder'),
    builderDir: BUILDER_DIR,
    ainFactsFile: path.join(ROOT, AIN_FACTS_FILE),
    rpc: reference,
    rpcRoute: (category, method) => rpcMethodHref(reference, category, method),
  });
  write(path.join(GENERATED_DIR, 'builder-examples.json'), `${JSON.stringify(Object.fromEntries(builderExamples), null, 2)}\n`);
  timed('custom transactions and builder samples extract+render+write');
  const unattached = attachBuilderExamples(sdk, builderExamples);
  for (const key of unattached) sdk.warnings.push(`builder example ${key}: no builder method of that name`);
  const dftxLayouts = Object.fromEntries(customTx.types.map((type) => [type.className, customTxHref(type)]));
  writeSdkPages(sdk, { externalLinks: { ...rpcTypeLinks(reference), ...CLIENT_CLASS_LINKS }, dftxLayouts }, write, writePage);
  write(path.join(GENERATED_DIR, 'sdk-model.json'), `${JSON.stringify(sdk, null, 2)}\n`);
  timed('SDK render+write');
  const docs = path.join(ROOT, 'docs');
  // The hand-written pages: every page of docs/ outside the generated outputs.
  const handWritten = markdownPages(docs).filter((page) => !isGenerated(`docs/${page.path}`));
  write(path.join(GENERATED_DIR, SYMBOL_INDEX_FILE), JSON.stringify(buildSymbolIndex(reference, ocean, sdk, guideContents(handWritten), customTx)));
  timed('search index');
  // Last: the token stylesheet follows the code of every page, the ones just written included.
  write(
    path.join(GENERATED_DIR, 'prism-tokens.css'),
    tokenStylesheet(
      markdownPages(docs).map((page) => page.text),
      allSections,
    ),
  );
  // Every wholly generated folder loses what this run did not write (a category the package dropped, a renamed page).
  const removed = outputs.prune();
  timed('token stylesheet and prune');

  for (const warning of reference.warnings) console.warn(`warning: ${warning}`);
  for (const warning of ocean.warnings) console.warn(`warning: ocean: ${warning}`);
  const sdkExports = sdk.packages.reduce((sum, pkg) => sum + pkg.exports.length, 0);
  const sdkPages = sdk.packages.reduce((sum, pkg) => sum + 1 + pkg.pages.length, 0);
  console.log(
    `generate: ${sdk.packages.length} other SDK packages ${sdk.version}: ${sdkExports} exports on ${sdkPages} pages, ` +
      `${Object.keys(sdk.symbols).length - sdkExports} declarations the entry points do not export, ${sdk.warnings.length} warnings (no doc comment or @param text; in generated/sdk-model.json)`,
  );
  const endpoints = ocean.categories.reduce((sum, category) => sum + category.endpoints.length, 0);
  console.log(
    `generate: ${ocean.package.name} ${ocean.package.version}: ${ocean.categories.length} categories, ${endpoints} endpoints, ` +
      `${Object.keys(ocean.types).length} types, ${ocean.warnings.length} warnings`,
  );
  const methods = reference.categories.reduce((sum, category) => sum + category.methods.length, 0);
  const signatures = reference.categories.reduce((sum, category) => sum + category.methods.reduce((count, method) => count + method.signatures.length, 0), 0);
  console.log(
    `generate: ${reference.package.name} ${reference.package.version}: ${reference.categories.length} categories, ${methods} methods (${signatures} signatures), ` +
      `${Object.keys(reference.types).length} types, ${reference.warnings.length} warnings; ${changed} files changed, ${removed.length} removed`,
  );
  console.log(`generate: ${steps()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
