// No raw markup on any built page: a paragraph, list item, table cell or heading whose text still holds
// Markdown or MDX syntax was not rendered (an admonition title in the syntax future.v4 dropped showed as ":::danger
// Options…"). Code is where such syntax belongs, so code elements are left out of the text read here.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

const BUILD = path.resolve(__dirname, '../../build');

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** Syntax that only unrendered Markdown or MDX leaves in a reader's text. */
const RAW: ReadonlyArray<[string, RegExp]> = [
  ['a directive (:::)', /^\s*:::/],
  ['strong emphasis (**x**)', /\*\*[^*\s][^*]*\*\*/],
  ['an inline code span (`x`)', /`[^`\s][^`]*`/],
  ['a Markdown link ([text](url))', /\[[^\]]+\]\((?:https?:|\/|#)[^)]*\)/],
  ['an MDX comment ({/*)', /\{\/\*/],
];

/** Raw markup in the text of one page's blocks (paragraphs, list items, cells, headings), code left out. */
export function rawMarkupProblems(file: string, html: string): string[] {
  const $ = cheerio.load(html);
  $('code, pre, script, style, svg').remove();
  const problems: string[] = [];
  $('article p, article li, article td, article th, article h1, article h2, article h3, article h4, article blockquote').each((_index, element) => {
    const text = $(element).text();
    for (const [what, pattern] of RAW) if (pattern.test(text)) problems.push(`${path.relative(BUILD, file)}: ${what}: ${text.trim().slice(0, 80)}`);
  });
  return problems;
}

describe('built pages', () => {
  const files = htmlFiles(BUILD);

  it('show no unrendered Markdown or MDX in any block of text', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((file) => rawMarkupProblems(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('goes red on an admonition title in the old syntax, and on other raw syntax', () => {
    const page = (body: string): string => `<article>${body}</article>`;
    expect(rawMarkupProblems('x.html', page('<p>:::danger Options are shared by every client in 4.0.7</p>'))).toHaveLength(1);
    expect(rawMarkupProblems('x.html', page('<li>see **this** and `that`</li>'))).toHaveLength(2);
    expect(rawMarkupProblems('x.html', page('<table><tr><td>[the guide](/node/errors)</td></tr></table><p>{/* note */}</p>'))).toHaveLength(2);
    expect(rawMarkupProblems('x.html', page('<p>Rendered <code>`code`</code> and <strong>bold</strong></p>'))).toEqual([]);
  });
});
