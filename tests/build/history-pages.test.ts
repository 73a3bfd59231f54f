// The release history as a reader meets it on the built pages: every RPC method, Ocean endpoint
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
import { rpcMethodHref } from '../../generator/model/routes';
import type { RpcReference } from '../../generator/model/types';

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
  // A line may show the newest changes and count the earlier ones: "(and 14 earlier changes)".
  const earlier = Number(/\(and (\d+) earlier changes?\)/.exec(line)?.[1] ?? '0');
  const all = entry.changed ?? [];
  if (earlier > all.length) problems.push(`"${line}" counts ${earlier} earlier changes of ${all.length}`);
  if (changes) for (const change of all.slice(earlier)) if (!line.includes(change.version)) problems.push(`"${line}" does not name its change in ${change.version}`);
  return problems;
}

const rpcModel = JSON.parse(fs.readFileSync(path.join(SITE, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
/** The page of an RPC method's section: its category's, or the one below it of a category split into several. */
const rpcRoute = (category: string, name: string): string => (rpcMethodHref(rpcModel, category, name).split('#')[0] ?? '').slice(1);

const REFERENCES = [
  { file: 'jellyfish-api-core.json', kind: 'method', route: rpcRoute },
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
        const line = sinceLine(page(reference.route(category, name)), name.toLowerCase());
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
      const line = sinceLine(page(rpcRoute(category, name)), name.toLowerCase()) ?? '';
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

// ---- The SDK's other packages: what they no longer publish, and their release pages ----

interface SdkPackageFacts {
  short: string;
  area: 'ecosystem' | 'testing';
  /** The pages of a package split into several, beyond its own. */
  pages?: { slug: string }[];
}
const sdkPackages = (): SdkPackageFacts[] =>
  (JSON.parse(fs.readFileSync(path.join(SITE, 'generated/sdk-model.json'), 'utf8')) as { packages: SdkPackageFacts[] }).packages;
const sdkFile = (short: string): HistoryFile => JSON.parse(fs.readFileSync(path.join(SDK_DIR, `${short}.json`), 'utf8')) as HistoryFile;
type SdkKind = 'export' | 'member' | 'field';
const SDK_KINDS: readonly SdkKind[] = ['export', 'member', 'field'];

/** The export a member or field belongs to (null for an export, or a field of no export the history lists). */
function ownerOf(file: HistoryFile, kind: SdkKind, key: string): string | null {
  if (kind === 'export') return null;
  if (kind === 'member') return key.slice(0, key.indexOf('#'));
  for (let at = key.lastIndexOf('.'); at > 0; at = key.lastIndexOf('.', at - 1)) if (file.items.export?.[key.slice(0, at)] !== undefined) return key.slice(0, at);
  return null;
}
/** A member's or field's own name as the pages write it (`varUInt` for `ComposableBuffer#static.varUInt`). */
const ownName = (kind: SdkKind, key: string, owner: string | null): string => (owner === null ? key : key.slice(owner.length + 1).replace(/^static\./, ''));
const anchorOf = (key: string): string => `removed-${key.replace(/[#.]/g, '-').toLowerCase().replace(/[^a-z0-9_$-]+/g, '-')}`;
/** The text of a heading's section: the heading and what follows it up to the next heading of its level or above. */
function sectionText($: CheerioAPI, id: string, stop: string): string | undefined {
  const heading = $(`article [id="${id}"]`).first();
  if (heading.length === 0) return undefined;
  return `${heading.text()} ${heading.nextUntil(stop).text()}`.replace(/\s+/g, ' ');
}

/** Problems of the links of a built page: a route of the site that the build lacks, or an anchor that page lacks. */
function linkProblems($: CheerioAPI, scope: string): string[] {
  const problems: string[] = [];
  const ids = new Map<string, Set<string>>();
  $(`${scope} a[href]`).each((_, element) => {
    const href = $(element).attr('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    const [route = '', anchor = ''] = href.split('#');
    const file = path.join(BUILD, route.replace(/\/$/, ''), 'index.html');
    if (!ids.has(route)) {
      ids.set(route, fs.existsSync(file) ? new Set([...fs.readFileSync(file, 'utf8').matchAll(/\sid=(?:"([^"]*)"|([^\s"'>]+))/g)].map((match) => match[1] ?? match[2] ?? '')) : new Set(['\u0000missing']));
    }
    const found = ids.get(route) ?? new Set();
    if (found.has('\u0000missing')) problems.push(`${href}: no page`);
    else if (anchor !== '' && !found.has(anchor)) problems.push(`${href}: no #${anchor}`);
  });
  return problems;
}

describe("what the SDK's other packages no longer publish", () => {
  it('every removed export, member and field of generator/history/sdk is on its package page, with the versions that had it and its last declaration', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const pkg of sdkPackages()) {
      const file = sdkFile(pkg.short);
      const $ = page(`${pkg.area}/packages/${pkg.short}`);
      const removedExports = new Set(Object.entries(file.items.export ?? {}).flatMap(([key, entry]) => (entry.last === undefined ? [] : [key])));
      for (const kind of SDK_KINDS) {
        for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
          if (entry.last === undefined) continue;
          checked += 1;
          const owner = ownerOf(file, kind, key);
          // A member or field that went with its export is in the export's entry; the others have one of their own.
          const withOwner = owner !== null && removedExports.has(owner);
          const text = sectionText($, anchorOf(withOwner ? (owner ?? key) : key), 'h2, h3');
          const name = ownName(kind, key, owner);
          // Still published, taken from a base (generator/emit/sdk-history-rules.ts, or a base the history does not
          // cover): no entry, and the base's section (or the class's list of what it inherits) has it.
          const ownerSection = owner === null ? undefined : sectionText($, owner.toLowerCase(), 'h2');
          if (text === undefined && entry.inheritedFrom !== undefined) {
            const base = sdkPackages()
              .flatMap((other) => ['', ...(other.pages ?? []).map((sub) => sub.slug)].map((slug) => page(`${other.area}/packages/${other.short}${slug === '' ? '' : `/${slug}`}`)))
              .map((other) => sectionText(other, entry.inheritedFrom?.toLowerCase() ?? '', 'h2'))
              .find((found) => found?.includes(name));
            if (base === undefined) problems.push(`${pkg.short} ${key}: inherited from ${entry.inheritedFrom}, whose section does not have ${name}`);
          } else if (text === undefined && ownerSection?.includes('Inherited') === true && ownerSection.includes(`${name}()`)) {
            // The pinned class lists it among what it inherits.
          } else if (text === undefined) problems.push(`${pkg.short} ${kind} ${key}: no entry #${anchorOf(withOwner ? (owner ?? key) : key)}`);
          else {
            if (!withOwner && !(text.includes(entry.since) && text.includes(`last in ${entry.last}`))) problems.push(`${pkg.short} ${key}: not "${entry.since}" and "last in ${entry.last}"`);
            if (!text.includes(name)) problems.push(`${pkg.short} ${key}: ${name} not named`);
            if (entry.signature === undefined || !text.includes(entry.signature.split('\n')[0] ?? '')) problems.push(`${pkg.short} ${key}: its last signature is not shown`);
            // Another package's export: `<package>:<name>`.
            const replacement = entry.replacedBy?.includes(':') === true ? (entry.replacedBy.split(':').at(-1) ?? '') : ownName(kind, entry.replacedBy ?? '', owner);
            if (entry.replacedBy !== undefined && !withOwner && !(text.includes('In its place') && text.includes(replacement)))
              problems.push(`${pkg.short} ${key}: replacement ${entry.replacedBy} not named`);
            // A successor a `@deprecated` note names: the note is quoted beside it, as the versions carried it.
            const note = entry.replacedNote?.text.replace(/`/g, '').replace(/\s+/g, ' ');
            if (note !== undefined && !withOwner && !(text.includes(`note of ${entry.replacedNote?.from ?? ''}`) && text.includes(note)))
              problems.push(`${pkg.short} ${key}: the note naming ${entry.replacedBy ?? ''} is not quoted`);
          }
        }
      }
      problems.push(...linkProblems($, 'article').map((problem) => `${pkg.short}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(78);
  });
});

describe("the release pages of the SDK's other packages", () => {
  /** Every event of one package's history: [version, what, kind, key], an item coming or going with its export said by the export. */
  function events(file: HistoryFile): [string, string, SdkKind, string][] {
    const list: [string, string, SdkKind, string][] = [];
    const raw = new Set<string>();
    const memberEvents = new Set<string>();
    for (const [key, entry] of Object.entries(file.items.member ?? {})) {
      const owner = key.slice(0, key.indexOf('#'));
      const next = entry.last === undefined ? [] : [file.versions[file.versions.indexOf(entry.last) + 1] ?? ''];
      for (const version of [entry.since, ...(entry.gaps ?? []).flat(), ...next, ...(entry.changed ?? []).map((change) => change.version)])
        memberEvents.add(`${owner} ${version}`);
    }
    const add = (version: string, what: string, kind: SdkKind, key: string): void => {
      list.push([version, what, kind, key]);
      raw.add(`${version} ${what} ${kind} ${key}`);
    };
    for (const kind of SDK_KINDS) {
      for (const [key, entry] of Object.entries(file.items[kind] ?? {})) {
        add(entry.since, 'added', kind, key);
        for (const [from, to] of entry.gaps ?? []) {
          add(from, 'removed', kind, key);
          add(to, 'added', kind, key);
        }
        const dropped = entry.last === undefined ? undefined : (file.versions[file.versions.indexOf(entry.last) + 1] ?? '');
        // Taken from a base in the release that dropped its own: a change there, not a removal.
        if (dropped !== undefined && entry.inheritedFrom !== undefined && entry.inheritedIn === dropped) list.push([dropped, 'changed', kind, key]);
        else if (dropped !== undefined) add(dropped, 'removed', kind, key);
        for (const change of entry.changed ?? []) {
          // An object constant's type changes with its members: said by the members (below).
          if (kind === 'export' && change.before.startsWith('const ') && memberEvents.has(`${key} ${change.version}`)) continue;
          list.push([change.version, 'changed', kind, key]);
        }
        if (entry.deprecated !== undefined) list.push([entry.deprecated, 'deprecated', kind, key]);
      }
    }
    return list.filter(([version, what, kind, key]) => {
      if (what !== 'added' && what !== 'removed') return true;
      const owner = ownerOf(file, kind, key);
      return owner === null || !raw.has(`${version} ${what} export ${owner}`);
    });
  }

  it("each release's part for each package names every export, member and field it added, changed, deprecated or removed, and a package is listed only where it did", () => {
    const problems: string[] = [];
    let checked = 0;
    const expected = new Set<string>();
    for (const pkg of sdkPackages()) {
      const file = sdkFile(pkg.short);
      for (const [version, what, kind, key] of events(file)) {
        expected.add(`v${version.replace(/\./g, '-')}-${pkg.short}`);
        const $ = page(`ecosystem/packages/releases/v${versionParts(version)[0]}`);
        const id = `v${version.replace(/\./g, '-')}-${pkg.short}`;
        const text = sectionText($, id, 'h2, h3');
        checked += 1;
        const owner = ownerOf(file, kind, key);
        const name = ownName(kind, key, owner);
        const label = { added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed' }[what] ?? what;
        if (text === undefined) problems.push(`${pkg.short} ${version}: no part #${id} (${what} ${key})`);
        else if (!text.includes(label) || !text.includes(name) || (owner !== null && !text.includes(owner))) problems.push(`${pkg.short} ${version}: ${what} ${kind} ${key} not named`);
      }
    }
    // Each package's part of a release is an h3 of that id: as many as the data has releases with something to say.
    const found = new Set<string>();
    for (const major of [...new Set(sdkPackages().flatMap((pkg) => sdkFile(pkg.short).versions.map((version) => versionParts(version)[0])))]) {
      const $ = page(`ecosystem/packages/releases/v${major}`);
      $('article h3[id]').each((_, element) => {
        found.add($(element).attr('id') ?? '');
      });
      problems.push(...linkProblems($, 'article').map((problem) => `v${major}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect([...found].sort()).toEqual([...expected].sort());
    // 847 events in the run committed here.
    expect(checked).toBeGreaterThan(800);
  });
});
