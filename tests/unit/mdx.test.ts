// MDX helpers: doc-comment text and code reach the reader verbatim, whatever characters they hold.
import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { codeBlock, docToCell, docToMdx, escapeInline, heading, inlineCode, jsxLink, table } from '../../generator/render/mdx';
import type { TypeExpr } from '../../generator/model/types';
import { signatureBlock, typeToMarkdown } from '../../generator/render/types';

/** Renders MDX to HTML the way a page would (GFM tables as in Docusaurus, without its own components). */
async function html(mdx: string): Promise<string> {
  const { default: Content } = await evaluate(mdx, { ...runtime, baseUrl: import.meta.url, remarkPlugins: [remarkGfm] });
  const Link = (props: { to: string; children?: unknown }) => createElement('a', { href: props.to }, props.children as string);
  return renderToStaticMarkup(createElement(Content, { components: { Link } }));
}

function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const TRICKY = 'amount@tokenid {tokenid:amount} <amount>@id *not bold* _not em_ [not](link) `tick` a|b $x & 1 < 2 # not heading ~~no~~ !x';

describe('escaping', () => {
  it('shows doc-comment text verbatim, even with MDX syntax in it', async () => {
    expect(text(await html(escapeInline(TRICKY)))).toBe(TRICKY);
    // A doc comment's `code` spans are shown as code (without the backticks); every other character is shown as written.
    const markup = await html(docToMdx(TRICKY));
    expect(text(markup)).toBe(TRICKY.replace('`tick`', 'tick'));
    expect(markup).toContain('<code>tick</code>');
  });

  it('keeps a sentence that the comment ends without a full stop on a line of its own', async () => {
    const markup = await html(docToMdx('Get all accounts on chain\nReturn account with the amounts\nand their tokens'));
    expect(markup).toBe('<p>Get all accounts on chain<br/>\nReturn account with the amounts\nand their tokens</p>');
  });

  it('keeps paragraphs and dash lists of doc comments', async () => {
    const markup = await html(docToMdx("Lists history.\n\n- 'mine' to list owned\n- 'all' to list {everything}"));
    expect(markup).toBe('<p>Lists history.</p>\n<ul>\n<li>&#x27;mine&#x27; to list owned</li>\n<li>&#x27;all&#x27; to list {everything}</li>\n</ul>');
  });

  it('puts a multi-line doc on one table line', () => {
    expect(docToCell('first line\n  second | line')).toBe('first line second \\| line');
  });

  it('writes code spans that survive backticks and table pipes', async () => {
    expect(inlineCode('a`b')).toBe('``a`b``');
    const markup = await html(table(['Type'], [[inlineCode("'a' | 'b'", true)]]));
    expect(markup).toContain('<td><code>&#x27;a&#x27; | &#x27;b&#x27;</code></td>');
  });

  it('writes headings with explicit ids in the MDX comment form', () => {
    expect(heading(2, 'getBlockCount', 'getblockcount')).toBe('## getBlockCount {/* #getblockcount */}');
  });

  it('fences code that itself contains a fence', () => {
    expect(codeBlock('ts', 'const a = 1\n```\n', 'a.ts')).toBe('````ts title="a.ts"\nconst a = 1\n```\n````');
  });
});

describe('type rendering', () => {
  const promiseOfBlock: TypeExpr = {
    kind: 'reference',
    name: 'Promise',
    target: { kind: 'global', name: 'Promise' },
    typeArguments: [
      { kind: 'reference', name: 'Block', target: { kind: 'declared', id: 'blockchain.Block' }, typeArguments: [{ kind: 'intrinsic', name: 'string' }] },
    ],
  };
  const namer = (reference: { name: string }) => ({ name: reference.name, href: reference.name === 'Block' ? '#block' : undefined });

  it('renders signatures as code with linked type names', async () => {
    const markup = await html(signatureBlock([{ text: 'getBlock(): Promise<' }, { text: 'Block', href: '#block' }, { text: '<string>> {x}' }]));
    expect(markup).toBe('<pre class="api-signature"><code>getBlock(): Promise&lt;<a href="#block">Block</a>&lt;string&gt;&gt; {x}</code></pre>');
    expect(jsxLink('#a', 'A')).toBe('<Link to="#a">{"A"}</Link>');
  });

  it('renders types in Markdown as code spans with code-styled links', async () => {
    const cell = typeToMarkdown(promiseOfBlock, namer);
    expect(cell).toBe('`Promise<`[`Block`](#block)`<string>>`');
    expect(text(await html(cell))).toBe('Promise<Block<string>>');
  });

  it('parenthesises unions inside arrays', () => {
    const union: TypeExpr = {
      kind: 'array',
      element: {
        kind: 'union',
        types: [
          { kind: 'intrinsic', name: 'string' },
          { kind: 'literal', value: 1, text: '1' },
        ],
      },
    };
    expect(typeToMarkdown(union, namer, false)).toBe('`(string | 1)[]`');
  });
});
