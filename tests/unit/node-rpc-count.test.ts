// How many RPCs defid v4.0.9 registers, counted apart from scripts/derive-node-rpcs.ts: over the text of the node's
// RPC tables (generator/node-rpcs/tables-v4.0.9.txt, each table as the source has it), with a parser of its own that
// reads the whole text rather than line by line, since two entries span lines. Where a DeFiCh/ain mirror is on the
// machine (AIN_GIT_DIR, or the path the README names), the text is compared with the sources at the tag line by line.
// Then every name must have a section on the generated pages: the method section of an SDK method that calls it, or
// its own on a node-only page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RpcReference } from '../../generator/model/types';
import { rpcCategoryFiles, rpcCategoryText } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');
const TABLES = path.join(ROOT, 'generator/node-rpcs/tables-v4.0.9.txt');
const API_PAGES = path.join(ROOT, 'docs/node/jellyfish/api');
const MIRROR = process.env.AIN_GIT_DIR ?? '/work/.mirror/DeFiCh+ain/repo';

/** RPC names in table text: a quoted category, a quoted name and `&handler`, with any white space (newlines too) between. */
function countTableNames(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  return [...code.matchAll(/"([a-z_]+)"\s*,\s*"([A-Za-z0-9_]+)"\s*,\s*&\s*\w+/g)].map((match) => match[2] ?? '');
}

/** What a line-by-line grep finds: the entries written on one line. */
function lineByLine(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^\s*\{\s*"[a-z_]+"\s*,\s*"([A-Za-z0-9_]+)"\s*,\s*&/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const text = fs.readFileSync(TABLES, 'utf8');

describe('the RPCs of defid v4.0.9', () => {
  it('are 310 distinct names in its tables (a line-by-line grep sees 308: gettokenbalances and updateloanscheme span lines)', () => {
    const names = countTableNames(text);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(310);
    const oneLine = lineByLine(text);
    expect(oneLine).toHaveLength(308);
    expect(names.filter((name) => !oneLine.includes(name)).sort()).toEqual(['gettokenbalances', 'updateloanscheme']);
  });

  it('the count goes red on a table with an entry taken out or commented out', () => {
    const dropped = text.replace(/\{\s*"wallet",\s*"walletlock",[^\n]*\n/, '');
    expect(countTableNames(dropped)).toHaveLength(309);
    const commented = text.replace(/(\{\s*"wallet",\s*"walletlock",)/, '// $1');
    expect(countTableNames(commented)).toHaveLength(309);
  });

  it.runIf(fs.existsSync(MIRROR))('the tables file is the sources at v4.0.9, line for line', () => {
    const blocks = text.split(/\n(?=\/\/ src\/)/);
    expect(blocks.length).toBeGreaterThanOrEqual(20);
    for (const block of blocks) {
      const [head = '', ...lines] = block.trimEnd().split('\n');
      const place = /^\/\/ (src\/\S+):(\d+)$/.exec(head);
      if (place === null) throw new Error(`a block opens with ${head}`);
      const source = execFileSync('git', ['--git-dir', MIRROR, 'show', `v4.0.9:${place[1] ?? ''}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split(
        '\n',
      );
      const start = Number(place[2]) - 1;
      expect(lines).toEqual(source.slice(start, start + lines.length));
    }
  });

  it('each has a section on the generated pages, typed or node only', () => {
    const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
    const headings = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.mdx') && !entry.name.startsWith('_')) {
          const mdx = fs.readFileSync(file, 'utf8');
          for (const match of mdx.matchAll(/^## (\S+) \{\/\* #/gm)) headings.add(`${path.relative(API_PAGES, file)}#${match[1] ?? ''}`);
        }
      }
    };
    walk(API_PAGES);
    const sectionOf = (name: string): string | null => {
      for (const category of model.categories) {
        const method = category.methods.find((candidate) => candidate.rpc.names.includes(name));
        const section =
          method === undefined
            ? undefined
            : rpcCategoryFiles(API_PAGES, category.name)
                .map((file) => `${file}#${method.name}`)
                .find((key) => headings.has(key));
        if (section !== undefined) return section;
      }
      const rpc = model.nodeRpcs?.rpcs.find((candidate) => candidate.name === name);
      const own = rpc === undefined ? null : `node-only/${rpc.page}.mdx#${name}`;
      return own !== null && headings.has(own) ? own : null;
    };
    const names = countTableNames(text);
    expect(names.filter((name) => sectionOf(name) === null)).toEqual([]);
    expect(model.nodeRpcs?.rpcs.map((rpc) => rpc.name).sort()).toEqual([...names].sort());
  });

  it('each typed section names the node release that added its RPC', () => {
    const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
    const missing: string[] = [];
    let lines = 0;
    for (const category of model.categories) {
      const page = rpcCategoryText(API_PAGES, category.name);
      for (const method of category.methods) {
        for (const name of method.rpc.names) {
          const added = model.nodeRpcs?.rpcs.find((rpc) => rpc.name === name)?.added ?? '(none)';
          lines += 1;
          if (!page.includes(`\`${name}\`, since defid ${added}`)) missing.push(`${category.name}.${method.name}: ${name} ${added}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(lines).toBeGreaterThanOrEqual(191);
  });
});
