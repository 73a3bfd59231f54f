// Every link that stands alone in a block of a page's content (what axe's target-size rule judges as a target of its
// own: the nearest block holds no text outside links) carries the class whose rule gives it 24 px of height whatever
// the reader's font (contract/lone-links.ts, src/css/custom.css). Read from the built HTML and CSS, every page.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { LONE_LINKS_CLASS } from '../../contract/lone-links';

const BUILD = path.resolve(__dirname, '../../build');

/** Elements the browser lays out inline by default: axe walks past them to the nearest block. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'img', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'svg', 'label']);
/** Elements axe counts as widgets: their text is not text around a link. */
const WIDGETS = new Set(['a', 'button', 'input', 'select', 'textarea']);

function htmlFiles(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) htmlFiles(file, into);
    else if (entry.name.endsWith('.html')) into.push(file);
  }
  return into;
}

const classes = (element: Element): string[] => {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};

/** The text of a block outside links and other widgets, and outside nested blocks (as axe's isInTextBlock reads it). */
function textAround(block: Element): string {
  let text = '';
  for (const child of block.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element' && INLINE.has(child.tagName) && !WIDGETS.has(child.tagName)) text += textAround(child);
  }
  return text;
}

interface LoneLink {
  page: string;
  block: string;
  text: string;
  marked: boolean;
}

/** The links of the page's content (`.theme-doc-markdown`) whose nearest block holds no other text. */
function loneLinks(file: string): LoneLink[] {
  const tree = fromParse5(parse(fs.readFileSync(file, 'utf8'))) as Root;
  const found: LoneLink[] = [];
  const visit = (node: Root | Element, ancestors: Element[], inContent: boolean): void => {
    for (const child of node.children as ElementContent[]) {
      if (child.type !== 'element') continue;
      const content = inContent || classes(child).includes('theme-doc-markdown');
      if (content && child.tagName === 'a') {
        const block = [...ancestors, ...(node.type === 'element' ? [node] : [])].reverse().find((element) => !INLINE.has(element.tagName));
        if (block !== undefined && textAround(block).trim() === '') {
          const text = child.children.map((grandchild) => (grandchild.type === 'text' ? grandchild.value : '')).join('');
          found.push({ page: path.relative(BUILD, file), block: block.tagName, text, marked: classes(block).includes(LONE_LINKS_CLASS) });
        }
      }
      visit(child, node.type === 'element' ? [...ancestors, node] : ancestors, content);
    }
  };
  visit(tree, [], false);
  return found;
}

describe('links alone on their line (axe target-size)', () => {
  const links = htmlFiles(BUILD).flatMap(loneLinks);

  it('finds the lone links of the reference pages (a section ends with its source link)', () => {
    // Over a thousand "Source of ..." lines, and table cells with a link only: zero would mean the walk found nothing.
    expect(links.length).toBeGreaterThan(1000);
    expect(links.some((link) => link.page.startsWith('ecosystem/packages/jellyfish-network/') && link.text.startsWith('https://github.com/DeFiCh/ain/pull/'))).toBe(true);
  });

  it(`gives every one the class ${LONE_LINKS_CLASS} on its block`, () => {
    const unmarked = links.filter((link) => !link.marked).map((link) => `${link.page}: <${link.block}> ${link.text.slice(0, 60)}`);
    expect(unmarked.slice(0, 20), `${unmarked.length} lone links without the class`).toEqual([]);
  });

  it('has the stylesheet give their links 24 px of height, as inline blocks', () => {
    const css = fs
      .readdirSync(path.join(BUILD, 'assets/css'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => fs.readFileSync(path.join(BUILD, 'assets/css', name), 'utf8'))
      .join('\n');
    const rule = new RegExp(`\\.${LONE_LINKS_CLASS}>a\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule).toMatch(/display:inline-block/);
    expect(rule).toMatch(/min-height:24px/);
  });
});
