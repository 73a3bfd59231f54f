// The node's own RPCs: a page per node category of the RPCs that no SDK method calls (their help, arguments, a
// `client.call` sample, what the node must run with, the release that added each and what later releases changed),
// the line the typed RPC sections carry about the node release, and a page per major line of the node's releases.
import type { JsonValue, NodeRpc, NodeRpcArg, NodeRpcCatalog, NodeRpcChange, NodeRpcNeed, RpcReference } from '../model/types';
import { NODE_NEED_WORDS, sourceUrl } from '../model/queries';
import { methodAnchor, nodeOnlyPageRoute, nodeReleaseAnchor, nodeReleasePageRoute, rpcMethodHref } from '../model/routes';
import { rpcErrorsBlock } from './errors';
import { EXAMPLE_CLIENT_URL } from './rpc-example';
import {
  codeBlock,
  deferredSection,
  definitionList,
  escapeDocLine,
  frontMatter,
  heading,
  inlineCode,
  LINK_IMPORT,
  markdownLink,
  table,
  tabs,
  TABS_IMPORTS,
} from './mdx';

/** The tab group of the RPC pages' examples, so that a reader's choice of language holds here too. */
const EXAMPLE_TABS_GROUP = 'rpc-example-language';
const EXAMPLE_RPC_URL = 'http://127.0.0.1:8554/';
/** The precision the samples parse numbers with: plain JavaScript numbers (jellyfish-json's `'number'`). */
const SAMPLE_PRECISION = 'number';

/** Where a node RPC is told: the section of the SDK method that calls it, else its section on a node-only page. */
function nodeRpcHref(reference: RpcReference, name: string): string | null {
  for (const category of reference.categories) {
    const method = category.methods.find((candidate) => candidate.rpc.names.includes(name));
    if (method !== undefined) return rpcMethodHref(reference, category.name, method.name);
  }
  const rpc = reference.nodeRpcs?.rpcs.find((candidate) => candidate.name === name);
  return rpc === undefined ? null : `${nodeOnlyPageRoute(rpc.page)}#${methodAnchor(rpc)}`;
}

function tagLink(tag: string): string {
  const major = Number(tag.slice(1).split('.')[0]);
  return markdownLink(`${nodeReleasePageRoute(major)}#${nodeReleaseAnchor(tag)}`, tag);
}

function list(names: readonly string[]): string {
  return names.map((name) => inlineCode(name)).join(', ');
}

/** A change in words: "v2.3.0 added the argument `x`". */
function changeWords(change: NodeRpcChange): string {
  switch (change.kind) {
    case 'added':
      return `${tagLink(change.tag)} registered it again`;
    case 'removed':
      return `${tagLink(change.tag)} removed it`;
    case 'category':
      return `${tagLink(change.tag)} moved it from the ${inlineCode(change.from)} category to ${inlineCode(change.to)}`;
    case 'args': {
      const parts: string[] = [];
      if (change.added.length > 0) parts.push(`added ${change.added.length === 1 ? 'the argument' : 'the arguments'} ${list(change.added)}`);
      if (change.removed.length > 0) parts.push(`removed ${list(change.removed)}`);
      for (const renamed of change.renamed) parts.push(`renamed ${inlineCode(renamed.from)} to ${inlineCode(renamed.to)}`);
      if (parts.length === 0) parts.push(`changed the arguments' order to ${list(change.after)}`);
      return `${tagLink(change.tag)} ${parts.join(', ')}`;
    }
  }
}

/** Whether a release comes after the catalog's pinned node. */
function isNewer(catalog: NodeRpcCatalog, tag: string): boolean {
  return catalog.tags.indexOf(tag) > catalog.tags.indexOf(catalog.tag);
}

/** "Added in node v1.0.0; v2.3.0 added the argument `x`. Newer nodes: v4.1.0 removed it." */
function nodeHistorySentence(catalog: NodeRpcCatalog, rpc: NodeRpc): string {
  const earlier = rpc.changes.filter((change) => !isNewer(catalog, change.tag));
  const later = rpc.changes.filter((change) => isNewer(catalog, change.tag));
  const parts = [`Added in node ${tagLink(rpc.added)}${earlier.length === 0 ? '' : `; since then ${earlier.map(changeWords).join('; ')}`}.`];
  const newest = catalog.tags.at(-1) ?? catalog.tag;
  parts.push(
    later.length === 0 ? `Newer nodes (to ${newest}) register it unchanged.` : `Newer nodes than ${catalog.tag}: ${later.map(changeWords).join('; ')}.`,
  );
  return parts.join(' ');
}

/**
 * What the typed sections' "Node RPC" line adds about the node's history of an RPC, kept short (the typed pages are
 * the heaviest of the site; the node-only sections say it in full): ", since defid v2.0.0" and the later changes, if
 * any ("; v2.3.0 added the argument `x`"). Empty for an RPC the catalog does not hold.
 */
export function nodeSince(catalog: NodeRpcCatalog | undefined, name: string): string {
  const rpc = catalog?.rpcs.find((candidate) => candidate.name === name);
  if (catalog === undefined || rpc === undefined) return '';
  return `, since defid ${tagLink(rpc.added)}${rpc.changes.map((change) => `; ${changeWords(change)}`).join('')}`;
}

/** The help's text as prose: its paragraphs, each line escaped (the node's help wraps its lines by hand). */
function helpProse(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeDocLine(line.trim()))
        .filter((line) => line !== '')
        // A line that ends without punctuation before one that starts a sentence or an item ends a sentence the help
        // did not close ("Mark … as abandoned" / "This will …"): a line break keeps them apart; other lines run on.
        .reduce((text, line) => (text === '' ? line : /[.,;:!?(]$/.test(text) || !/^[A-Z0-9-]/.test(line) ? `${text} ${line}` : `${text}\\\n${line}`), ''),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

function presence(arg: NodeRpcArg): string {
  if (arg.presence === 'required') return 'required';
  if (arg.presence === 'optional' || arg.default === null) return 'optional';
  return `optional, default ${inlineCode(arg.default, true)}`;
}

function argRows(rpc: NodeRpc, args: readonly NodeRpcArg[], prefix: string, top: boolean): string[][] {
  return args.flatMap((arg) => {
    const name = arg.name === '' ? `${prefix}[]` : `${prefix}${prefix === '' ? '' : '.'}${arg.name}`;
    const since = top ? rpc.argsSince[arg.name] : undefined;
    const facts = [inlineCode(arg.type.toLowerCase(), true), presence(arg)];
    if (since !== undefined && since !== rpc.added) facts.push(`since ${since}`);
    const description = arg.description
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => escapeDocLine(line, true))
      .join(' ');
    return [[inlineCode(name, true), ...facts, description], ...argRows(rpc, arg.inner, name, false)];
  });
}

/** The help's argument names against the table's, where they part: named parameters go by the table's. */
function namedParamsNote(rpc: NodeRpc): string | null {
  const help = rpc.args.map((arg) => arg.name);
  const tableNames = rpc.tableArgs.map((arg) => arg.split('|')[0] ?? arg);
  if (help.join() === tableNames.join()) return null;
  const tableText = tableNames.length === 0 ? 'none' : list(tableNames);
  const helpText = help.length === 0 ? 'none' : list(help);
  return `**Named parameters:** the node's RPC table names this RPC's arguments ${tableText}, and the node takes named parameters by those names; its help names them ${helpText}. Positional params, as the sample sends them, are not affected.`;
}

function needsLine(catalog: NodeRpcCatalog, needs: readonly NodeRpcNeed[]): string {
  if (needs.length === 0) return '**Needs:** nothing beyond a running node: its handler asks for no wallet, index or option.';
  const repository = { repositoryUrl: catalog.repository, tag: catalog.tag };
  const items = needs.map(
    (need) =>
      `- ${NODE_NEED_WORDS[need.need]}: ${markdownLink(sourceUrl(repository, need.at.path, need.at.line), `${need.at.path}:${need.at.line}`)} ${inlineCode(need.text)}`,
  );
  return `**Needs:**\n\n${items.join('\n')}`;
}

/** The params as the sample writes them: JSON, on one line when short. */
function paramsCode(params: readonly JsonValue[]): string {
  const flat = JSON.stringify(params);
  return flat.length <= 60 ? flat : JSON.stringify(params, null, 2);
}

interface NodeSample {
  fileName: string;
  typescript: string;
  curl: string;
}

/** The sample of an RPC: `client.call` through JsonRpcClient, and the same request as curl. */
function nodeSample(rpc: NodeRpc): NodeSample | null {
  if (rpc.sample === null) return null;
  const typescript = [
    "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
    '',
    `const client = new JsonRpcClient('${EXAMPLE_CLIENT_URL}');`,
    `const result: unknown = await client.call(${JSON.stringify(rpc.name).replace(/^"|"$/g, "'")}, ${paramsCode(rpc.sample.params)}, '${SAMPLE_PRECISION}');`,
    '',
  ].join('\n');
  const body = `{"jsonrpc":"1.0","id":"docs","method":${JSON.stringify(rpc.name)},"params":${JSON.stringify(rpc.sample.params)}}`;
  const curl = [
    `curl --user user:pass --header 'Content-Type: application/json' \\`,
    `  --data-binary '${body.replace(/'/g, "'\\''")}' \\`,
    `  ${EXAMPLE_RPC_URL}`,
    '',
  ].join('\n');
  return { fileName: `node-only.${rpc.name}.ts`, typescript, curl };
}

function renderSection(reference: RpcReference, catalog: NodeRpcCatalog, rpc: NodeRpc): { mdx: string; sample: NodeSample | null } {
  const repository = { repositoryUrl: catalog.repository, tag: catalog.tag };
  const parts = [heading(2, rpc.name, methodAnchor(rpc))];
  parts.push(nodeHistorySentence(catalog, rpc));
  const description = helpProse(rpc.description);
  parts.push(description === '' ? `The node's help gives ${inlineCode(rpc.name)} no description.` : description);
  if (rpc.args.length > 0) parts.push(`**Arguments** (positional, in this order):\n\n${definitionList(argRows(rpc, rpc.args, '', true))}`);
  else parts.push('**Arguments:** none.');
  const named = namedParamsNote(rpc);
  if (named !== null) parts.push(named);
  parts.push(needsLine(catalog, rpc.needs));
  const sample = nodeSample(rpc);
  if (rpc.sample !== null && rpc.sample.misfits.length > 0)
    parts.push(
      `The sample sends the params of the node's own example, which do not fit the types its help gives the arguments: ${rpc.sample.misfits.map((misfit) => escapeDocLine(misfit)).join('; ')}.`,
    );
  if (sample !== null) {
    parts.push(
      tabs(EXAMPLE_TABS_GROUP, [
        { value: 'typescript', label: 'TypeScript', content: codeBlock('ts', sample.typescript, sample.fileName) },
        { value: 'curl', label: 'JSON-RPC (curl)', content: codeBlock('bash', sample.curl) },
      ]),
    );
  }
  for (const result of rpc.results) {
    const title = result.condition === '' ? "Result, as the node's help writes it" : `Result ${result.condition.trim()}, as the node's help writes it`;
    parts.push(codeBlock('text', result.text.trimEnd(), title));
  }
  if (rpc.results.length === 0) parts.push('**Result:** none; the node answers `null`.');
  // The help's curl lines repeat its defi-cli lines as a request, which the sample's curl above already shows.
  const examples = rpc.examples
    .split('\n')
    .filter((line) => !line.startsWith('> curl '))
    .join('\n')
    .replace(/\n(?:As a JSON-RPC call|As a json rpc call)\s*$/i, '')
    .trim();
  if (examples !== '') parts.push(codeBlock('text', examples, "Examples from the node's help (defi-cli)"));
  if (rpc.errors && reference.errors) parts.push(rpcErrorsBlock(rpc.errors, reference.errors));
  const links = [markdownLink(sourceUrl(repository, rpc.source.table.path, rpc.source.table.line), `Table entry of ${rpc.name} (${catalog.tag})`)];
  if (rpc.source.help !== null) links.push(markdownLink(sourceUrl(repository, rpc.source.help.path, rpc.source.help.line), `its help`));
  parts.push(links.join(' · '));
  return { mdx: deferredSection(parts[0] as string, parts.slice(1)), sample };
}

export interface NodeOnlyPage {
  /** The page's file name: the node's category, `<category>-<n>` for a further part of it. */
  page: string;
  mdx: string;
  samples: NodeSample[];
}

/** A page per node category that has RPCs no SDK method calls. */
export function renderNodeOnlyPages(reference: RpcReference): NodeOnlyPage[] {
  const catalog = reference.nodeRpcs;
  if (catalog === undefined) return [];
  const untyped = catalog.rpcs.filter((rpc) => !rpc.typed);
  const pages = [...new Set(untyped.map((rpc) => rpc.page))].sort();
  return pages.map((page, index) => {
    const rpcs = untyped.filter((rpc) => rpc.page === page);
    const category = rpcs[0]?.category ?? page;
    const parts = [...new Set(untyped.filter((rpc) => rpc.category === category).map((rpc) => rpc.page))];
    const part = parts.indexOf(page);
    const inCategory = untyped.filter((rpc) => rpc.category === category).length;
    const typedHere = catalog.rpcs.filter((rpc) => rpc.typed && rpc.category === category);
    const sections = rpcs.map((rpc) => renderSection(reference, catalog, rpc));
    const partLine =
      parts.length === 1
        ? ''
        : ` This is part ${part + 1} of ${parts.length} (${inlineCode(rpcs[0]?.name ?? '')} to ${inlineCode(rpcs.at(-1)?.name ?? '')}); ` +
          parts
            .filter((other) => other !== page)
            .map((other) => markdownLink(nodeOnlyPageRoute(other), `part ${parts.indexOf(other) + 1}`))
            .join(', ') +
          ' has the others.';
    const intro = [
      `The RPCs of the node's ${inlineCode(category)} category that no method of ${inlineCode(reference.package.name)} ${reference.package.version} calls: ${inCategory} of the ${catalog.rpcs.length} that ${inlineCode('defid')} ${catalog.tag} registers.${partLine} ` +
        (typedHere.length === 0
          ? 'The SDK types none of this category.'
          : `The SDK types the other ${typedHere.length} of this category: ${typedHere.map((rpc) => markdownLink(nodeRpcHref(reference, rpc.name) ?? '', rpc.name)).join(', ')}.`),
      `Each is reached through ${inlineCode('client.call(method, params, precision)')}, which sends the params as given and parses the answer's numbers with the precision (here ${inlineCode(SAMPLE_PRECISION)}: plain numbers), and returns it untyped. ` +
        `The arguments, results and examples are the node's own help (its ${inlineCode('RPCHelpMan')} at ${catalog.tag}); a sample's params come from the help's ${inlineCode('defi-cli')} example, or are written here where that example does not fit the help's own argument types (a word such as ${inlineCode('txid')} where a hash goes), and each sample ran against a stand-in node that answered with the value the help's result draws.`,
    ];
    const description = `The ${category} RPCs of defid ${catalog.tag} that the SDK does not type: arguments, results, a client.call sample, errors, the node release that added each, and what the node must run with.`;
    const mdx = [
      frontMatter({
        title: parts.length === 1 ? `${category} (node only)` : `${category} (node only, part ${part + 1})`,
        sidebar_label: parts.length === 1 ? category : `${category} (${part + 1})`,
        sidebar_position: index + 1,
        description,
      }),
      [...TABS_IMPORTS, LINK_IMPORT].join('\n'),
      '{/* Generated by `npm run generate` from generator/node-rpcs. Do not edit: changes are overwritten. */}',
      ...intro,
      ...sections.map((section) => section.mdx),
    ].join('\n\n');
    return { page, mdx: `${mdx}\n`, samples: sections.map((section) => section.sample).filter((sample): sample is NodeSample => sample !== null) };
  });
}

/** The node-only folder's own page (its sidebar category's link): every page with its category and RPCs. */
export function renderNodeOnlyIndex(reference: RpcReference): string | null {
  const catalog = reference.nodeRpcs;
  if (catalog === undefined) return null;
  const untyped = catalog.rpcs.filter((rpc) => !rpc.typed);
  const pages = [...new Set(untyped.map((rpc) => rpc.page))].sort();
  const rows = pages.map((page) => {
    const rpcs = untyped.filter((rpc) => rpc.page === page);
    return [
      markdownLink(nodeOnlyPageRoute(page), page),
      inlineCode(rpcs[0]?.category ?? page, true),
      String(rpcs.length),
      rpcs.map((rpc) => inlineCode(rpc.name, true)).join(', '),
    ];
  });
  const description = `The ${untyped.length} RPCs of defid ${catalog.tag} that no method of ${reference.package.name} calls, a page per node category, each reached with client.call.`;
  const mdx = [
    frontMatter({ title: 'Node only (not typed by the SDK)', sidebar_label: 'Node only', description }),
    '{/* Generated by `npm run generate` from generator/node-rpcs. Do not edit: changes are overwritten. */}',
    `${inlineCode('defid')} ${catalog.tag} registers ${catalog.rpcs.length} RPCs; ${catalog.rpcs.length - untyped.length} of them have a typed method in ${inlineCode(reference.package.name)} ${reference.package.version}, in the categories before this one. ` +
      `The other ${untyped.length} are told here from the node's own help, a page per category of the node's ${inlineCode('help')}, and reached with ${inlineCode('client.call(method, params, precision)')}.`,
    table(['Page', 'Node category', 'RPCs', 'Names'], rows),
  ].join('\n\n');
  return `${mdx}\n`;
}

// ---------------------------------------------------------------- release pages

export interface NodeReleasePage {
  fileName: string;
  mdx: string;
}

interface ReleaseFacts {
  added: string[];
  removed: string[];
  changed: { name: string; words: string }[];
}

function releaseFacts(catalog: NodeRpcCatalog): Map<string, ReleaseFacts> {
  const facts = new Map<string, ReleaseFacts>(catalog.tags.map((tag) => [tag, { added: [], removed: [], changed: [] }]));
  const all: { name: string; changes: NodeRpcChange[] }[] = [
    ...catalog.rpcs.map((rpc) => ({ name: rpc.name, changes: [{ tag: rpc.added, kind: 'added' as const, args: [] }, ...rpc.changes] })),
    ...catalog.others.map((other) => ({ name: other.name, changes: other.changes })),
  ];
  for (const { name, changes } of all) {
    for (const change of changes) {
      const entry = facts.get(change.tag);
      if (entry === undefined) continue;
      if (change.kind === 'added') entry.added.push(name);
      else if (change.kind === 'removed') entry.removed.push(name);
      else entry.changed.push({ name, words: changeWords(change).replace(/^\[[^\]]*\]\([^)]*\) /, '') });
    }
  }
  for (const entry of facts.values()) {
    entry.added.sort();
    entry.removed.sort();
    entry.changed.sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  return facts;
}

/** A page per major line of the node's releases: what each release added, changed and removed in the RPC tables. */
export function renderNodeReleasePages(reference: RpcReference): NodeReleasePage[] {
  const catalog = reference.nodeRpcs;
  if (catalog === undefined) return [];
  const facts = releaseFacts(catalog);
  const name = (rpc: string): string => {
    const href = nodeRpcHref(reference, rpc);
    return href === null ? inlineCode(rpc) : `[${inlineCode(rpc)}](${href})`;
  };
  const majors = [...new Set(catalog.tags.map((tag) => Number(tag.slice(1).split('.')[0])))];
  return majors.map((major) => {
    const tags = catalog.tags.filter((tag) => Number(tag.slice(1).split('.')[0]) === major);
    const sections = [...tags].reverse().map((tag) => {
      const entry = facts.get(tag) ?? { added: [], removed: [], changed: [] };
      const previous = catalog.tags[catalog.tags.indexOf(tag) - 1];
      const count = catalog.counts[tag] ?? 0;
      const parts = [heading(2, tag, nodeReleaseAnchor(tag))];
      const pinned = tag === catalog.tag ? ` This is the node the reference pins (the one ${inlineCode('@defichain/testcontainers')} runs).` : '';
      const newer = isNewer(catalog, tag) ? ' Newer than the node the reference pins.' : '';
      parts.push(`${count} RPCs.${pinned}${newer}`);
      if (entry.added.length + entry.removed.length + entry.changed.length === 0)
        parts.push(previous === undefined ? 'The first release read.' : `The same RPCs and arguments as ${previous}.`);
      if (entry.added.length > 0) parts.push(`**Added** (${entry.added.length})\n\n${entry.added.map((rpc) => `- ${name(rpc)}`).join('\n')}`);
      if (entry.changed.length > 0) parts.push(`**Changed**\n\n${entry.changed.map((change) => `- ${name(change.name)}: ${change.words}`).join('\n')}`);
      if (entry.removed.length > 0) parts.push(`**Removed** (${entry.removed.length})\n\n${entry.removed.map((rpc) => `- ${inlineCode(rpc)}`).join('\n')}`);
      return parts.join('\n\n');
    });
    const first = tags[0] ?? '';
    const last = tags.at(-1) ?? '';
    const intro = [
      `What each ${major}.x release of the node (${inlineCode('defid')}, ${markdownLink(catalog.repository, 'DeFiCh/ain')}) added, changed and removed in its RPC tables, against the release before it: ${tags.length} ${tags.length === 1 ? 'release' : 'releases'}, ${first === last ? first : `from ${first} to ${last}`}, newest first.`,
      `Read from the ${inlineCode('CRPCCommand')} tables in the sources at each release tag (release candidates, alpha and beta tags left out): an RPC's name, its category and its argument names. ` +
        `A change of an argument's type or meaning that keeps its name is not seen here. Names link to their section in this reference where ${catalog.tag} registers them.`,
    ];
    const description = `What each ${major}.x release of defid (${first === last ? first : `${first} to ${last}`}) added, changed and removed in its RPCs, from the node's sources.`;
    const mdx = [
      frontMatter({ title: `defid ${major}.x releases`, sidebar_label: `defid ${major}.x`, sidebar_position: 200 - major, description }),
      '{/* Generated by `npm run generate` from generator/node-rpcs. Do not edit: changes are overwritten. */}',
      ...intro,
      ...sections,
    ].join('\n\n');
    return { fileName: `defid-v${major}.mdx`, mdx: `${mdx}\n` };
  });
}
