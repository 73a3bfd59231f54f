// A code block's lines as one run of text and token elements (src/theme/CodeBlock/Content/code-children.ts): the same
// characters, a newline after every line, and no two strings side by side for React to mark the seam of.
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Token } from 'prism-react-renderer';
import { codeChildren } from '../../src/theme/CodeBlock/Content/code-children';

const plain = (content: string, empty?: true): Token => (empty ? { types: ['plain'], content, empty } : { types: ['plain'], content });
const token = (type: string, content: string): Token => ({ types: [type], content });

const LINES: Token[][] = [
  [plain('{')],
  [plain('  "a": '), token('number', '1'), plain(',')],
  [plain('\n', true)],
  [plain('  "b": '), token('string', '"x"')],
  [plain('}')],
];

function render(lines: Token[][]): string {
  const children = codeChildren(lines, (item, key) => createElement('span', { key, className: item.types.join(' ') }, item.content));
  return renderToStaticMarkup(createElement(Fragment, null, ...children));
}

describe('codeChildren', () => {
  it('keeps every character, ends every line with a newline, and keeps an empty line', () => {
    const html = render(LINES);
    expect(html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"')).toBe('{\n  "a": 1,\n\n  "b": "x"\n}\n');
    expect(html).toContain('<span class="number">1</span>');
  });

  it("joins the plain text of one line's end and the next line's start, so no two strings stand side by side", () => {
    const children = codeChildren(LINES, (item, key) => createElement('span', { key }, item.content));
    const strings = children.map((child) => typeof child === 'string');
    expect(strings.some((isString, index) => isString && strings[index + 1] === true)).toBe(false);
    expect(children[0]).toBe('{\n  "a": ');
    expect(children[2]).toBe(',\n\n  "b": ');
  });
});
