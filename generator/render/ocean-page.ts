// Renders one Ocean REST API category page (MDX) and the partial that lists every category on the Ocean overview.
import type {
  OceanCategory,
  OceanDocCorrection,
  OceanEndpoint,
  OceanParameter,
  OceanReference,
  OceanRpcWhitelist,
  Parameter,
  TypeDeclaration,
} from '../model/types';
import {
  admonition,
  codeBlock,
  definitionList,
  docToCell,
  docToMdx,
  escapeDocLine,
  paramTextCell,
  frontMatter,
  heading,
  inlineCode,
  LINK_IMPORT,
  markdownLink,
  table,
  tabs,
  TABS_IMPORTS,
  deferredSection,
  deprecationAdmonition,
} from './mdx';
import { renderEndpointExample, type EndpointExample, type ExternalEnum } from './ocean-example';
import { renderTypeSection, typeToMarkdown, type ReferenceNamer } from './types';
import { changeVersions, historyFacts, historyLine, type HistoryExtra } from './history';
import { oceanErrorsBlock } from './errors';
import { objectShapes, oceanBaseUrl, oceanEndpointPath, sourceUrl } from '../model/queries';
import { endpointAnchor, ERRORS_LINK, OCEAN_ROUTE, oceanPageRoute, oceanTypeAnchors, oceanTypeHome, oceanTypeHref, PAGINATION_LINK } from '../model/routes';
import { categoryTitle, endpointTitle } from '../model/titles';

/** Tabs of every example share this group, so the reader's choice holds across endpoints and pages. */
const OCEAN_TABS_GROUP = 'ocean-example-language';

/** Links of a page's type names: to the section on the page, on the type's home page (`elsewhere`), or to another package's page. */
function pageNamer(
  anchors: ReadonlyMap<string, string>,
  externalLinks: Readonly<Record<string, string>>,
  elsewhere: ReadonlyMap<string, string> = new Map(),
): ReferenceNamer {
  return (reference) => {
    if (reference.target.kind === 'declared') {
      const anchor = anchors.get(reference.target.id);
      return { name: reference.name, href: elsewhere.get(reference.target.id) ?? (anchor === undefined ? undefined : `#${anchor}`) };
    }
    if (reference.target.kind === 'external') {
      return { name: reference.name, href: externalLinks[`${reference.target.module}#${reference.target.name}`] };
    }
    return { name: reference.name };
  };
}

/** What the client sends when the argument is left out; for a path parameter, the text it writes in its place. */
function defaultCell(parameter: OceanParameter): string {
  return parameter.defaultValue === null ? '' : inlineCode(parameter.defaultValue.text, true);
}

function parameterRows(reference: OceanReference, endpoint: OceanEndpoint, namer: ReferenceNamer): string[][] {
  const network = [
    inlineCode('network', true),
    'path',
    inlineCode('string', true),
    'required',
    `default ${inlineCode(reference.defaults.network, true)}`,
    `The chain to query: the client sends its ${inlineCode('network', true)} option.`,
  ];
  const rows = endpoint.parameters.map((parameter: OceanParameter) => {
    // Name the client argument where it is not simply the parameter's name (`option.size`, a fixed value).
    const fromClient =
      parameter.argument === ''
        ? 'Fixed by the client.'
        : parameter.argument === parameter.name
          ? ''
          : `Client argument ${inlineCode(parameter.argument, true)}.`;
    // Package descriptions are often fragments without a full stop; close them before the next sentence.
    const described = paramTextCell(parameter.name, parameter.description);
    const text = described === '' || /[.!?:)]$/.test(described) ? described : `${described}.`;
    return [
      inlineCode(parameter.name, true),
      parameter.in,
      typeToMarkdown(parameter.type, namer),
      parameter.required ? 'required' : 'optional',
      defaultCell(parameter) === '' ? '' : `default ${defaultCell(parameter)}`,
      ...historyFacts(parameter.history, endpoint.history?.since ?? null, changeVersions(endpoint.history)),
      [text === '' ? 'Not described in the package.' : text, fromClient].filter((part) => part !== '').join(' '),
    ];
  });
  return [network, ...rows, ...bodyRows(reference, endpoint, namer)];
}

/** Every field of the request body's object type, with its requirement, whether or not the package documents it. */
function bodyRows(reference: OceanReference, endpoint: OceanEndpoint, namer: ReferenceNamer): string[][] {
  if (endpoint.body === null) return [];
  const argument = endpoint.body.argument;
  return objectShapes(reference.types, endpoint.body.type).flatMap((shape) =>
    shape.fields.map(({ field }) => {
      const described = paramTextCell(field.name, field.doc.text);
      const text = described === '' || /[.!?:)]$/.test(described) ? described : `${described}.`;
      const fromClient = argument === null ? '' : `Client argument ${inlineCode(`${argument}.${field.name}`, true)}.`;
      return [
        inlineCode(field.name, true),
        'body',
        typeToMarkdown(field.type, namer),
        field.optional ? 'optional' : 'required',
        '',
        [text === '' ? 'Not described in the package.' : text, fromClient].filter((part) => part !== '').join(' '),
      ];
    }),
  );
}

function responseLine(endpoint: OceanEndpoint, namer: ReferenceNamer): string {
  const type = typeToMarkdown(endpoint.dataType, namer, false);
  if (endpoint.response === 'list') {
    return (
      `**Response:** a page of items: ${inlineCode('data')} is an array of ${type}. ${inlineCode('page.next')} comes with every full page, the last one included, ` +
      `so the call after a full last page answers an empty ${inlineCode('data')} without ${inlineCode('page')}. ` +
      `The client resolves to an ${inlineCode('ApiPagedResponse')}, an array of those items that remembers the page token.`
    );
  }
  if (endpoint.dataType.kind === 'intrinsic' && endpoint.dataType.name === 'void') {
    return `**Response:** an envelope without ${inlineCode('data')}; the client resolves to ${inlineCode('undefined')} once the API accepts the request.`;
  }
  if (endpoint.dataType.kind === 'typeParameter') {
    return `**Response:** ${inlineCode('data')} is whatever the call's type argument ${inlineCode(endpoint.dataType.name)} says; the method reads the body itself (as text, parsed with the precision you ask for) rather than through the client's generic JSON handling.`;
  }
  if (endpoint.response === 'raw') {
    return `**Response:** ${inlineCode('data')} is ${type}; the method reads the body itself (as text, parsed with the precision you ask for) rather than through the client's generic JSON handling.`;
  }
  return `**Response:** ${inlineCode('data')} is ${type}.`;
}

/**
 * What a list endpoint's pages do, as the server (apps/whale-api) makes them: `page.next` on every full page, the cap
 * on `size` that lowers a larger one, and what else this list does (endpoint.paging, from pagination.json).
 */
function paginationNote(reference: OceanReference, endpoint: OceanEndpoint): string {
  const paging = endpoint.paging;
  if (paging === undefined) throw new Error(`render: no server paging for ${endpoint.name} (generator/examples/ocean/pagination.json)`);
  const size = endpoint.parameters.find((parameter) => parameter.name === 'size')?.defaultValue?.text;
  // `apps/whale-api/src/…/governance.service.ts#L38` links as "governance.service.ts line 38" at the client's tag.
  const cite = (source: string): string => {
    const [file = '', line] = source.split('#');
    const label = `${file.split('/').at(-1) ?? file}${line === undefined ? '' : ` ${line.replace(/^L/, 'line ')}`}`;
    return markdownLink(sourceUrl(reference.package, source, null), label);
  };
  const capSource = cite(paging.maxSizeSource);
  const body = [
    `One call returns at most ${inlineCode('size')} items${size ? ` (the client asks for ${size} unless told otherwise)` : ''}, and this endpoint at most ${paging.maxSize}: ` +
      `the server lowers a larger ${inlineCode('size')} to ${paging.maxSize} instead of refusing it (${capSource}). A ${inlineCode('size')} below 1, or not a whole number, is refused with 422.`,
    `The server sets ${inlineCode('page.next')} whenever a page comes back full, so the last full page carries one too and the call after it answers an empty list. ` +
      `Pass ${inlineCode('page.next')} back as ${inlineCode('next')} for the following page, or hand the result to ${inlineCode('client.paginate()')}; stop at a page without ${inlineCode('page.next')} or an empty one.`,
    ...paging.notes.map((note) => `${escapeDocLine(note.text.replace(/\.$/, ''))} (${cite(note.source)}).`),
    `${markdownLink(PAGINATION_LINK, 'How pagination works')}.`,
  ];
  return admonition('tip', 'Pagination', body.join(' '));
}

/**
 * The flag beside a comment that is plainly another method's: which method it belongs to, and what the server's own
 * code says the endpoint does, quoted and linked (generator/examples/ocean/doc-corrections.json).
 */
function docCorrectionNote(reference: OceanReference, correction: OceanDocCorrection): string {
  const [category = '', method = ''] = correction.sameAs.split('.');
  const [file = '', lines = ''] = correction.source.split('#');
  const where = `${file.split('/').at(-1) ?? file}${lines === '' ? '' : ` ${lines.replace(/^L(\d+)-L(\d+)$/, 'lines $1–$2').replace(/^L(\d+)$/, 'line $1')}`}`;
  return admonition(
    'warning',
    "Another method's comment",
    `The package gives this method the comment of [${inlineCode(correction.sameAs)}](${oceanPageRoute(category)}#${endpointAnchor({ name: method })}), word for word. ` +
      `The server's code describes this endpoint as: “${escapeDocLine(correction.serverText)}” (${markdownLink(sourceUrl(reference.package, correction.source, null), where)}).`,
  );
}

/** Method parameters that travel in neither the URL nor the body (e.g. the JSON precision of `rpc.call`). */
function clientOnlyParameters(endpoint: OceanEndpoint): Parameter[] {
  const used = new Set<string>();
  for (const parameter of endpoint.parameters) used.add(parameter.argument.split('.')[0] ?? '');
  if (endpoint.body !== null) {
    if (endpoint.body.argument !== null) used.add(endpoint.body.argument.split('.')[0] ?? '');
    else if (endpoint.body.type.kind === 'object') for (const field of endpoint.body.type.fields) used.add(field.name);
  }
  return endpoint.signature.parameters.filter((parameter) => !used.has(parameter.name));
}

/** "Replaces `poolpair.get` (last in 0.5.8)": endpoints a recent release dropped for this one. */
function replacedHere(reference: OceanReference, category: OceanCategory, endpoint: OceanEndpoint): HistoryExtra[] {
  return (reference.history?.removed ?? [])
    .filter((removed) => removed.replacedBy?.category === category.name && removed.replacedBy.name === endpoint.name)
    .map((removed) => ['replaces ', { code: removed.key }, `, dropped in ${removed.removedIn}`]);
}

function renderEndpointSection(
  reference: OceanReference,
  category: OceanCategory,
  endpoint: OceanEndpoint,
  namer: ReferenceNamer,
  example: EndpointExample,
): string {
  const doc = endpoint.signature.doc;
  const parts = [heading(2, endpointTitle(category, endpoint), endpointAnchor(endpoint))];
  const history = historyLine(endpoint.history, replacedHere(reference, category, endpoint));
  if (history !== null) parts.push(history);
  if (doc.deprecated !== null) {
    parts.push(deprecationAdmonition('this method', doc.deprecated, null, endpoint.history?.deprecated ?? null));
  }
  parts.push(`${inlineCode(endpoint.httpMethod)} ${inlineCode(oceanEndpointPath(reference, endpoint))}`);
  parts.push(
    doc.text === ''
      ? `The package gives ${inlineCode(`${category.name}.${endpoint.name}`)} no description; its path and types below say what it takes and returns.`
      : docToMdx(doc.text),
  );
  if (endpoint.docCorrection !== undefined) parts.push(docCorrectionNote(reference, endpoint.docCorrection));
  parts.push(definitionList(parameterRows(reference, endpoint, namer)));
  if (endpoint.body !== null) {
    const type = typeToMarkdown(endpoint.body.type, namer, false);
    const how = endpoint.body.serializer === null ? 'JSON' : `JSON written by ${inlineCode(endpoint.body.serializer)}`;
    const from = endpoint.body.argument === null ? '' : ` (client argument ${inlineCode(endpoint.body.argument)})`;
    const bodyText = paramTextCell(endpoint.body.argument ?? 'body', endpoint.body.description);
    const description = bodyText === '' ? '' : ` ${/[.!?:)]$/.test(bodyText) ? bodyText : `${bodyText}.`}`;
    parts.push(`**Request body:** ${how}, ${type}${from}.${description}`);
  }
  const clientOnly = clientOnlyParameters(endpoint);
  if (clientOnly.length > 0) {
    const items = clientOnly.map((parameter) => {
      const text = paramTextCell(parameter.name, parameter.description);
      return `${inlineCode(parameter.name)} (${typeToMarkdown(parameter.type, namer, false)})${text === '' ? '' : `: ${text}`}`;
    });
    parts.push(`**Used by the client only, not sent:** ${items.join('; ')}.`);
  }
  if (endpoint.pathNotes.length > 0) {
    parts.push(admonition('note', 'How the client builds this request', endpoint.pathNotes.map((note) => `- ${note}`).join('\n')));
  }
  parts.push(
    tabs(OCEAN_TABS_GROUP, [
      { value: 'curl', label: 'curl', content: codeBlock('bash', example.curl) },
      { value: 'typescript', label: 'WhaleApiClient', content: codeBlock('ts', example.typescript, example.fileName) },
    ]),
  );
  parts.push(responseLine(endpoint, namer));
  parts.push(codeBlock('json', example.responseJson, 'Example response'));
  if (endpoint.response === 'list') parts.push(paginationNote(reference, endpoint));
  // Without error data (an endpoint the data file does not know yet), the section still says how failures come.
  if (endpoint.errors && reference.errors) parts.push(oceanErrorsBlock(endpoint.errors, reference.errors));
  else
    parts.push(
      `**Errors:** a failed request answers with the ${markdownLink(ERRORS_LINK, 'error envelope')}, which the client throws as ${inlineCode('WhaleApiException')}.`,
    );
  const source = endpoint.signature.source;
  if (source !== null)
    parts.push(markdownLink(sourceUrl(reference.package, source.path, source.line), `Source of ${category.name}.${endpoint.name} (${reference.package.tag})`));
  return deferredSection(parts[0] as string, parts.slice(1));
}

export interface RenderedOceanCategory {
  mdx: string;
  examples: EndpointExample[];
}

export interface OceanPageOptions {
  /** Where types of other packages are explained, by `module#Name`. */
  externalLinks: Readonly<Record<string, string>>;
  /** Enums of other packages the client's types use (`module#Name`), for writing their members in snippets. */
  externalEnums?: Readonly<Record<string, ExternalEnum>>;
}

function rpcWhitelistNote({ methods }: OceanRpcWhitelist): string {
  return admonition(
    'info',
    'Which RPCs Ocean forwards',
    `An Ocean server passes ${methods.length} node RPCs through, and no others: ${methods.map((name) => inlineCode(name)).join(', ')}. ` +
      `Any other method is refused with HTTP 403 and the error message ${inlineCode('RPC method not whitelisted')}, before it reaches the node; ` +
      `${markdownLink('/node/errors', 'Errors and troubleshooting')} shows what each client throws then. For anything else, run your own node (${markdownLink('/node/running-a-node', 'Running a node')}).`,
  );
}

export function renderOceanCategoryPage(reference: OceanReference, category: OceanCategory, options: OceanPageOptions): RenderedOceanCategory {
  const anchors = oceanTypeAnchors(category, reference);
  // A type that another page shows (its home, see oceanTypeHome) is linked there rather than repeated here.
  const borrowed = new Map<string, string>();
  for (const id of category.typeIds) {
    const href = oceanTypeHome(reference, id) === category ? undefined : oceanTypeHref(reference, id);
    if (href !== undefined) borrowed.set(id, href);
  }
  const namer = pageNamer(anchors, options.externalLinks, borrowed);
  const examples = category.endpoints.map((endpoint) => {
    const example = endpoint.example;
    if (example === undefined)
      throw new Error(`render: no example for ${category.name}.${endpoint.name} (generator/examples/ocean/${category.name}/${endpoint.name}.json)`);
    return renderEndpointExample(reference, category, endpoint, example, options.externalEnums ?? {});
  });
  const { name: packageName, version } = reference.package;
  const count = category.endpoints.length;
  const intro: string[] = [];
  if (category.doc.deprecated !== null) {
    intro.push(deprecationAdmonition('this category', category.doc.deprecated));
  }
  if (category.doc.text !== '') intro.push(docToMdx(category.doc.text));
  intro.push(
    `The ${count} ${count === 1 ? 'endpoint' : 'endpoints'} that ${inlineCode(`client.${category.name}`)} (the ${inlineCode(category.className)} category of ${inlineCode('WhaleApiClient')} in ${inlineCode(packageName)} ${version}) calls. ` +
      `Paths are below ${inlineCode(`${reference.defaults.url}/${reference.defaults.version}/{network}`)}: the client's default host follows the network it is given ` +
      `(${inlineCode(oceanBaseUrl(reference))} for ${reference.defaults.network}, ${inlineCode(oceanBaseUrl(reference, 'testnet'))} for testnet), with API version ${inlineCode(reference.defaults.version)}; ` +
      `the examples ask ${reference.defaults.network}. Every answer comes in the ${inlineCode('{ data, page }')} envelope described in the ${markdownLink(OCEAN_ROUTE + '/', 'overview')}.`,
  );
  if (category.name === 'rpc') intro.push(rpcWhitelistNote(reference.rpcWhitelist));
  intro.push(
    table(
      ['Endpoint', 'Request'],
      category.endpoints.map((endpoint) => [
        markdownLink(`#${endpointAnchor(endpoint)}`, endpointTitle(category, endpoint)),
        inlineCode(`${endpoint.httpMethod} ${oceanEndpointPath(reference, endpoint)}`, true),
      ]),
    ),
  );
  const sections = category.endpoints.map((endpoint, index) => {
    const example = examples[index];
    if (example === undefined) throw new Error(`render: no example for ${endpoint.name}`);
    return renderEndpointSection(reference, category, endpoint, namer, example);
  });
  const typeSections: string[] = [];
  if (category.typeIds.length > 0) {
    typeSections.push(heading(2, 'Types', 'types'));
    typeSections.push('The interfaces and enums that the endpoints above send or answer with, directly or through each other, as the package declares them.');
    if (borrowed.size > 0) {
      const links = [...borrowed].map(([id, href]) => `[${inlineCode(reference.types[id]?.name ?? id)}](${href})`);
      typeSections.push(`Shown on the page of the category that declares them: ${links.join(', ')}.`);
    }
    for (const id of category.typeIds.filter((typeId) => !borrowed.has(typeId))) {
      const declaration: TypeDeclaration | undefined = reference.types[id];
      const anchor = anchors.get(id);
      if (declaration === undefined || anchor === undefined) continue;
      typeSections.push(renderTypeSection(declaration, { level: 3, anchor, namer, types: reference.types }));
    }
  }
  const description = `${categoryTitle(category)} endpoints of the Ocean REST API (client.${category.name} in ${packageName} ${version}): paths, parameters, examples and response types.`;
  const mdx = [
    // The page lives in docs/ocean/reference/; its URL stays /ocean/<category>.
    frontMatter({ title: categoryTitle(category), sidebar_label: categoryTitle(category), slug: `/${category.name}`, description }),
    [...TABS_IMPORTS, LINK_IMPORT].join('\n'),
    '{/* Generated by `npm run generate` from the installed package and generator/examples/ocean. Do not edit: changes are overwritten. */}',
    ...intro,
    ...sections,
    ...typeSections,
  ].join('\n\n');
  return { mdx: `${mdx}\n`, examples };
}

/** One line on a category for the overview: its doc comment, or the titles of its first endpoints. */
function oceanCategorySummary(category: OceanCategory): string {
  const titles = category.endpoints.map((endpoint) => endpointTitle(category, endpoint));
  const shown = titles.slice(0, 3).join(', ');
  return titles.length > 3 ? `${shown} and ${titles.length - 3} more` : shown;
}

/** The partial the Ocean overview imports: every reference page with its endpoint count and a one-line summary. */
export function renderOceanCategoriesPartial(reference: OceanReference): string {
  const categories = [...reference.categories].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const rows = categories.map((category) => [
    markdownLink(oceanPageRoute(category.name), categoryTitle(category)),
    String(category.endpoints.length),
    docToCell(oceanCategorySummary(category)),
  ]);
  const total = reference.categories.reduce((sum, category) => sum + category.endpoints.length, 0);
  return (
    `{/* Generated by \`npm run generate\` from ${reference.package.name} ${reference.package.version}. */}\n\n` +
    `${table(['Reference page', 'Endpoints', 'Summary'], rows)}\n\n` +
    `${total} ${total === 1 ? 'endpoint' : 'endpoints'} in ${reference.categories.length} ${reference.categories.length === 1 ? 'category' : 'categories'}, read from ${inlineCode(reference.package.name)} ${reference.package.version}.\n`
  );
}
