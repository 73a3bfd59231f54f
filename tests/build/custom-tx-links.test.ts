// The custom transaction pages and the package reference point at each other, and every link lands: each type's
// section links its composer class and its interface to their sections on jellyfish-transaction's pages and each
// builder call to the method's section on the builder's pages; the composer's section links back to the byte layout.
// Read from the Markdown twins (what the pages say, sections deferred or not) and held against the built HTML's ids.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import type { SdkReference } from '../../generator/model/sdk';
import { findSection } from '../../server/mcp/docs-data';
import { BUILD, builtPage } from '../support/mcp-pages';

const SITE = 'https://jellyfishsdk.com';
const model = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/custom-tx-model.json'), 'utf8')) as CustomTxReference;
const sdk = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/sdk-model.json'), 'utf8')) as SdkReference;

function twinOf(route: string): string {
  return fs.readFileSync(path.join(BUILD, `${route.replace(/\/$/, '')}.md`), 'utf8');
}

/** The links of a Markdown text to the site (absolute or from the root): text, route, anchor. */
function siteLinks(markdown: string): Array<{ text: string; route: string; anchor: string }> {
  const links: Array<{ text: string; route: string; anchor: string }> = [];
  for (const match of markdown.matchAll(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g)) {
    const href = match[2] ?? '';
    if (!href.startsWith(`${SITE}/`) && !href.startsWith('/')) continue;
    const url = new URL(href, SITE);
    links.push({ text: match[1] ?? '', route: url.pathname, anchor: decodeURIComponent(url.hash.replace(/^#/, '')) });
  }
  return links;
}

/** What is wrong with a link: no built page at its route, or no element with its id there. */
function linkProblem(link: { route: string; anchor: string }): string | undefined {
  const file = path.join(BUILD, ...link.route.split('/').filter((part) => part !== ''), 'index.html');
  if (!fs.existsSync(file)) return `${link.route}: no such page`;
  if (link.anchor !== '' && !builtPage(link.route).ids.has(link.anchor)) return `${link.route}#${link.anchor}: no such heading`;
  return undefined;
}

const ROUTES = ['/ecosystem/custom-transactions/', ...model.families.map((family) => `/ecosystem/custom-transactions/${family.name}`)];

describe('custom transaction pages: links into the package reference', () => {
  it('every link of every section of the overview and the family pages opens an existing page and heading', () => {
    const problems: string[] = [];
    let links = 0;
    for (const route of ROUTES) {
      for (const link of siteLinks(twinOf(route))) {
        links += 1;
        const problem = linkProblem(link);
        if (problem !== undefined) problems.push(`${route} [${link.text}]: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // Each type links at least its composer, its RPC and its layout summary row.
    expect(links).toBeGreaterThan(model.types.length * 3);
  });

  it('each type links its composer class, its interface and its builder calls to their sections, and the composer links back', () => {
    const problems: string[] = [];
    for (const type of model.types) {
      const name = type.className.replace(/^C/, '');
      const label = `${type.letter} · ${name}`;
      const page = twinOf(`/ecosystem/custom-transactions/${type.family}`);
      const section = findSection(page, label);
      if (section === undefined) {
        problems.push(`${label}: no section on ${type.family}`);
        continue;
      }
      const links = siteLinks(section.markdown);
      const composer = links.find((link) => link.text === `\`${type.className}\``);
      if (composer === undefined || !composer.route.startsWith('/ecosystem/packages/jellyfish-transaction') || composer.anchor !== type.className.toLowerCase()) {
        problems.push(`${label}: composer ${JSON.stringify(composer)}`);
        continue;
      }
      // The heading the link opens is the class's, and its section links back to this one.
      const composerSection = findSection(twinOf(composer.route), type.className, composer.anchor);
      const back = siteLinks(composerSection?.markdown ?? '').find((link) => link.text === `The byte layout of ${type.className}`);
      if (back?.route !== `/ecosystem/custom-transactions/${type.family}` || back.anchor !== name.toLowerCase()) problems.push(`${label}: the composer's section links to ${JSON.stringify(back)}`);
      const structure = model.structures[type.className];
      if (structure?.interfaceName) {
        const link = links.find((candidate) => candidate.text === `\`${structure.interfaceName}\``);
        if (link === undefined || link.anchor !== structure.interfaceName.toLowerCase()) problems.push(`${label}: interface ${structure.interfaceName} not linked`);
      }
      for (const call of type.builderCalls) {
        const link = links.find((candidate) => candidate.text === `\`builder.${call.group}.${call.method}\``);
        if (link === undefined || !link.route.startsWith('/ecosystem/packages/jellyfish-transaction-builder/')) {
          problems.push(`${label}: builder.${call.group}.${call.method} not linked to the builder's pages`);
          continue;
        }
        const method = findSection(twinOf(link.route), call.method, link.anchor);
        if (method === undefined || !link.anchor.endsWith(`-${call.method.toLowerCase()}`)) problems.push(`${label}: builder.${call.group}.${call.method} opens #${link.anchor}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the overview’s summary links every builder call, and each nested structure to its class on the package page', () => {
    const overview = twinOf('/ecosystem/custom-transactions/');
    const links = siteLinks(overview);
    const calls = model.types.flatMap((type) => type.builderCalls.map((call) => `\`${call.group}.${call.method}\``));
    const linked = new Set(links.filter((link) => link.route.startsWith('/ecosystem/packages/jellyfish-transaction-builder/')).map((link) => link.text));
    expect(calls.filter((call) => !linked.has(call))).toEqual([]);
    // A structure whose class the package reference shows (the model of the SDK has it) links there; one it does not
    // (a class the package neither exports nor names in an exported type) stays code.
    const shown = new Set(sdk.packages.find((pkg) => pkg.short === 'jellyfish-transaction')?.exports.concat(sdk.packages.find((pkg) => pkg.short === 'jellyfish-transaction')?.internal ?? []).map((id) => sdk.symbols[id]?.name));
    const nested = Object.values(model.structures).filter((structure) => !model.types.some((type) => type.className === structure.className));
    expect(nested.filter((structure) => shown.has(structure.className)).length).toBeGreaterThan(5);
    const toClasses = new Set(links.filter((link) => /^\/ecosystem\/packages\/jellyfish-transaction(\/|$)/.test(link.route)).map((link) => link.text));
    for (const structure of nested) expect(toClasses.has(`\`${structure.className}\``), structure.className).toBe(shown.has(structure.className));
  });
});
