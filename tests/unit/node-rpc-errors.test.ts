// Every RPC that defid v4.0.9 registers has an Errors list on its section, typed or node only: the names are counted
// from the node's RPC tables (generator/node-rpcs/tables-v4.0.9.txt) with a pattern of this test's own, each section
// is found by its heading on the generated pages, and its Errors disclosure (the page's data) must show each error
// generator/errors/rpc.json gives the RPC (message and condition), or only the groups' line where it gives none.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SectionNode } from '../../contract/section-nodes';
import { messageLine } from '../../contract/error-message';
import type { RpcReference } from '../../generator/model/types';

const ROOT = path.resolve(__dirname, '../..');
const API_PAGES = path.join(ROOT, 'docs/node/jellyfish/api');
const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const data = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/errors/rpc.json'), 'utf8')) as {
  methods: { rpc: string; errors: { message: string; condition: string }[] }[];
};

/** The RPC names of the tables: `{"category", "name", &handler`, over the whole text (entries span lines). */
const tableNames = [
  ...fs
    .readFileSync(path.join(ROOT, 'generator/node-rpcs/tables-v4.0.9.txt'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .matchAll(/"[a-z_]+"\s*,\s*"(\w+)"\s*,\s*&\s*\w+/g),
].map((match) => match[1] ?? '');

/** A page's sections by heading: `## name {/* #anchor *\/}` and the section data it renders. */
function pageSections(file: string): Map<string, SectionNode[]> {
  const mdx = fs.readFileSync(file, 'utf8');
  const dataFile = /^import sections from "@site\/([^"]+)";$/m.exec(mdx)?.[1];
  if (dataFile === undefined) return new Map();
  const sections = JSON.parse(fs.readFileSync(path.join(ROOT, dataFile), 'utf8')) as SectionNode[][];
  const map = new Map<string, SectionNode[]>();
  for (const match of mdx.matchAll(/^## (\S+) \{\/\* #[^*]+\*\/\}\n\n<ReferenceSection content=\{sections\[(\d+)\]\} \/>/gm))
    map.set(match[1] ?? '', sections[Number(match[2])] ?? []);
  return map;
}

function childrenOf(node: Exclude<SectionNode, string>): SectionNode[] {
  const [, , ...children] = node;
  return children;
}

function text(node: SectionNode): string {
  if (typeof node === 'string') return node;
  const [, , ...rest] = node;
  return rest.map(text).join('');
}

/** The items of a section's Errors disclosure, or null when it has none. */
function errorItems(section: readonly SectionNode[]): string[] | null {
  for (const node of section) {
    if (typeof node === 'string') continue;
    const [name, props, ...rest] = node;
    if (name === 'LazyDetails' && props?.summary === 'Errors') {
      const list = rest.find((child) => typeof child !== 'string' && child[0] === 'ul');
      if (list === undefined || typeof list === 'string') return [];
      const [, , ...items] = list;
      return items.flatMap((item) => (typeof item !== 'string' && item[0] === 'li' ? [text(item)] : []));
    }
    const inner = errorItems(rest);
    if (inner !== null) return inner;
  }
  return null;
}

const pages = new Map<string, Map<string, SectionNode[]>>();
const sectionsOf = (file: string): Map<string, SectionNode[]> => {
  const known = pages.get(file);
  if (known !== undefined) return known;
  const read = pageSections(path.join(API_PAGES, file));
  pages.set(file, read);
  return read;
};

/** Where the RPC's section is: the method that calls it, or its node-only page. */
function sectionOf(name: string): { where: string; section: SectionNode[] } | null {
  for (const category of model.categories) {
    const method = category.methods.find((candidate) => candidate.rpc.names.includes(name));
    if (method === undefined) continue;
    // A category's page, or the pages of a category split in several (a folder of its name).
    const folder = path.join(API_PAGES, category.name);
    const files = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((file) => file.endsWith('.mdx'))
          .map((file) => `${category.name}/${file}`)
      : [`${category.name}.mdx`];
    for (const file of files) {
      const section = sectionsOf(file).get(method.name);
      if (section !== undefined) return { where: `${file}#${method.name}`, section };
    }
  }
  const rpc = model.nodeRpcs?.rpcs.find((candidate) => candidate.name === name && !candidate.typed);
  const section = rpc === undefined ? undefined : sectionsOf(`node-only/${rpc.page}.mdx`).get(name);
  return rpc === undefined || section === undefined ? null : { where: `node-only/${rpc.page}.mdx#${name}`, section };
}

/** What the section lacks of the RPC's errors; [] when its list shows them all. */
function lacks(name: string, section: readonly SectionNode[]): string[] {
  const items = errorItems(section);
  if (items === null) return [`${name}: no Errors list`];
  const errors = data.methods.find((method) => method.rpc === name)?.errors;
  if (errors === undefined) return [`${name}: no entry in generator/errors/rpc.json`];
  const shown = items.join('\n');
  const problems: string[] = [];
  for (const error of errors) {
    const trial = /^Test \w+Tx execution failed:[^\n]*\n([\s\S]*)$/.exec(error.message);
    const message = messageLine(trial ? (trial[1] ?? '') : error.message);
    if (message !== '' && !shown.includes(message)) problems.push(`${name}: no message ${message}`);
    // A `code` span of the condition shows as code: its text without the backticks.
    const condition = error.condition.replace(/`([^`]+)`/g, '$1');
    if (!shown.includes(condition)) problems.push(`${name}: no condition ${error.condition}`);
  }
  // With no error of its own, the list is the one line of the groups it shares (as a typed section's).
  if (errors.length === 0 && (items.length !== 1 || !items[0]?.startsWith('Also: '))) problems.push(`${name}: more than the groups' line`);
  if (!items.at(-1)?.startsWith('Also: ')) problems.push(`${name}: no groups' line`);
  return problems;
}

describe('the errors of every RPC of defid v4.0.9', () => {
  it('are 310 RPCs, each in generator/errors/rpc.json', () => {
    expect(new Set(tableNames).size).toBe(310);
    expect(data.methods.map((method) => method.rpc).sort()).toEqual([...tableNames].sort());
  });

  it('each RPC’s section shows its Errors list, typed or node only', () => {
    const problems: string[] = [];
    let listed = 0;
    let untyped = 0;
    for (const name of tableNames) {
      const found = sectionOf(name);
      if (found === null) {
        problems.push(`${name}: no section`);
        continue;
      }
      const missing = lacks(name, found.section);
      if (missing.length === 0) listed += 1;
      if (found.where.startsWith('node-only/')) untyped += 1;
      problems.push(...missing);
    }
    expect(problems).toEqual([]);
    expect(listed).toBe(310);
    expect(untyped).toBe(119);
  });

  it('goes red on a section whose list is taken out or lacks an error', () => {
    const found = sectionOf('walletlock');
    if (found === null) throw new Error('walletlock has no section');
    expect(lacks('walletlock', found.section)).toEqual([]);
    const strip = (nodes: readonly SectionNode[]): SectionNode[] =>
      nodes
        .filter((node) => typeof node === 'string' || node[0] !== 'LazyDetails')
        .map((node) => (typeof node === 'string' ? node : ([node[0], node[1], ...strip(childrenOf(node))] as SectionNode)));
    expect(lacks('walletlock', strip(found.section))).toEqual(['walletlock: no Errors list']);
    const dropItem = (nodes: readonly SectionNode[]): SectionNode[] =>
      nodes.map((node) =>
        typeof node === 'string'
          ? node
          : node[0] === 'ul'
            ? ([node[0], node[1], ...childrenOf(node).filter((item) => typeof item === 'string' || !text(item).startsWith('-15'))] as SectionNode)
            : ([node[0], node[1], ...dropItem(childrenOf(node))] as SectionNode),
      );
    expect(lacks('walletlock', dropItem(found.section)).length).toBeGreaterThan(0);
  });
});
