// The code-token stylesheet (generated/prism-tokens.css) for the pages as generated: the token types that the
// code blocks of every docs page carry decide the order of the rules (contract/prism/token-css.ts).
import { darkCodeTheme, lightCodeTheme } from '../../config/prism-themes';
import { tokenize } from '../../contract/prism/tokenize';
import { tokenCss } from '../../contract/prism/token-css';
import type { SectionNode } from '../../contract/section-nodes';

const FENCE = /^(`{3,})(\w+)[^\n]*\n([\s\S]*?)\n\1$/gm;

/** The distinct lists of token types that the fenced code blocks of these Markdown texts carry, innermost type last. */
export function tokenTypeLists(texts: readonly string[]): string[][] {
  const lists = new Map<string, string[]>();
  for (const text of texts) {
    for (const match of text.matchAll(FENCE)) {
      for (const line of tokenize(match[3] ?? '', (match[2] ?? '').toLowerCase())) {
        for (const token of line) if (token.types.length > 1) lists.set(token.types.join(' '), token.types);
      }
    }
  }
  return [...lists.values()].sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
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
 * The code-token stylesheet for the fenced blocks of the docs pages (their Markdown texts) and the code blocks of the
 * section data (which the generated pages no longer hold as fences): the token types they carry decide the order of
 * the rules.
 */
export function tokenStylesheet(markdown: readonly string[], sections: readonly SectionNode[][] = []): string {
  const lists = new Map(tokenTypeLists(markdown).map((types) => [types.join(' '), types]));
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
