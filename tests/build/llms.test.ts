// Reads build/: every doc page has its Markdown twin, and /llms.txt and /llms-full.txt list every twin.
import fs from 'node:fs';
import path from 'node:path';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes as MdastNodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { SITE_URL } from '../../config/site';
import { MCP_PATH } from '../../server/mcp/paths';
import { parseHtml } from '../../src/plugins/llms/html-to-markdown';

const BUILD = path.resolve(__dirname, '../../build');

interface BuiltDoc {
  route: string;
  title: string;
  twin: string;
  /** `## Text` for every h2 and h3 of the page's article, in order. */
  headings: string[];
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(abs);
    return entry.name.endsWith('.html') ? [abs] : [];
  });
}

/** Doc pages as the build shows them: `docs-doc-page` on <html>, the route from the canonical link. */
function builtDocs(): BuiltDoc[] {
  const docs: BuiltDoc[] = [];
  for (const file of htmlFiles(BUILD)) {
    const tree = parseHtml(fs.readFileSync(file, 'utf8'));
    const html = select('html', tree);
    const classes = html?.properties.className;
    if (!Array.isArray(classes) || !classes.includes('docs-doc-page')) continue;
    const canonical = select('link[rel=canonical]', tree)?.properties.href;
    if (typeof canonical !== 'string') throw new Error(`${file} has no canonical link`);
    const route = new URL(canonical).pathname;
    const heading = select('article h1', tree);
    const title = heading?.children.map((child) => (child.type === 'text' ? child.value : '')).join('') ?? '';
    const headings = selectAll('article .theme-doc-markdown :is(h2, h3)', tree).map(
      (node) => `${node.tagName === 'h2' ? '##' : '###'} ${toText(node).replace(/\u200b/g, '').trim()}`,
    );
    docs.push({ route, title, twin: `${route.replace(/\/+$/, '')}.md`, headings });
  }
  return docs.sort((a, b) => a.route.localeCompare(b.route));
}

const docs = builtDocs();
const llmsTxt = fs.readFileSync(path.join(BUILD, 'llms.txt'), 'utf8');
const llmsFull = fs.readFileSync(path.join(BUILD, 'llms-full.txt'), 'utf8');

describe('Markdown twins', () => {
  it('finds the doc pages of every area in the build', () => {
    const areas = new Set(docs.map((doc) => doc.route.split('/')[1]));
    expect([...areas].sort()).toEqual(['ecosystem', 'legacy', 'node', 'ocean', 'testing']);
    // The reference pages alone have a section per method and endpoint.
    expect(docs.reduce((count, doc) => count + doc.headings.length, 0)).toBeGreaterThan(300);
  });

  it.each(docs.map((doc) => [doc.route, doc] as const))('%s has a Markdown twin that starts with its title', (_route, doc) => {
    const file = path.join(BUILD, doc.twin);
    expect(fs.existsSync(file), `${doc.twin} is missing`).toBe(true);
    const markdown = fs.readFileSync(file, 'utf8');
    expect(markdown.split('\n')[0]).toBe(`# ${doc.title}`);
    expect(markdown).not.toMatch(/Direct link to|Copy page as Markdown|\u200b|<(div|span|svg|button)\b/);
    // Every code block names its language.
    const unnamed: string[] = [];
    const visit = (node: MdastNodes): void => {
      if (node.type === 'code' && !node.lang) unnamed.push(node.value.split('\n')[0] ?? '');
      if ('children' in node) node.children.forEach(visit);
    };
    visit(fromMarkdown(markdown));
    expect(unnamed, `${doc.twin}: code blocks without a language`).toEqual([]);
  });
});

/** The text a reader sees in a Markdown node: text and inline code, without the markup. */
function mdastText(node: MdastNodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map(mdastText).join('') : '';
}

describe('Markdown twin content', () => {
  it.each(docs.map((doc) => [doc.route, doc] as const))('%s keeps every h2 and h3 of the page, in order', (_route, doc) => {
    const markdown = fs.readFileSync(path.join(BUILD, doc.twin), 'utf8');
    const twinHeadings: string[] = [];
    const visit = (node: MdastNodes): void => {
      if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) twinHeadings.push(`${'#'.repeat(node.depth)} ${mdastText(node)}`);
      if ('children' in node) node.children.forEach(visit);
    };
    visit(fromMarkdown(markdown));
    expect(twinHeadings).toEqual(doc.headings);
  });
});

describe('Markdown twins of the SDK package pages', () => {
  it('keep every section with its import line, its signature as TypeScript and its source link', () => {
    const markdown = fs.readFileSync(path.join(BUILD, 'ecosystem/packages/jellyfish-address.md'), 'utf8');
    const section = markdown.slice(markdown.indexOf('\n## P2WPKH\n'), markdown.indexOf('\n## P2WSH\n'));
    expect(section).toContain("`import { P2WPKH } from '@defichain/jellyfish-address'`");
    expect(section).toContain('```ts\nclass P2WPKH extends Bech32Address\n```');
    expect(section).toContain('### P2WPKH.to');
    expect(section).toMatch(/\(https:\/\/github\.com\/BirthdayResearch\/jellyfishsdk\/blob\/v4\.0\.7\/packages\/jellyfish-address\/src\/p2wpkh\.ts#L\d+\)/);
    expect(llmsTxt).toContain('/ecosystem/packages/jellyfish-transaction/dftx-pool.md');
    expect(llmsTxt).toContain('/testing/packages/testcontainers.md');
  });
});

describe('llms.txt', () => {
  const listed = [...llmsTxt.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((match) => match[1] ?? '');

  it('starts with the site name and a summary', () => {
    expect(llmsTxt.startsWith('# Jellyfish\n\n> ')).toBe(true);
  });

  it('lists every doc page twin exactly once, with absolute URLs', () => {
    const twins = listed.filter((url) => url.endsWith('.md'));
    expect([...twins].sort()).toEqual(docs.map((doc) => `${SITE_URL}${doc.twin}`).sort());
  });

  it('has one section per docs area, named as in the navbar', () => {
    const sections = [...llmsTxt.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections.slice(0, 5)).toEqual(['Ecosystem', 'Full Node RPC', 'Ocean REST API', 'Stats REST API', 'Testing']);
  });

  it('lists the OpenRPC and OpenAPI documents', () => {
    expect(listed).toContain(`${SITE_URL}/node/openrpc.json`);
    expect(listed).toContain(`${SITE_URL}/ocean/openapi.json`);
  });

  it('links only documents that exist in the build, and the MCP endpoint of the production server', () => {
    // /mcp is answered by the server (server/mcp), not a file: tests/build/mcp-transports.test.ts drives it.
    expect(listed).toContain(`${SITE_URL}${MCP_PATH}`);
    for (const url of listed.filter((each) => each !== `${SITE_URL}${MCP_PATH}`)) {
      const file = path.join(BUILD, new URL(url).pathname);
      expect(fs.existsSync(file), url).toBe(true);
    }
  });
});

describe('llms-full.txt', () => {
  it('holds every twin, after its source URL', () => {
    for (const doc of docs) {
      const twin = fs.readFileSync(path.join(BUILD, doc.twin), 'utf8').trim();
      expect(llmsFull).toContain(`Source: ${SITE_URL}${doc.route}\n\n${twin}\n`);
    }
  });
});
