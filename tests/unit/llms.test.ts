// Markdown twins and llms.txt: conversion of built doc HTML, twin paths, and the llms.txt / llms-full.txt text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MissingArticleError,
  MissingDetailsContentError,
  MissingTabPanelError,
  articleToMarkdown,
  lazyDetailsContents,
  lazyTabGroups,
} from '../../src/plugins/llms/html-to-markdown';
import type { SectionNode } from '../../contract/section-nodes';
import { orderedDocs } from '../../src/plugins/llms';
import { renderLlmsFull, renderLlmsTxt, twinPath, type LlmsIndex } from '../../src/plugins/llms/llms-txt';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';

// A page of our own built by Docusaurus 3.10 (tabs, admonitions, a table, code blocks, details), plus a copy button.
const page = fs.readFileSync(path.join(__dirname, '../fixtures/llms/doc-page.html'), 'utf8');
const pageUrl = 'https://jellyfishsdk.com/ecosystem/fixture';
const markdown = articleToMarkdown(page, { pageUrl });

function wrap(body: string): string {
  return `<!doctype html><html><body><nav>Menu</nav><article><div class="theme-doc-markdown markdown">${body}</div></article><footer>Foot</footer></body></html>`;
}

describe('articleToMarkdown', () => {
  it('keeps the doc body and drops the page chrome', () => {
    expect(markdown.startsWith('# Fixture page\n')).toBe(true);
    for (const chrome of ['Breadcrumbs', 'On this page', 'Menu', 'MIT License', 'Previous', 'Copy', 'Direct link', '\u200b']) {
      expect(markdown).not.toContain(chrome);
    }
  });

  it('writes headings without their hash links', () => {
    expect(markdown).toContain('\n## Section A\n');
    expect(markdown).toContain('\n### Sub\n');
  });

  it('keeps the language and title of code blocks, one line per source line', () => {
    expect(markdown).toContain('```ts title="example.ts"\nconst x: number = 1\nconsole.log(x)\n```');
    expect(markdown).toContain('```json\n{ "a": 1 }\n```');
    expect(markdown).toContain('```text\nplain\n```');
  });

  it("reads code written as text lines, marked lines and empty lines, without React's text separators", () => {
    const code =
      '<div class="language-json codeBlockContainer_x"><pre class="prism-code language-json"><code>{<!-- -->\n' +
      '  <span class="token property">"a"</span>: <span class="token number">1</span>\n' +
      '\n' +
      '<div class="token-line theme-code-block-highlighted-line"><span class="token plain">  </span><span class="token property">"b"</span><br></div>' +
      '<div class="token-line"><span class="token plain" style="display:inline-block">\n</span><br></div>' +
      '}\n</code></pre></div>';
    expect(articleToMarkdown(wrap(code), { pageUrl })).toContain('```json\n{\n  "a": 1\n\n  "b"\n\n}\n```');
  });

  it("takes the panels that lazy tabs leave out of the HTML from the page's data, and refuses a page whose data does not match", () => {
    const html = wrap(
      '<div class="theme-tabs-container tabs-container"><ul role="tablist"><li role="tab" aria-selected="true">TypeScript</li><li role="tab" aria-selected="false">JSON-RPC (curl)</li></ul>' +
        '<div><div role="tabpanel"><div class="language-ts theme-code-block"><pre><code>await client.misc.ping();</code></pre></div></div></div></div>',
    );
    const data: SectionNode[] = [
      ['p', null, 'Pings.'],
      [
        'Tabs',
        { groupId: 'rpc-example-language', lazy: true },
        [
          'TabItem',
          { value: 'typescript', label: 'TypeScript' },
          ['pre', null, ['code', { className: 'language-ts', metastring: 'title="misc.ping.ts"' }, 'await client.misc.ping();\n']],
        ],
        [
          'TabItem',
          { value: 'curl', label: 'JSON-RPC (curl)' },
          ['pre', null, ['code', { className: 'language-bash' }, "curl --data-binary '{}' http://127.0.0.1:8554/\n"]],
        ],
      ],
    ];
    const markdown = articleToMarkdown(html, { pageUrl, lazyTabs: lazyTabGroups(data) });
    expect(markdown).toContain(
      '**TypeScript**\n\n```ts title="misc.ping.ts"\nawait client.misc.ping();\n```\n\n**JSON-RPC (curl)**\n\n```bash\ncurl --data-binary \'{}\' http://127.0.0.1:8554/\n```',
    );
    expect(() => articleToMarkdown(html, { pageUrl })).toThrow(MissingTabPanelError);
    const other = lazyTabGroups([
      [
        'Tabs',
        null,
        ['TabItem', { label: 'TypeScript' }, ['pre', null, ['code', { className: 'language-ts' }, 'await client.misc.other();']]],
        ['TabItem', { label: 'JSON-RPC (curl)' }, 'x'],
      ],
    ]);
    expect(() => articleToMarkdown(html, { pageUrl, lazyTabs: other })).toThrow(/no group whose "TypeScript" panel reads as the HTML's/);
  });

  it("takes the list a lazy disclosure leaves out of the HTML from the page's data, and refuses a page whose data does not match", () => {
    const html = wrap('<p>Gets a block hash.</p><details><summary>Errors</summary></details><p><a href="https://x">Source</a></p>');
    const data: SectionNode[] = [
      ['p', null, 'Gets a block hash.'],
      [
        'LazyDetails',
        { summary: 'Errors' },
        ['ul', null, ['li', null, ['code', null, '-8'], ' ', ['code', null, 'Block height out of range'], ': past the tip.']],
      ],
    ];
    const markdown = articleToMarkdown(html, { pageUrl, lazyDetails: lazyDetailsContents(data) });
    expect(markdown).toContain('**Errors**\n\n- `-8` `Block height out of range`: past the tip.');
    // Data without the disclosure, or with one of another summary, or with one more: the twin would lie.
    expect(() => articleToMarkdown(html, { pageUrl, lazyDetails: lazyDetailsContents([['LazyDetails', { summary: 'Other' }, 'x']]) })).toThrow(
      MissingDetailsContentError,
    );
    expect(() => articleToMarkdown(html, { pageUrl, lazyDetails: lazyDetailsContents([...data, ['LazyDetails', { summary: 'Errors' }, 'x']]) })).toThrow(
      /2 lazy disclosures, the HTML 1/,
    );
  });

  it('flattens tabs: every panel, hidden or not, under its label', () => {
    expect(markdown).toMatch(/\*\*TypeScript\*\*\n\n```ts/);
    expect(markdown).toMatch(/\*\*curl\*\*\n\n```bash\ncurl -X POST http:\/\/localhost:8554\n```/);
  });

  it('writes tables as GFM tables, escaping pipes and keeping each row on one line', () => {
    expect(markdown).toContain(
      '| Name | Type | Description |\n| - | - | - |\n| `a` | `string \\| number` | The a value |\n| b | `Record<string, number>` | Second |',
    );
  });

  it('turns admonitions into quotes led by their title', () => {
    expect(markdown).toContain('> **Deprecated**\n>\n> Use `other()` instead.');
    expect(markdown).toContain('> **Note**\n>\n> A plain note.');
  });

  it('resolves links against the page URL and keeps lists', () => {
    expect(markdown).toContain('[link](https://jellyfishsdk.com/node/design)');
    expect(markdown).toContain('- one\n- two\n  - nested');
    expect(markdown).toContain('1. first\n2. second');
    expect(markdown).not.toContain('<!--');
  });

  it('gives a collapsible block its summary as a label', () => {
    expect(markdown).toContain('**More**\n\nHidden text.');
  });

  it('resolves hash links and images too', () => {
    const out = articleToMarkdown(wrap('<p><a href="#types">Types</a> <img src="/img/logo.svg" alt="Logo"></p>'), { pageUrl: 'https://example.org/node/x' });
    expect(out).toBe('[Types](https://example.org/node/x#types) ![Logo](https://example.org/img/logo.svg)\n');
  });

  it('keeps a named figure as text and drops decorative SVG', () => {
    const out = articleToMarkdown(wrap('<svg role="img" aria-label="Package map"><path d="M0 0"/></svg><p>After <svg><path d="M0 0"/></svg>icon</p>'), {
      pageUrl,
    });
    expect(out).toBe('_Figure: Package map_\n\nAfter icon\n');
  });

  it('refuses a page without a doc article', () => {
    expect(() => articleToMarkdown('<html><body><main>Home</main></body></html>', { pageUrl })).toThrow(MissingArticleError);
  });
});

describe('twinPath', () => {
  it('adds .md to the clean path, and names an overview after its folder', () => {
    expect(twinPath('/node/design')).toBe('/node/design.md');
    expect(twinPath('/ecosystem/')).toBe('/ecosystem.md');
    expect(twinPath('/node/jellyfish/api/blockchain')).toBe('/node/jellyfish/api/blockchain.md');
    expect(twinPath('/ocean/address#balance')).toBe('/ocean/address.md');
    expect(twinPath('/')).toBe('/index.md');
  });
});

describe('llms.txt and llms-full.txt', () => {
  const index: LlmsIndex = {
    siteName: 'Jellyfish',
    summary: 'SDK for\nDeFiChain',
    siteUrl: 'https://jellyfishsdk.com/',
    sections: [
      {
        title: 'Full Node RPC',
        pages: [
          { route: '/node/', title: 'Full Node RPC', description: 'Overview.', markdown: '# Full Node RPC\n\nOverview.\n' },
          { route: '/node/design', title: 'Design [draft]', description: 'How it\nis built.', markdown: '# Design\n' },
        ],
      },
      { title: 'Empty', pages: [] },
    ],
    resources: [{ path: '/node/openrpc.json', title: 'OpenRPC', description: 'Every method.' }],
    mcp: { path: '/mcp', wellKnown: '/.well-known/mcp', stdio: 'npm run --silent mcp' },
  };

  it('follows llmstxt.org: H1, blockquote, then H2 sections of link lists', () => {
    const text = renderLlmsTxt(index);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Jellyfish');
    expect(lines[2]).toBe('> SDK for DeFiChain');
    expect(text).toContain(
      '## Full Node RPC\n\n- [Full Node RPC](https://jellyfishsdk.com/node.md): Overview.\n- [Design \\[draft\\]](https://jellyfishsdk.com/node/design.md): How it is built.\n',
    );
    expect(text).not.toContain('## Empty');
    expect(text).toContain('## API descriptions\n\n- [OpenRPC](https://jellyfishsdk.com/node/openrpc.json): Every method.\n');
    expect(text).toContain('https://jellyfishsdk.com/llms-full.txt');
    expect(text).toMatch(
      /\n## MCP server\n\n- \[Jellyfish docs MCP server\]\(https:\/\/jellyfishsdk\.com\/mcp\): .*https:\/\/jellyfishsdk\.com\/\.well-known\/mcp.*`npm run --silent mcp`\n$/,
    );
    expect(renderLlmsTxt({ ...index, mcp: undefined })).not.toContain('## MCP server');
  });

  it('concatenates every twin after its source URL', () => {
    const full = renderLlmsFull(index);
    expect(full.startsWith('# Jellyfish\n\n> SDK for DeFiChain\n')).toBe(true);
    expect(full).toContain('---\n\nSource: https://jellyfishsdk.com/node/\n\n# Full Node RPC\n\nOverview.\n');
    expect(full).toContain('---\n\nSource: https://jellyfishsdk.com/node/design\n\n# Design\n');
    expect(full.indexOf('/node/\n')).toBeLessThan(full.indexOf('/node/design\n'));
  });
});

describe('orderedDocs', () => {
  const doc = (id: string, unlisted = false) => ({ id, unlisted, permalink: `/node/${id}`, title: id, description: '' });
  it('lists docs in sidebar order, category pages before their items, then docs the sidebar leaves out; skips unlisted ones', () => {
    const content = {
      loadedVersions: [
        {
          docs: [doc('index'), doc('b'), doc('a'), doc('api/cat'), doc('orphan'), doc('hidden', true)],
          sidebars: {
            node: [
              { type: 'doc', id: 'index' },
              { type: 'category', label: 'API', link: { type: 'doc', id: 'api/cat' }, items: [{ type: 'doc', id: 'b' }] },
              { type: 'link', href: 'https://example.org', label: 'Out' },
              { type: 'doc', id: 'a' },
            ],
          },
        },
      ],
    } as unknown as LoadedContent; // Only the fields the plugin reads are filled in.
    expect(orderedDocs(content).map((entry) => entry.id)).toEqual(['index', 'api/cat', 'b', 'a', 'orphan']);
  });
});

describe('site code blocks', () => {
  it("writes the reference pages' signature blocks as TypeScript", () => {
    const out = articleToMarkdown(
      '<article><div class="theme-doc-markdown markdown"><pre class=api-signature><code>getBlockCount(): Promise&lt;<a href="#block">Block</a>&gt;</code></pre></div></article>',
      { pageUrl },
    );
    expect(out).toBe('```ts\ngetBlockCount(): Promise<Block>\n```\n');
  });
});
