// Reads build/: /node/openrpc.json is valid OpenRPC and lists exactly the node RPCs that the reference pages name.
import fs from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import { SITE_URL } from '../../config/site';
import { parseHtml } from '../../src/plugins/llms/html-to-markdown';
import type { OpenRpcDocument } from '../../generator/emit/openrpc';
import { unresolvedRefs, validateOpenRpc } from '../support/spec-validate';

/** The page's blocks, whether directly in the Markdown body or inside a generated section's <Deferred> wrapper. */
const SECTION_CHILDREN = 'article .theme-doc-markdown > *, article .theme-doc-markdown > [data-deferred] > *';

const BUILD = path.resolve(__dirname, '../../build');
const PAGES = path.join(BUILD, 'node/jellyfish/api');
const document = JSON.parse(fs.readFileSync(path.join(BUILD, 'node/openrpc.json'), 'utf8')) as OpenRpcDocument;

interface PageMethod {
  page: string;
  anchor: string;
  rpc: string;
}

function readPage(category: string): Root {
  return parseHtml(fs.readFileSync(path.join(PAGES, category, 'index.html'), 'utf8'));
}

/** The pages in a folder of the build, by their path below PAGES. */
const pagesIn = (folder: string): string[] =>
  fs
    .readdirSync(path.join(PAGES, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(PAGES, folder, entry.name, 'index.html')))
    .map((entry) => path.posix.join(folder, entry.name));

// Each category's page, and the pages below it of a category split into several (the node-only folder's pages apart).
const categories = pagesIn('')
  .flatMap((category) => [category, ...(category === 'node-only' ? [] : pagesIn(category))])
  .sort();

/** Each method section of the built pages: its h2 anchor and the node RPC that its "Node RPC:" line names. */
function pageMethods(): PageMethod[] {
  const found: PageMethod[] = [];
  for (const category of categories) {
    const article = selectAll(SECTION_CHILDREN, readPage(category));
    let anchor: string | undefined;
    for (const node of article) {
      if (node.tagName === 'h2') anchor = typeof node.properties.id === 'string' ? node.properties.id : undefined;
      const first = node.children.find((child): child is Element => child.type === 'element');
      if (node.tagName === 'p' && first?.tagName === 'strong' && toText(first).trim() === 'Node RPC:') {
        const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
        if (!anchor || !code) throw new Error(`${category}: a Node RPC line outside a method section`);
        found.push({ page: category, anchor, rpc: toText(code).trim() });
      }
    }
  }
  return found;
}

const methods = pageMethods();
/** The RPCs a client method calls; the node's others are marked `x-typed: false`. */
const typed = document.methods.filter((method) => method['x-typed'] !== false);

describe('/node/openrpc.json', () => {
  it('is valid against the OpenRPC meta-schema, and every $ref resolves', () => {
    expect(validateOpenRpc(document)).toEqual([]);
    expect(unresolvedRefs(document)).toEqual([]);
  });

  it('reads the reference pages: every category, a method section each', () => {
    expect(categories.length).toBeGreaterThanOrEqual(18);
    expect(methods.length).toBeGreaterThanOrEqual(200);
  });

  it('lists exactly the node RPCs that the pages name, each once, and marks the others untyped', () => {
    const names = document.methods.map((method) => method.name);
    expect(new Set(names).size).toBe(names.length);
    expect(typed.map((method) => method.name).sort()).toEqual([...new Set(methods.map((method) => method.rpc))].sort());
    expect(names).toHaveLength(310);
  });

  it('links each RPC the SDK does not type to its section on a node-only page', () => {
    const untyped = document.methods.filter((method) => method['x-typed'] === false);
    expect(untyped).toHaveLength(119);
    for (const method of untyped) {
      expect(method['x-jellyfish-methods']).toEqual([]);
      const [page, anchor] = method.externalDocs.url.replace(`${SITE_URL}/node/jellyfish/api/node-only/`, '').split('#');
      const html = fs.readFileSync(path.join(PAGES, 'node-only', page ?? '', 'index.html'), 'utf8');
      // The HTML is minified: an attribute value without special characters goes unquoted.
      expect(html, method.name).toMatch(new RegExp(`\\sid="?${anchor ?? ''}"?[\\s>]`));
    }
  });

  it('names, for every RPC, each client method whose section calls it, and links one of those sections', () => {
    const clientMethods = document.methods.flatMap((method) => method['x-jellyfish-methods']);
    expect(clientMethods.length).toBe(methods.length);
    for (const method of typed) {
      const sections = methods.filter((entry) => entry.rpc === method.name).map((entry) => `${SITE_URL}/node/jellyfish/api/${entry.page}#${entry.anchor}`);
      expect(sections, method.name).toContain(method.externalDocs.url);
      expect(method['x-jellyfish-methods'].length, method.name).toBe(sections.length);
    }
  });

  it('describes params and results with schemas, and points at the site and a local node', () => {
    const getBlock = document.methods.find((method) => method.name === 'getblock');
    expect(getBlock?.params.map((param) => param.name)).toEqual(['hash', 'verbosity']);
    expect(getBlock?.result.schema).toHaveProperty('anyOf');
    expect(document.servers.map((server) => server.url)).toContain('http://127.0.0.1:8554');
    expect(document.info.version).toBe('4.0.7');
  });

  it('gives every DeFi transaction method the auth transaction\'s failures with their codes, -4 and -25 (mn_rpc.cpp:458)', () => {
    // Not -22: the signed transaction it decodes is the node's own encoding, which reads back (core_read.cpp:132-138).
    const shared = document.components.errors ?? {};
    const codesOf = (rpc: string): string[] => {
      const method = document.methods.find((entry) => entry.name === rpc);
      const refs = (method?.errors ?? []).flatMap((error) => ('$ref' in error ? [shared[error.$ref.split('/').pop() ?? '']] : [error]));
      return refs
        .filter((error) => error?.message.startsWith('Add-on auth TX failed:') === true)
        .map((error) => String(error?.code))
        .sort();
    };
    for (const rpc of ['poolswap', 'accounttoaccount', 'takeloan', 'createtoken']) expect(codesOf(rpc), rpc).toEqual(['-25', '-4']);
    // A locked wallet reaches these methods at signing: -25 Can't sign TX is theirs, -13 is not.
    const poolswap = document.methods.find((entry) => entry.name === 'poolswap');
    const keys = (poolswap?.errors ?? []).flatMap((error) => ('$ref' in error ? [error.$ref.split('/').pop() ?? ''] : []));
    expect(keys.map((key) => shared[key]).some((error) => error?.code === -25 && error.message === "Can't sign TX: {errors}")).toBe(true);
    expect(keys.map((key) => shared[key]).some((error) => error?.code === -13)).toBe(false);
  });
});
