// The tokenizer both sides run: the site's code blocks (src/prism, standing in for prism-react-renderer) and the
// generator, which reads the token types of every code block to write the token stylesheet (generator/emit/token-css.ts).
import type { CSSProperties } from 'react';
import type { Token as PrismToken } from 'prismjs';
import Prism from './core';
import { STYLED_TOKEN_TYPES } from './styled-types';

export { Prism };

/**
 * Prism's grammars, evaluated on the first call rather than with the bundle: building them (the regular-expression
 * grammar above all) took 10 to 15 ms of every page load, and a page whose code blocks keep their server markup
 * (src/theme/CodeBlock/Content) never needs them.
 */
export function languages(): typeof Prism.languages {
  // Bash is the last grammar grammars.ts adds. A require inside a function is evaluated when first called; the
  // bundler resolves it like an import (tests that run this file in Node import grammars.ts first).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (Prism.languages.bash === undefined) require('./grammars');
  return Prism.languages;
}

/** Prism's token tree: plain strings, or tokens whose content is again a string or a list. */
type PrismTokenStream = ReadonlyArray<string | PrismToken>;

/** One piece of one line, with the Prism types (outermost first) that style it. */
export interface Token {
  types: string[];
  content: string;
  /** Set on the single token of an empty line, which is given a line break to keep its height. */
  empty?: boolean;
}

interface PrismThemeEntry {
  types: string[];
  style: CSSProperties;
  languages?: string[];
}

export interface PrismTheme {
  plain: CSSProperties;
  styles: PrismThemeEntry[];
}

type ThemeDictionary = Record<string, CSSProperties | undefined> & { root: CSSProperties; plain: CSSProperties };

/** Gives an empty line one token, a newline, so that it keeps the height of a line. */
function fillEmptyLine(line: Token[]): void {
  const only = line[0];
  if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
  else if (line.length === 1 && only !== undefined && only.content === '') {
    only.content = '\n';
    only.empty = true;
  }
}

/** Adds a token's type (or its aliases) to the types around it, once when the innermost type repeats. */
function withType(types: string[], type: string | string[]): string[] {
  return types.at(-1) === type ? types : types.concat(type);
}

/** Flattens Prism's nested token tree into lines of tokens, each carrying the types of every token around it. */
export function normalizeTokens(stream: PrismTokenStream): Token[][] {
  const lines: Token[][] = [[]];
  const visit = (items: PrismTokenStream, outer: string[], nested: boolean): void => {
    for (const item of items) {
      if (typeof item !== 'string') {
        let types = withType(outer, item.type);
        if (item.alias !== undefined) types = withType(types, item.alias);
        if (typeof item.content === 'string') addText(item.content, types);
        else visit(Array.isArray(item.content) ? item.content : [item.content], types, true);
        continue;
      }
      addText(item, nested ? outer : ['plain']);
    }
  };
  const addText = (text: string, types: string[]): void => {
    text.split(/\r\n|\r|\n/).forEach((part, index) => {
      if (index > 0) {
        fillEmptyLine(lines.at(-1) as Token[]);
        lines.push([]);
      }
      (lines.at(-1) as Token[]).push({ types, content: part });
    });
  };
  visit(stream, [], false);
  fillEmptyLine(lines.at(-1) as Token[]);
  return lines;
}

/** The theme's styles by token type, for one language. */
export function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const byType: Record<string, CSSProperties | undefined> = {};
  for (const entry of theme.styles) {
    if (entry.languages !== undefined && !entry.languages.includes(language)) continue;
    for (const type of entry.types) byType[type] = { ...byType[type], ...entry.style };
  }
  return { ...byType, root: theme.plain, plain: { ...theme.plain, backgroundColor: undefined } };
}

/**
 * A line with fewer elements and the same text and colours: neighbouring tokens of the same types become one, and
 * empty tokens go (unless a line has nothing else, where the empty token keeps its height). On a reference page this
 * removed about one token element in six.
 */
export function compactLine(line: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const token of line) {
    if (token.content === '' && line.length > 1) continue;
    const last = out.at(-1);
    if (last !== undefined && last.empty === undefined && token.empty === undefined && last.types.join(' ') === token.types.join(' ')) {
      out[out.length - 1] = { types: last.types, content: last.content + token.content };
    } else out.push(token);
  }
  return out.length === 0 && line[0] !== undefined ? [line[0]] : out;
}

/**
 * The token as the reader sees it: one whose types give it no colour of its own in either mode looks like the text
 * around it, so it becomes plain text (`compactLine` then joins it to its plain neighbours).
 */
export function asShown(token: Token): Token {
  if (token.types.some((type) => STYLED_TOKEN_TYPES.has(type))) return token;
  return token.empty === undefined ? { types: ['plain'], content: token.content } : { types: ['plain'], content: token.content, empty: true };
}

/** Splits `code` into styled lines; a language without a grammar here is shown as plain text. */
export function tokenize(code: string, language: string): Token[][] {
  const grammar = languages()[language];
  return normalizeTokens(grammar === undefined ? [code] : Prism.tokenize(code, grammar));
}
