// Code tokens are coloured by class from generated/prism-tokens.css: for every list of token types that the docs'
// code blocks carry, the stylesheet's cascade gives the colours the inline styles gave (the themes merged per token).
import fs from 'node:fs';
import path from 'node:path';
import type { CSSProperties } from 'react';
import { describe, expect, it } from 'vitest';
// The site's bundles evaluate the grammars on first use (a require in languages()); Node needs them imported.
import '../../contract/prism/grammars';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism-themes';
import { themeToDict, type PrismTheme } from '../../src/prism';
import { cascadeOrder, tokenCss } from '../../contract/prism/token-css';
import { STYLED_TOKEN_TYPES, TOKEN_CLASSES, tokenClassName } from '../../contract/prism/styled-types';
import { tokenStylesheet, tokenTypeLists } from '../../generator/emit/token-css';

const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

/** What a browser applies to a token carrying `types` in one mode: that mode's rules, in stylesheet order. */
function cascade(css: string, mode: 'light' | 'dark', types: readonly string[]): Record<string, string> {
  const prefix = mode === 'dark' ? "html[data-theme='dark'] " : "html:not([data-theme='dark']) ";
  const style: Record<string, string> = {};
  for (const rule of css.split('\n')) {
    const single = /^(.*?)\.prism-code \.([\w-]+)\{(.*)\}$/.exec(rule);
    const exact = /^(.*?)\.prism-code \[class="([^"]+)"\]\{(.*)\}$/.exec(rule);
    const match = single ?? exact;
    if (!match || match[1] !== prefix) continue;
    // The token's classes, as src/prism gives them (contract/prism/styled-types.ts). A rule for one class applies when the
    // token has it; a rule for an exact class list, when the list is the token's.
    const classes = tokenClassName(types);
    if (single && !classes.split(' ').includes(match[2] ?? '')) continue;
    if (exact && match[2] !== classes) continue;
    for (const declaration of (match[3] ?? '').split(';')) {
      const [property, value] = declaration.split(':');
      if (property && value !== undefined) style[property] = value;
    }
  }
  return style;
}

/** The inline style a token got before: its types' styles merged, innermost last, as CSS declarations. */
function inline(theme: PrismTheme, types: readonly string[]): Record<string, string> {
  const dictionary = themeToDict(theme, 'ts');
  const merged: CSSProperties = Object.assign({}, ...types.map((type): CSSProperties => dictionary[type] ?? {})) as CSSProperties;
  return Object.fromEntries(
    Object.entries(merged).map(([property, value]) => [property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), String(value)]),
  );
}

describe('token stylesheet', () => {
  const texts = markdownFiles(path.join(ROOT, 'docs')).map((file) => fs.readFileSync(file, 'utf8'));
  const lists = tokenTypeLists(texts);
  const css = tokenStylesheet(texts);

  it('finds the token type lists of the docs', () => {
    expect(lists.length).toBeGreaterThan(5);
  });

  it('gives every token of the docs, in both modes, the style the themes give it', () => {
    const differences: string[] = [];
    for (const types of [...lists, ...lists.flatMap((list) => list.map((type) => [type]))]) {
      for (const [mode, theme] of [
        ['light', lightCodeTheme],
        ['dark', darkCodeTheme],
      ] as const) {
        const expected = inline(theme, types);
        const actual = cascade(css, mode, types);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          differences.push(`${mode} ${types.join(' ')}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('marks each styled type with a class of its own, and a token with its styled types only', () => {
    const names = Object.values(TOKEN_CLASSES);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]{1,2}$/);
    expect(tokenClassName(['generic-function', 'generic', 'class-name', 'operator'])).toBe('cn');
    expect(tokenClassName(['parameter', 'variable'])).toBe('va');
    expect(tokenClassName(['null', 'keyword'])).toBe('kw');
    expect(tokenClassName(['plain'])).toBe('');
  });

  it('knows which token types have a look of their own: the ones the two themes style, and no other', () => {
    const styled = new Set([...lightCodeTheme.styles, ...darkCodeTheme.styles].flatMap((entry) => entry.types));
    expect([...STYLED_TOKEN_TYPES].sort()).toEqual([...styled].sort());
    // Punctuation, operators and property names take the text colour, so the code of a page has no element for them.
    for (const plain of ['punctuation', 'operator', 'property']) expect(styled.has(plain), plain).toBe(false);
  });

  it('is the file the build uses', () => {
    expect(fs.readFileSync(path.join(ROOT, 'generated/prism-tokens.css'), 'utf8')).toBe(css);
  });

  it('orders a type after the types it is nested in, and gives lists that order a pair both ways rules of their own', () => {
    expect(cascadeOrder(['b', 'a', 'c'], [['a', 'b']]).order).toEqual(['a', 'b', 'c']);
    expect([
      ...cascadeOrder(
        ['a', 'b'],
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
      ).conflicts,
    ]).toEqual(['a b']);
    const theme: PrismTheme = {
      plain: {},
      styles: [
        { types: ['keyword'], style: { color: 'red' } },
        { types: ['string'], style: { color: 'blue' } },
      ],
    };
    const css = tokenCss(theme, theme, [
      ['keyword', 'string'],
      ['string', 'keyword'],
    ]);
    expect(cascade(css, 'light', ['keyword', 'string'])).toEqual({ color: 'blue' });
    expect(cascade(css, 'light', ['string', 'keyword'])).toEqual({ color: 'red' });
  });

  it('goes red when the rules come in another order than the nesting needs', () => {
    const theme = (colours: Record<string, string>): PrismTheme => ({
      plain: {},
      styles: Object.entries(colours).map(([type, color]) => ({ types: [type], style: { color } })),
    });
    const light = theme({ 'class-name': 'red', builtin: 'blue' });
    const right = tokenCss(light, light, [['class-name', 'builtin']]);
    expect(cascade(right, 'light', ['class-name', 'builtin'])).toEqual({ color: 'blue' });
    const wrong = tokenCss(light, light, [['builtin', 'class-name']]);
    expect(cascade(wrong, 'light', ['class-name', 'builtin'])).not.toEqual(inline(light, ['class-name', 'builtin']));
  });
});
