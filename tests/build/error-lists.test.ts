// Reads build/: every RPC and Ocean section shows an Errors disclosure, and its list (in the page's Markdown twin,
// which takes it from the page's data as the page does when the reader opens it) says what generator/errors/*.json
// says: each error's code or status, message and condition, and a link to each group the method names. The errors
// pages have a section, with the group's id, for every group, holding its errors.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { OceanReference, RpcReference } from '../../generator/model/types';
import { rpcMethodHref } from '../../generator/model/routes';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');
const rpcModel = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const oceanModel = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/ocean-model.json'), 'utf8')) as OceanReference;

interface DataError {
  code?: number | null;
  status?: number;
  message: string | null;
  condition: string;
}
interface DataGroup {
  id: string;
  title: string;
  errors: DataError[];
}
const rpcData = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/errors/rpc.json'), 'utf8')) as {
  groups: DataGroup[];
  methods: { rpc: string; groups: string[]; errors: (DataError & { alsoAt?: string[] })[]; absorbedAt?: Record<string, string[]> }[];
};
const oceanData = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/errors/ocean.json'), 'utf8')) as {
  groups: DataGroup[];
  endpoints: { endpoint: string; groups: string[]; errors: DataError[] }[];
};

/** Markdown text without its escapes, white space folded: what a reader of the twin reads. */
const plain = (markdown: string): string => markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>|~&$@])/g, '$1').replace(/\s+/g, ' ');
/** A message as the lists show it (lines joined by ⏎). */
const shown = (message: string): string => message.replace(/\n$/, '').replace(/\n/g, ' ⏎ ').replace(/\s+/g, ' ');

/** The `## name` sections of a twin, by the heading's text. */
function twinSections(file: string): Map<string, string> {
  const text = fs.readFileSync(file, 'utf8');
  const map = new Map<string, string>();
  for (const part of text.split(/\n(?=## )/)) {
    const name = /^## (.+)$/m.exec(part)?.[1]?.trim();
    if (name !== undefined) map.set(name, part);
  }
  return map;
}

/** The Errors list of a twin section: from its bold label to the next paragraph that is not a list item. */
function errorsList(section: string): string | undefined {
  const start = section.indexOf('**Errors**');
  if (start < 0) return undefined;
  const rest = section.slice(start + '**Errors**'.length);
  const end = rest.search(/\n\n(?![ -])/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** What a section's list lacks of the data: messages, conditions and group links. */
function missing(list: string, errors: readonly DataError[], groups: readonly string[], route: string): string[] {
  const text = plain(list);
  const problems: string[] = [];
  for (const error of errors) {
    const trial = /^Test \w+Tx execution failed:[^\n]*\n([\s\S]*)$/.exec(error.message ?? '');
    const message = error.message === null ? null : shown(trial ? (trial[1] ?? '') : error.message);
    if (message !== null && message !== '' && !text.includes(message)) problems.push(`no message ${message}`);
    if (!text.includes(plain(error.condition))) problems.push(`no condition ${error.condition}`);
    if (typeof error.code === 'number' && !text.includes(`${error.code}`)) problems.push(`no code ${error.code}`);
    if (typeof error.status === 'number' && !text.includes(`${error.status}`)) problems.push(`no status ${error.status}`);
  }
  for (const id of groups) if (!list.includes(`${route}#${id})`)) problems.push(`no link to group ${id}`);
  return problems;
}

function disclosures($: cheerio.CheerioAPI, anchor: string): number {
  const heading = $(`h2#${anchor}`);
  return heading.nextUntil('h2').find('details > summary').filter((_, el) => $(el).text() === 'Errors').length;
}

/** Every section of the RPC pages' twins (typed and node-only, pages split in several included), by its heading. */
function allRpcSections(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.md')) for (const [name, text] of twinSections(file)) sections.set(name, [...(sections.get(name) ?? []), text]);
    }
  };
  walk(path.join(BUILD, 'node/jellyfish/api'));
  return sections;
}

/** `src/rpc/mining.cpp:565` as the link the lists give it. */
const placeUrl = (place: string): string => {
  const [file = '', line = ''] = place.split(':');
  return `https://github.com/DeFiCh/ain/blob/v4.0.9/${file}#L${line}`;
};

/** A built RPC page and its Markdown twin's sections, read once. */
const builtPages = new Map<string, { $: cheerio.CheerioAPI; twin: ReturnType<typeof twinSections> }>();
function builtPage(route: string): { $: cheerio.CheerioAPI; twin: ReturnType<typeof twinSections> } {
  let found = builtPages.get(route);
  if (found === undefined) {
    found = { $: cheerio.load(fs.readFileSync(path.join(BUILD, route, 'index.html'), 'utf8')), twin: twinSections(path.join(BUILD, `${route}.md`)) };
    builtPages.set(route, found);
  }
  return found;
}

describe('Errors lists of the built reference pages', () => {
  it('links each further place of an error (alsoAt) and each place a handler throws a group’s error itself (absorbedAt)', () => {
    const sections = allRpcSections();
    const typed = new Map<string, string[]>();
    for (const category of rpcModel.categories)
      for (const method of category.methods) for (const rpc of method.rpc.names.slice(0, 1)) typed.set(rpc, [...(typed.get(rpc) ?? []), method.name]);
    const problems: string[] = [];
    let places = 0;
    for (const method of rpcData.methods) {
      const expected = [...method.errors.flatMap((error) => error.alsoAt ?? []), ...Object.values(method.absorbedAt ?? {}).flat()];
      if (expected.length === 0) continue;
      for (const heading of typed.get(method.rpc) ?? [method.rpc]) {
        const lists = (sections.get(heading) ?? []).map(errorsList).filter((list): list is string => list !== undefined);
        if (lists.length === 0) problems.push(`${method.rpc} (${heading}): no Errors list`);
        for (const place of expected) {
          places += 1;
          if (!lists.some((list) => list.includes(`(${placeUrl(place)})`))) problems.push(`${method.rpc} (${heading}): no link to ${place}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(places).toBe(140);
    // Two known ones, as a reader reads them.
    const getblocktemplate = plain(errorsList(sections.get('getblocktemplate')?.[0] ?? '') ?? '');
    expect(getblocktemplate).toContain('`Invalid mode`: ');
    expect(getblocktemplate).toContain(`The node throws the same at [src/rpc/mining.cpp:565](${placeUrl('src/rpc/mining.cpp:565')}) too.`);
    expect(plain(errorsList(sections.get('accountToAccount')?.[0] ?? '') ?? '')).toContain(
      `Its own code throws the [Still syncing](https://jellyfishsdk.com/node/errors#initial-download) error, in its own words, at [src/dfi/rpc_accounts.cpp:897](${placeUrl('src/dfi/rpc_accounts.cpp:897')}).`,
    );
  });

  it('201 of 201 RPC sections show an Errors disclosure, and its list says what the data says', () => {
    const byRpc = new Map(rpcData.methods.map((method) => [method.rpc, method]));
    let sections = 0;
    const problems: string[] = [];
    for (const category of rpcModel.categories) {
      for (const method of category.methods) {
        // The page that shows the method: its category's, or the one below it of a category split into several.
        const route = rpcMethodHref(rpcModel, category.name, method.name).split('#')[0] ?? '';
        const { $, twin } = builtPage(route);
        const key = `${category.name}.${method.name}`;
        const data = byRpc.get(method.rpc.names[0] ?? '');
        if (!data) {
          problems.push(`${key}: no data`);
          continue;
        }
        if (disclosures($, method.name.toLowerCase()) !== 1) problems.push(`${key}: no Errors disclosure in the HTML`);
        const list = errorsList(twin.get(method.name) ?? '');
        if (list === undefined) {
          problems.push(`${key}: no Errors list in the twin`);
          continue;
        }
        problems.push(...missing(list, data.errors, data.groups, 'https://jellyfishsdk.com/node/errors').map((problem) => `${key}: ${problem}`));
        sections += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(sections).toBe(201);
  });

  it('60 of 60 Ocean sections show an Errors disclosure, and its list says what the data says', () => {
    const byKey = new Map(oceanData.endpoints.map((endpoint) => [endpoint.endpoint, endpoint]));
    let sections = 0;
    const problems: string[] = [];
    for (const category of oceanModel.categories) {
      const $ = cheerio.load(fs.readFileSync(path.join(BUILD, 'ocean', category.name, 'index.html'), 'utf8'));
      const twinFile = path.join(BUILD, 'ocean', `${category.name}.md`);
      const twin = fs.readFileSync(twinFile, 'utf8');
      for (const endpoint of category.endpoints) {
        const key = `${category.name}.${endpoint.name}`;
        const data = byKey.get(key);
        if (!data) {
          problems.push(`${key}: no data`);
          continue;
        }
        if (disclosures($, endpoint.name.toLowerCase()) !== 1) problems.push(`${key}: no Errors disclosure in the HTML`);
        // An Ocean section's heading is its title; its source link names the method: the section ends there.
        const sourceAt = twin.indexOf(`Source of ${key} (`);
        const sectionStart = twin.lastIndexOf('\n## ', sourceAt);
        const list = sourceAt < 0 ? undefined : errorsList(twin.slice(sectionStart, sourceAt));
        if (list === undefined) {
          problems.push(`${key}: no Errors list in the twin`);
          continue;
        }
        problems.push(...missing(list, data.errors, data.groups, 'https://jellyfishsdk.com/ocean/').map((problem) => `${key}: ${problem}`));
        sections += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(sections).toBe(60);
  });

  it('the errors pages have a section for every group, with each of its errors', () => {
    const problems: string[] = [];
    for (const [page, groups] of [
      ['node/errors/index.html', rpcData.groups],
      ['ocean/index.html', oceanData.groups],
    ] as const) {
      const $ = cheerio.load(fs.readFileSync(path.join(BUILD, page), 'utf8'));
      for (const group of groups) {
        const heading = $(`[id="${group.id}"]`);
        if (heading.length !== 1 || !/^H[2-6]$/.test(heading.prop('tagName') ?? '')) {
          problems.push(`${page}: no heading #${group.id}`);
          continue;
        }
        const table = heading.nextAll('table').first();
        const rows = table.find('tbody tr').toArray();
        if (rows.length !== group.errors.length) problems.push(`${page} #${group.id}: ${rows.length} rows, the data has ${group.errors.length}`);
        const text = table.text().replace(/\s+/g, ' ');
        // A `code` span of a condition shows as code: the reader sees its text without the backticks.
        const shown = (condition: string): string => condition.replace(/`([^`]+)`/g, '$1').replace(/\s+/g, ' ');
        for (const error of group.errors) if (!text.includes(shown(error.condition))) problems.push(`${page} #${group.id}: no row for ${error.condition}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
