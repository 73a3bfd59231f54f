// The override `full-text-query` (src/overrides/full-text-query, the MCP server's full-text search) against the
// local-search plugin's own code: an index written by the plugin's buildIndex with the site's options, asked by the
// plugin's worker (its SearchWorker, with the constants the plugin generates for the site) and by ours. The plugin's
// files are ES modules of its dist/ that import a module Docusaurus generates; they are evaluated here from their text,
// each loader with a lunr of its own (the index's writer, the worker and ours do not share one, as in the build).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from '../../docusaurus.config';
import { FullTextIndex } from '../../src/overrides/full-text-query';
import type { PluginDocument, PluginResult } from '../../src/search/results';

const PLUGIN = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
const DIST = path.join(PLUGIN, 'dist');
const pluginRequire = createRequire(path.join(DIST, 'server/server/index.js'));

type ModuleFunction = (exports: unknown, require: (request: string) => unknown, module: { exports: unknown }, filename: string, dirname: string) => void;

/**
 * A loader of the plugin's files with a module cache of its own: ES modules are compiled to CommonJS with the
 * TypeScript compiler; lunr and lunr-languages are evaluated afresh (so each loader has its own lunr); `stubs` answer
 * for the files they name (by absolute path without extension) or for bare requests; `texts` replace a file's text;
 * the rest is Node's require.
 */
function loader(stubs: Record<string, unknown>, texts: Record<string, string> = {}): (file: string) => unknown {
  const cache = new Map<string, { exports: unknown }>();
  const load = (file: string): unknown => {
    const cached = cache.get(file);
    if (cached) return cached.exports;
    const module = { exports: {} as unknown };
    cache.set(file, module);
    const source = texts[file] ?? fs.readFileSync(file, 'utf8');
    const code = /^(import|export) /m.test(source)
      ? ts.transpileModule(source, {
          fileName: file,
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
        }).outputText
      : source;
    const require = (request: string): unknown => {
      if (request in stubs) return stubs[request];
      if (request.startsWith('.')) {
        const target = path.resolve(path.dirname(file), request).replace(/\.js$/, '');
        return target in stubs ? stubs[target] : load(`${target}.js`);
      }
      if (request === 'lunr' || request.startsWith('lunr-languages/')) return load(pluginRequire.resolve(request));
      return createRequire(file)(request);
    };
    // The module's code in the function Node wraps a CommonJS module in, named after its file in stack traces.
    const run = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file }) as ModuleFunction;
    run(module.exports, require, module, file, path.dirname(file));
    return module.exports;
  };
  return load;
}

interface SiteOptions {
  language: string[];
  removeDefaultStopWordFilter: string[];
  fuzzyMatchingDistance: number;
}

/** The site's options for the plugin (docusaurus.config.ts) as the plugin normalizes them: defaults filled in, lists. */
function siteOptions(): SiteOptions {
  const entry = (config.themes ?? []).find(
    (theme) => Array.isArray(theme) && typeof theme[1] === 'object' && theme[1] !== null && 'docsRouteBasePath' in theme[1],
  );
  const options = Array.isArray(entry) ? (entry[1] as object) : {};
  type Schema = { validate(value: object): { value: object; error?: Error } };
  const { validateOptions } = pluginRequire('./utils/validateOptions') as {
    validateOptions(args: { options: object; validate: (schema: Schema, value: object) => object }): object;
  };
  const { processPluginOptions } = pluginRequire('./utils/processPluginOptions') as {
    processPluginOptions(options: object, context: { siteDir: string; siteConfig: { themeConfig: object } }): SiteOptions;
  };
  const validated = validateOptions({
    options,
    validate: (schema, value) => {
      const { value: normalized, error } = schema.validate(value);
      if (error) throw error;
      return normalized;
    },
  });
  return processPluginOptions(validated, { siteDir: path.resolve(__dirname, '../..'), siteConfig: { themeConfig: {} } });
}

type SerializedIndex = Array<{ documents: PluginDocument[]; index: unknown }>;

/** The index the plugin's postBuild writes for `documents` (a list per document type), with the site's options. */
function pluginIndex(documents: PluginDocument[][]): SerializedIndex {
  const { buildIndex } = loader({})(path.join(DIST, 'server/server/utils/buildIndex.js')) as {
    buildIndex(documents: PluginDocument[][], options: object): SerializedIndex;
  };
  return JSON.parse(JSON.stringify(buildIndex(documents, { ...siteOptions(), removeDefaultStemmer: false }))) as SerializedIndex;
}

interface PluginWorker {
  search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<PluginResult[]>;
}

const CONSTANTS = path.join(DIST, 'client/client/utils/proxiedGeneratedConstants');

/**
 * The plugin's search worker over `serialized`, with what the constants module the plugin generates holds for the
 * site: lunr set up for the site's languages (as generate.js writes it) and the options the worker reads. `texts`
 * replace the text of some of the plugin's files (by absolute path).
 */
function pluginWorker(serialized: SerializedIndex, texts: Record<string, string> = {}): PluginWorker {
  const options = siteOptions();
  const stubs: Record<string, unknown> = { comlink: { expose: () => undefined } };
  const load = loader(stubs, texts);
  const lunr = load(pluginRequire.resolve('lunr'));
  const setUp = (request: string) => load(pluginRequire.resolve(request)) as (lunr: unknown) => void;
  expect(options.language).toEqual(['en', 'zh']);
  setUp('lunr-languages/lunr.stemmer.support')(lunr);
  (load(path.join(DIST, 'client/shared/lunrLanguageZh.js')) as { lunrLanguageZh(lunr: unknown): void }).lunrLanguageZh(lunr);
  setUp('lunr-languages/lunr.multi')(lunr);
  stubs.lunr = lunr;
  stubs[CONSTANTS] = {
    language: options.language,
    removeDefaultStopWordFilter: options.removeDefaultStopWordFilter,
    fuzzyMatchingDistance: options.fuzzyMatchingDistance,
    searchIndexUrl: 'search-index{dir}.json',
  };
  vi.stubGlobal('location', { origin: 'http://localhost' });
  vi.stubGlobal('fetch', () => Promise.resolve({ json: () => Promise.resolve(serialized) }));
  const { SearchWorker } = load(path.join(DIST, 'client/client/theme/worker.js')) as { SearchWorker: new () => PluginWorker };
  return new SearchWorker();
}

const page = (i: number, t: string, u: string): PluginDocument => ({ i, t, u, b: ['Reference'] });
const POOLS = '/ocean/poolpairs';
const LOAN = '/node/jellyfish/api/loan';
const MASTERNODE = '/node/jellyfish/api/masternode';

/** Documents in the plugin's shape (src/search/results.ts), one list per type: title, heading, description, keywords, content. */
const DOCUMENTS: PluginDocument[][] = [
  [page(1, 'Pool pairs', POOLS), page(10, 'Loan', LOAN), page(20, 'Masternode', MASTERNODE)],
  [
    { i: 2, t: 'List pool pairs', u: POOLS, h: '#list', p: 1 },
    { i: 3, t: 'Swap paths', u: POOLS, h: '#swap-paths', p: 1 },
    { i: 11, t: 'Create a loan scheme', u: LOAN, h: '#createloanscheme', p: 10 },
    { i: 12, t: 'Take a loan', u: LOAN, h: '#takeloan', p: 10 },
    { i: 21, t: 'Create a masternode', u: MASTERNODE, h: '#createmasternode', p: 20 },
  ],
  [
    { i: 1, t: 'The pool pairs of the exchange: their reserves, swap paths and prices.', s: 'Pool pairs', u: POOLS, p: 1 },
    { i: 10, t: 'Loan schemes, collateral tokens and the vaults of a node.', s: 'Loan', u: LOAN, p: 10 },
  ],
  [],
  [
    { i: 4, t: 'Every pool pair holds two tokens; a swap takes one of them and gives the other.', s: 'List pool pairs', u: POOLS, h: '#list', p: 1 },
    { i: 5, t: 'A swap path chains pool pairs when no pair joins the two tokens.', s: 'Swap paths', u: POOLS, h: '#swap-paths', p: 1 },
    {
      i: 13,
      t: 'A loan scheme sets the minimum collateral ratio and the interest rate of a vault.',
      s: 'Create a loan scheme',
      u: LOAN,
      h: '#createloanscheme',
      p: 10,
    },
    { i: 14, t: 'Take a loan against the collateral a vault holds.', s: 'Take a loan', u: LOAN, h: '#takeloan', p: 10 },
    { i: 22, t: 'A masternode needs an owner address and 20000 DFI of collateral.', s: 'Create a masternode', u: MASTERNODE, h: '#createmasternode', p: 20 },
  ],
];

/** English queries of one or two words: whole words, a word being typed, a typo, a stop word. */
const QUERIES = ['pool', 'swap path', 'loan scheme', 'vault', 'collateral ratio', 'masternode', 'colateral', 'masterno', 'the vault', 'owner addres'];

/** A result as both answer it: which document, of which type, its page, its score, in the worker's order. */
const summary = (results: PluginResult[]) =>
  results.map(({ document, type, page: of, score }) => ({ id: document.i, type, page: of ? of.i : null, score: Number(score?.toFixed(9)) }));

describe('full-text-query: the plugin index, asked as the plugin asks it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads the index the plugin's buildIndex writes with the site's options: parts in the order of its document types", () => {
    const serialized = pluginIndex(DOCUMENTS);
    expect(serialized).toHaveLength(DOCUMENTS.length);
    const { SearchDocumentType } = pluginRequire('../shared/interfaces') as { SearchDocumentType: Record<string, number> };
    expect(SearchDocumentType).toMatchObject({ Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 });
    const index = new FullTextIndex(serialized);
    expect(index.sectionText(LOAN, '#takeloan')).toBe('Take a loan against the collateral a vault holds.');
    expect(index.search('scheme', 10).map((result) => [result.type, result.document.i, result.page ? result.page.i : null])).toEqual([
      [1, 11, 10],
      [2, 10, 10],
      [4, 13, 10],
    ]);
  });

  it("finds what the plugin's worker finds, with the same scores, for English queries of one or two words", async () => {
    const serialized = pluginIndex(DOCUMENTS);
    const worker = pluginWorker(serialized);
    const ours = new FullTextIndex(serialized);
    const { sortSearchResults } = loader({})(path.join(DIST, 'client/client/utils/sortSearchResults.js')) as {
      sortSearchResults(results: PluginResult[]): void;
    };
    for (const query of QUERIES) {
      const expected = await worker.search('/', '', query, 8);
      expect(expected.length, query).toBeGreaterThan(0);
      const actual = ours.search(query, 8);
      sortSearchResults(actual);
      expect(summary(actual), query).toEqual(summary(expected));
    }
  });

  it('leaves out the last pass of the worker, a word being typed taken as a prefix one edit off', async () => {
    const serialized = pluginIndex(DOCUMENTS);
    const expected = summary(await pluginWorker(serialized).search('/', '', 'pai', 8));
    const actual = summary(new FullTextIndex(serialized).search('pai', 8));
    // "pai" is one edit from "pat", the start of "paths": only that pass finds the heading "Swap paths".
    expect(actual.length).toBeGreaterThan(0);
    expect(expected.filter((result) => !actual.some((ours) => ours.id === result.id && ours.type === result.type))).toEqual([
      { id: 3, type: 1, page: 1, score: expect.any(Number) },
    ]);
  });

  it("goes red when the plugin's worker asks another way", async () => {
    const serialized = pluginIndex(DOCUMENTS);
    const ours = new FullTextIndex(serialized);
    // Without the passes one edit off, as a plugin that dropped its fuzzy matching would ask.
    const smartQueries = path.join(DIST, 'client/client/utils/smartQueries.js');
    const exact = fs.readFileSync(smartQueries, 'utf8').replace('Math.max(0, fuzzyMatchingDistance)', '0');
    const worker = pluginWorker(serialized, { [smartQueries]: exact });
    const expected = await worker.search('/', '', 'colateral', 8);
    expect(summary(ours.search('colateral', 8))).not.toEqual(summary(expected));
  });
});
