// The built site shows no example the SDK has not run: no `declare const` placeholder and no fragment of compiled
// JavaScript (what the generator once printed for values the client computes) on any page; and every RPC method
// section shows the node's answer.
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

/** Text a reader never should see in an example: placeholders, and compiled code where a value belongs. */
const FORBIDDEN: ReadonlyArray<[string, RegExp]> = [
  ['a declare const placeholder', /\bdeclare const\b/],
  ['compiled BigNumber', /bignumber_js_\d+/],
  ['compiled defaults', /Object\.assign\(/],
  ['compiled async code', /__awaiter/],
  ['a compiled options read', /\bopts\.\w+/],
  ['a shell variable for a reader value', /\$[A-Za-z_]+_[A-Za-z]+\b(?=[^\n]*--data-binary|[^\n]*EOF)/],
];

/** Problems in one page's visible text. */
export function placeholderProblems(file: string, html: string): string[] {
  const $ = cheerio.load(html);
  const text = $('article').text();
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${path.relative(BUILD, file)}: ${what}`);
}

describe('examples on the built pages', () => {
  const files = htmlFiles(BUILD);

  it('show no placeholder and no compiled code on any page', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((file) => placeholderProblems(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('show the node\'s answer under every RPC method (201)', () => {
    const dir = path.join(BUILD, 'node/jellyfish/api');
    let sections = 0;
    const without: string[] = [];
    // Each category's page, and the pages below it of a category split into several (not the node-only RPCs' pages).
    const pages = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((category) => [
        category.name,
        ...(category.name === 'node-only'
          ? []
          : fs
              .readdirSync(path.join(dir, category.name), { withFileTypes: true })
              .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, category.name, entry.name, 'index.html')))
              .map((entry) => `${category.name}/${entry.name}`)),
      ]);
    for (const page of pages) {
      const $ = cheerio.load(fs.readFileSync(path.join(dir, page, 'index.html'), 'utf8'));
      $('article h2[id]').each((_index, heading) => {
        const id = $(heading).attr('id') ?? '';
        if (id === 'types') return;
        sections += 1;
        const body = $(heading).nextUntil('h2').text();
        if (!/Response of \w+/.test(body)) without.push(`${page}#${id}`);
      });
    }
    expect(without).toEqual([]);
    expect(sections).toBe(201);
  });

  it('goes red on a page with a placeholder or compiled code', () => {
    const page = '<article><pre>declare const hash: string;\nObject.assign(Object.assign({}, defaultPagination), pagination)</pre></article>';
    expect(placeholderProblems(path.join(BUILD, 'x.html'), page)).toEqual(['x.html: a declare const placeholder', 'x.html: compiled defaults']);
  });
});
