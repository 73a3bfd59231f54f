// The release history as a reader meets it on the built pages (issue 31's Done-when): every RPC method, Ocean endpoint
// and export of the SDK's other packages that is newer than its package's first covered release says "Since x.y" under
// its heading, the others do not; a method's or endpoint's changes are listed with their versions; a method dropped by
// the last two major lines is named under its replacement; each release line's page lists what its releases added and
// removed. Read from the built HTML and the committed history files (generator/history), not through the renderer.
import fs from 'node:fs';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { compareVersions, versionParts, type HistoryEntry, type HistoryFile } from '../../generator/model/history';
import type { SymbolIndex } from '../../contract/symbol-index';
import { KINDS } from '../../contract/symbol-index';

const SITE = path.resolve(__dirname, '../..');
/** The build to read; another can be named (`HISTORY_PAGES_BUILD=/path/to/build`) to see what this test says of it. */
const BUILD = process.env.HISTORY_PAGES_BUILD ?? path.join(SITE, 'build');

const history = (file: string): HistoryFile => JSON.parse(fs.readFileSync(path.join(SITE, 'generator/history', file), 'utf8')) as HistoryFile;
const pages = new Map<string, CheerioAPI>();
function page(route: string): CheerioAPI {
  let $ = pages.get(route);
  if ($ === undefined) {
    $ = load(fs.readFileSync(path.join(BUILD, route, 'index.html'), 'utf8'));
    pages.set(route, $);
  }
  return $;
}

/** The history line under a heading (`p.since`, first in its section), or '' when the section has none. */
function sinceLine($: CheerioAPI, anchor: string): string | undefined {
  const heading = $(`article [id="${anchor}"]`).first();
  if (heading.length === 0) return undefined;
  const next = heading.next();
  const line = next.is('p.since') ? next : next.children().first().is('p.since') ? next.children().first() : null;
  return line === null ? '' : line.text().replace(/\s+/g, ' ').trim();
}

/** What the line must say of an entry: its first version unless it is the first covered release, and each change's version. */
function lineProblems(entry: HistoryEntry, file: HistoryFile, line: string, changes: boolean): string[] {
  const problems: string[] = [];
  const first = file.versions[0];
  if (entry.since !== first && !line.startsWith(`Since ${entry.since}`)) problems.push(`says "${line}", not "Since ${entry.since}"`);
  if (entry.since === first && /^Since /.test(line)) problems.push(`says "${line}" though it is in the first release ${first ?? ''}`);
  if (changes) for (const change of entry.changed ?? []) if (!line.includes(change.version)) problems.push(`"${line}" does not name its change in ${change.version}`);
  return problems;
}

const REFERENCES = [
  { file: 'jellyfish-api-core.json', kind: 'method', route: (category: string) => `node/jellyfish/api/${category}` },
  { file: 'whale-api-client.json', kind: 'endpoint', route: (category: string) => `ocean/${category}` },
] as const;

describe('the history line under each method and endpoint', () => {
  for (const reference of REFERENCES) {
    it(`${reference.file}: every ${reference.kind} of the pinned version says since when (past the first release) and each change's version`, () => {
      const file = history(reference.file);
      const problems: string[] = [];
      let dated = 0;
      for (const [key, entry] of Object.entries(file.items[reference.kind] ?? {})) {
        if (entry.last !== undefined) continue;
        const [category = '', name = ''] = key.split('.');
        const line = sinceLine(page(reference.route(category)), name.toLowerCase());
        if (line === undefined) problems.push(`${key}: no section`);
        else problems.push(...lineProblems(entry, file, line, true).map((problem) => `${key}: ${problem}`));
        if (entry.since !== file.versions[0]) dated += 1;
      }
      expect(problems).toEqual([]);
      expect(dated).toBeGreaterThan(20);
    });
  }

  it('names each method the last two major lines dropped under the method that replaces it, with the version that dropped it', () => {
    const file = history('jellyfish-api-core.json');
    const major = versionParts(file.latest.version)[0];
    const problems: string[] = [];
    let named = 0;
    for (const [key, entry] of Object.entries(file.items.method ?? {})) {
      if (entry.last === undefined || entry.replacedBy === undefined) continue;
      const droppedIn = file.versions.find((version) => compareVersions(version, entry.last ?? '') > 0) ?? '';
      if (versionParts(droppedIn)[0] < major - 1) continue;
      const [category = '', name = ''] = entry.replacedBy.split('.');
      const line = sinceLine(page(`node/jellyfish/api/${category}`), name.toLowerCase()) ?? '';
      const oldName = key.split('.')[1] ?? key;
      if (!line.includes(`replaces ${key.startsWith(`${category}.`) ? oldName : key}, dropped in ${droppedIn}`))
        problems.push(`${key} → ${entry.replacedBy}: "${line}"`);
      named += 1;
    }
    expect(problems).toEqual([]);
    // 3.0 renamed six governance methods.
    expect(named).toBe(6);
  });
});

const SDK_DIR = path.join(SITE, 'generator/history/sdk');

describe("the history line under each export of the SDK's other packages", () => {
  const index = JSON.parse(fs.readFileSync(path.join(SITE, 'generated/search-symbols.json'), 'utf8')) as SymbolIndex;
  it('every export of every package says since when past its first release, found at its section through the search index', () => {
    const problems: string[] = [];
    let dated = 0;
    let checked = 0;
    for (const name of fs.readdirSync(SDK_DIR).filter((entry) => entry.endsWith('.json'))) {
      const short = name.replace(/\.json$/, '');
      const file = JSON.parse(fs.readFileSync(path.join(SDK_DIR, name), 'utf8')) as HistoryFile;
      const sections = new Map<string, [string, string]>();
      for (const [symbol, kind, pageIndex, anchor, , , , strength] of index.entries) {
        const [url, , pkg] = index.pages[pageIndex] ?? ['', ''];
        // The export's own section: strength 10 marks an export (4 a declaration the entry point does not export).
        if (pkg !== short || strength < 10 || KINDS[kind] === 'package' || anchor === '' || sections.has(symbol)) continue;
        sections.set(symbol, [url, anchor]);
      }
      for (const [key, entry] of Object.entries(file.items.export ?? {})) {
        if (entry.last !== undefined) continue;
        const section = sections.get(key);
        if (section === undefined) {
          problems.push(`${short}.${key}: no section in the search index`);
          continue;
        }
        const line = sinceLine(page(section[0].replace(/^\//, '')), section[1]);
        checked += 1;
        if (line === undefined) problems.push(`${short}.${key}: no heading #${section[1]} on ${section[0]}`);
        else problems.push(...lineProblems(entry, file, line, true).map((problem) => `${short}.${key}: ${problem}`));
        if (entry.since !== file.versions[0]) dated += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(400);
    expect(dated).toBeGreaterThan(100);
  });
});

describe('the release pages', () => {
  const RELEASES = [
    { file: 'jellyfish-api-core.json', kind: 'method', route: 'node/releases' },
    { file: 'whale-api-client.json', kind: 'endpoint', route: 'ocean/releases' },
  ] as const;
  for (const release of RELEASES) {
    it(`${release.route}: each line's page names every ${release.kind} its releases added or dropped, under the version`, () => {
      const file = history(release.file);
      const problems: string[] = [];
      let events = 0;
      for (const [key, entry] of Object.entries(file.items[release.kind] ?? {})) {
        const changes: [string, string][] = [];
        if (entry.since !== file.versions[0]) changes.push(['added', entry.since]);
        if (entry.last !== undefined) changes.push(['dropped', file.versions.find((version) => compareVersions(version, entry.last ?? '') > 0) ?? '']);
        events += changes.length;
        for (const [what, version] of changes) {
          const $ = page(`${release.route}/v${versionParts(version)[0]}`);
          const heading = $(`article h2[id="v${version.replace(/\./g, '-')}"]`).first();
          const text = heading.nextUntil('h2').text();
          if (heading.length === 0) problems.push(`${key} ${what} in ${version}: no section for ${version}`);
          else if (!text.includes(key)) problems.push(`${key} ${what} in ${version}: not named under it`);
        }
      }
      expect(problems).toEqual([]);
      expect(events).toBeGreaterThan(50);
    });
  }
});

describe('the migration guide', () => {
  it('names every method whose signature a 3.x or 4.x release changed, with the version, on /node/migrating-to-4', () => {
    const file = history('jellyfish-api-core.json');
    const $ = page('node/migrating-to-4');
    const text = $('article').text();
    const missing: string[] = [];
    let changes = 0;
    for (const [key, entry] of Object.entries(file.items.method ?? {})) {
      for (const change of entry.changed ?? []) {
        if (versionParts(change.version)[0] < 3) continue;
        changes += 1;
        const name = key.split('.')[1] ?? key;
        if (!text.includes(name) || !text.includes(change.version)) missing.push(`${key} changed in ${change.version}`);
      }
    }
    expect(missing).toEqual([]);
    expect(changes).toBeGreaterThan(5);
  });
});
