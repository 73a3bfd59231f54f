// src/prism stands in for prism-react-renderer in the site's bundles: it must give the same lines, tokens, classes and
// styles for every language the docs use, and leave the page's DOM alone.
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as real from 'prism-react-renderer';
// The site's bundles evaluate the grammars on first use (a require in languages()); Node needs them imported.
import '../../contract/prism/grammars';
import { tokenClassName } from '../../contract/prism/styled-types';
import { Highlight, Prism, normalizeTokens, themeToDict, tokenize, type HighlightRender, type PrismTheme } from '../../src/prism';

const DOCS = path.resolve(__dirname, '../../docs');

/** Every fenced block of the hand-written pages (the generated ones need `npm run generate`; see below). */
function fencedBlocks(dir: string): Array<{ file: string; language: string; code: string }> {
  const blocks: Array<{ file: string; language: string; code: string }> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.mdx')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)) {
      blocks.push({ file: path.relative(DOCS, file), language: match[1] as string, code: (match[2] as string).replace(/\n$/, '') });
    }
  }
  return blocks;
}

const SAMPLES: Record<string, string> = {
  ts: "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';\n\n// a comment\nconst client = new JsonRpcClient(`http://${host}:8554`);\nasync function main(): Promise<void> {\n  const info = await client.blockchain.getBlockchainInfo();\n  console.log(info.blocks as number, /re+gex/g);\n}\r\nexport type A<T> = { [K in keyof T]?: T[K] };",
  json: '{\n  "id": 1,\n  "result": [true, null, -1.5e3, "text"],\n\n  "nested": { "a": {} }\n}',
  bash: 'curl -s --user user:pass \\\n  --data-binary \'{"jsonrpc":"1.0","method":"getblockcount","params":[]}\' \\\n  -H "content-type: text/plain;" http://127.0.0.1:8554/\n\nexport X="$(echo $HOME)"; for i in 1 2; do echo "$i"; done # done',
  text: 'plain\n\ntext with a trailing newline\n',
};

/**
 * Each line of rendered markup as its characters, each with the types of the token that holds it that colour it
 * (a type neither theme styles looks like plain text, which src/prism hands on as `plain`).
 */
function characterClasses(markup: string): string[][] {
  return markup
    .split(/<div class="token-line[^>]*>/)
    .slice(1)
    .map((line) =>
      [...line.matchAll(/<span class="([^"]*)"[^>]*>([^<]*)<\/span>/g)].flatMap((match) => {
        // prism-react-renderer names every type (`token keyword`); src/prism names the styled ones by their short class.
        const classes = (match[1] ?? '').split(' ');
        const styled = classes.includes('token') ? tokenClassName(classes) : classes.filter((name) => name !== '').join(' ');
        return [...(match[2] ?? '')].map((character) => `${character}:${styled}`);
      }),
    );
}

const theme = real.themes.vsLight as PrismTheme;
const dark = real.themes.oceanicNext as PrismTheme;

describe('src/prism', () => {
  it('holds the grammars the docs use, under the names the fences use', () => {
    for (const language of ['ts', 'typescript', 'javascript', 'js', 'json', 'bash', 'sh', 'shell']) expect(Prism.languages[language], language).toBeDefined();
    expect(Prism.languages.swift).toBeUndefined();
  });

  it('splits lines and nests types exactly as prism-react-renderer does', () => {
    for (const [language, code] of Object.entries(SAMPLES)) {
      const grammar = Prism.languages[language];
      const stream = grammar === undefined ? [code] : Prism.tokenize(code, grammar);
      expect(normalizeTokens(stream), language).toEqual(real.normalizeTokens(stream));
    }
  });

  it('tokenizes TypeScript and JSON as the bundled Prism does, for every hand-written block', () => {
    const blocks = fencedBlocks(DOCS).filter((block) => block.language === 'ts' || block.language === 'json');
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of [
      ...blocks,
      { file: 'sample', language: 'ts', code: SAMPLES.ts as string },
      { file: 'sample', language: 'json', code: SAMPLES.json as string },
    ]) {
      const bundled = real.Prism.languages[block.language];
      expect(bundled, block.language).toBeDefined();
      expect(tokenize(block.code, block.language), `${block.file}: ${block.code.slice(0, 60)}`).toEqual(
        real.normalizeTokens(real.Prism.tokenize(block.code, bundled as never)),
      );
    }
  });

  it('shows a language it has no grammar for as plain lines', () => {
    expect(tokenize('a\n\nb', 'text')).toEqual([
      [{ types: ['plain'], content: 'a' }],
      [{ types: ['plain'], content: '\n', empty: true }],
      [{ types: ['plain'], content: 'b' }],
    ]);
  });

  it('keeps per-language theme entries to their language, and the background only on the block', () => {
    const scoped: PrismTheme = {
      plain: { color: '#111', backgroundColor: '#eee' },
      styles: [
        { types: ['keyword'], style: { color: 'red' } },
        { types: ['keyword'], languages: ['json'], style: { color: 'blue' } },
      ],
    };
    expect(themeToDict(scoped, 'ts').keyword).toEqual({ color: 'red' });
    expect(themeToDict(scoped, 'json').keyword).toEqual({ color: 'blue' });
    expect(themeToDict(scoped, 'ts').plain).toEqual({ color: '#111', backgroundColor: undefined });
    expect(themeToDict(scoped, 'ts').root).toEqual({ color: '#111', backgroundColor: '#eee' });
  });

  it('renders the markup of prism-react-renderer through the props Docusaurus uses, colours by class instead of style', () => {
    const render = ({ className, style, tokens, getLineProps, getTokenProps }: HighlightRender): ReactNode =>
      createElement(
        'pre',
        { className, style },
        tokens.map((line, i) =>
          createElement(
            'div',
            { key: i, ...getLineProps({ line, className: i === 1 ? 'highlighted' : undefined }) },
            line.map((token, key) => createElement('span', { key, ...getTokenProps({ token }) })),
          ),
        ),
      );
    for (const [language, code] of Object.entries(SAMPLES).filter(([language]) => language !== 'bash')) {
      for (const colours of [theme, dark]) {
        const ours = renderToStaticMarkup(createElement(Highlight, { code, language, theme: colours, children: render }));
        const theirs = renderToStaticMarkup(createElement(real.Highlight, { code, language, theme: colours as real.PrismTheme, children: render as never }));
        // Lines and tokens carry their colours as classes (generated/prism-tokens.css, checked in token-css.test.ts),
        // and neighbouring tokens of one type are one element: each line holds the same characters with the same classes.
        expect(characterClasses(ours), language).toEqual(characterClasses(theirs));
        expect(ours).not.toMatch(/ style="color/);
        expect(ours.match(/<span/g)?.length ?? 0).toBeLessThanOrEqual(theirs.match(/<span/g)?.length ?? 0);
        expect(ours).toContain('token-line');
      }
    }
  });
});
