// What the MCP tests hold the server's answers against: the built HTML of a page (its code blocks, signature blocks and
// heading ids, read with cheerio), and the JSON of a tool's answer.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

export const BUILD = path.resolve(__dirname, '../../build');

interface BuiltPage {
  /** Text of every `<pre><code>` (the page's code blocks and signatures), as the reader can copy it. */
  code: Set<string>;
  /** Text of every signature block (`pre.api-signature`). */
  signatures: Set<string>;
  ids: Set<string>;
}

const pages = new Map<string, BuiltPage>();

/** The built HTML of a route (`/node/jellyfish/api/blockchain`, `/ocean/address`), read once. */
export function builtPage(route: string): BuiltPage {
  const key = route.replace(/\/+$/, '');
  let page = pages.get(key);
  if (page === undefined) {
    const file = path.join(BUILD, ...key.split('/').filter((part) => part !== ''), 'index.html');
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    page = {
      code: new Set(
        $('pre code')
          .map((_, element) => $(element).text().replace(/\n$/, ''))
          .get(),
      ),
      signatures: new Set(
        $('pre.api-signature')
          .map((_, element) => $(element).text())
          .get(),
      ),
      ids: new Set(
        $('[id]')
          .map((_, element) => $(element).attr('id') ?? '')
          .get(),
      ),
    };
    pages.set(key, page);
  }
  return page;
}

/** Route and anchor of a site URL the server answers with. */
export function placeOf(url: string): { route: string; anchor: string } {
  const parsed = new URL(url);
  return { route: parsed.pathname, anchor: decodeURIComponent(parsed.hash.replace(/^#/, '')) };
}

/** The JSON a tool answered with (its one text block). */
export function answerJson<T = Record<string, unknown>>(result: unknown): T {
  const [first] = ((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>;
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`the answer has no text block: ${JSON.stringify(result).slice(0, 200)}`);
  return JSON.parse(first.text) as T;
}
