// Writes the code-token stylesheet (generated/prism-tokens.css) for the pages as generated: the token types that the
// code blocks of every docs page carry decide the order of the rules (contract/prism/token-css.ts).
import fs from 'node:fs';
import path from 'node:path';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism-themes';
import { tokenize } from '../../contract/prism/tokenize';
import { tokenCss } from '../../contract/prism/token-css';

const FENCE = /^(`{3,})(\w+)[^\n]*\n([\s\S]*?)\n\1$/gm;

/** Every `.md` and `.mdx` file below a folder. */
export function markdownFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

/** The distinct lists of token types that the code blocks of these files carry, innermost type last. */
export function tokenTypeLists(files: readonly string[]): string[][] {
  const lists = new Map<string, string[]>();
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(FENCE)) {
      for (const line of tokenize(match[3] ?? '', (match[2] ?? '').toLowerCase())) {
        for (const token of line) if (token.types.length > 1) lists.set(token.types.join(' '), token.types);
      }
    }
  }
  return [...lists.values()].sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

/** The stylesheet for the docs below `docsDir`. */
export function renderTokenCss(docsDir: string): string {
  return tokenCss(lightCodeTheme, darkCodeTheme, tokenTypeLists(markdownFiles(docsDir)));
}
