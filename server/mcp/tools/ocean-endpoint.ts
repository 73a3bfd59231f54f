// get_ocean_endpoint: an Ocean REST API endpoint by its WhaleApiClient method or its HTTP method and path.
import { z } from 'zod';
import type { OceanEndpoint } from '../../../generator/model/types';
import { deprecationText, oceanBaseUrl, oceanEndpointPath, sourceUrl } from '../../../generator/model/queries';
import type { DocsData, OceanEndpointRef } from '../docs-data';
import { labelledText } from '../markdown';
import { oceanErrorsAnswer } from './errors';
import { signatureText, typeText } from '../type-text';
import { pageExamples } from './examples';
import { changesAnswer, compact, defineTool, suggestionsFor, type Answer, type Miss } from './tool';

/** A path template as a pattern: each `{name}` stands for text within one segment. */
function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((piece) => (/^\{[^}]+\}$/.test(piece) ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

/** Every endpoint the input may stand for: `category.method`, the method name, or `GET /path` (template or real URL). */
function findOceanEndpoints(docs: DocsData, input: string): OceanEndpointRef[] {
  const all = docs.ocean.categories.flatMap((category) => category.endpoints.map((endpoint) => ({ category, endpoint })));
  const query = input
    .trim()
    .replace(/^client\./, '')
    .replace(/\(.*\)$/, '');
  const http = /^(?:(GET|POST|PUT|DELETE|PATCH)\s+)?((?:https?:\/\/[^/\s]+)?\/?[^\s?#]*\/[^\s?#]*|\/[^\s?#]*)(?:[?#]\S*)?$/i.exec(query);
  if (http?.[2] !== undefined && (http[1] !== undefined || query.includes('/'))) {
    const method = http[1]?.toUpperCase();
    const path = `/${http[2].replace(/^https?:\/\/[^/]+/i, '').replace(/^\/+/, '')}`.replace(/\/+$/, '');
    const templates = ({ endpoint }: OceanEndpointRef): string[] => [oceanEndpointPath(docs.ocean, endpoint), `/${endpoint.path}`];
    const candidates = all.filter(({ endpoint }) => method === undefined || endpoint.httpMethod === method);
    // The path as the pages write it (`/v0/{network}/poolpairs/{id}`), with or without the `/v0/{network}` in front.
    const written = candidates.filter((ref) => templates(ref).includes(path));
    if (written.length > 0) return written;
    // A real path: every template it fits, the one with the most fixed text first (`poolpairs/dexprices` over `poolpairs/{id}`).
    const fixedText = (template: string): number => template.replace(/\{[^}]+\}/g, '').length;
    const fits = candidates
      .map((ref) => ({ ref, fixed: Math.max(...templates(ref).map((template) => (pathPattern(template).test(path) ? fixedText(template) : -1))) }))
      .filter((fit) => fit.fixed >= 0);
    const best = Math.max(...fits.map((fit) => fit.fixed));
    return fits.filter((fit) => fit.fixed === best).map((fit) => fit.ref);
  }
  const [maybeCategory, maybeMethod] = query.includes('.') ? query.split('.', 2) : [undefined, query];
  const tests: Array<(ref: OceanEndpointRef) => boolean> = [
    (ref) => (maybeCategory === undefined || ref.category.name === maybeCategory) && ref.endpoint.name === maybeMethod,
    (ref) =>
      (maybeCategory === undefined || ref.category.name.toLowerCase() === maybeCategory.toLowerCase()) &&
      ref.endpoint.name.toLowerCase() === maybeMethod?.toLowerCase(),
  ];
  for (const test of tests) {
    const found = all.filter(test);
    if (found.length > 0) return found;
  }
  return [];
}

/** The most items one page holds: the cap the model gives the list (generator/examples/ocean/pagination.json, from the server's source). */
function sizeCap(endpoint: OceanEndpoint): number | undefined {
  return endpoint.paging?.maxSize;
}

function oceanEndpointAnswer(docs: DocsData, ref: OceanEndpointRef): Answer {
  const { category, endpoint } = ref;
  const place = docs.endpointPlace(ref);
  const section = place === undefined ? undefined : docs.section(place);
  const examples =
    section === undefined
      ? undefined
      : pageExamples(section, (label, title) => label === 'curl' || label === 'WhaleApiClient' || title === 'Example response').map((example) => {
          const code = (test: (block: { label: string; title: string }) => boolean): string | undefined => example.blocks.find(test)?.code;
          return compact({
            title: example.title,
            curl: code((block) => block.label === 'curl'),
            typescript: code((block) => block.label === 'WhaleApiClient'),
            response: code((block) => block.title === 'Example response'),
          });
        });
  const size = endpoint.parameters.find((parameter) => parameter.name === 'size');
  const doc = endpoint.signature.doc;
  const source = endpoint.signature.source;
  return compact({
    sdk: docs.sdkOf('ocean'),
    endpoint: `${category.name}.${endpoint.name}`,
    call: `client.${category.name}.${endpoint.name}`,
    title: place?.heading,
    http: `${endpoint.httpMethod} ${oceanEndpointPath(docs.ocean, endpoint)}`,
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
    baseUrl: oceanBaseUrl(docs.ocean),
    description: doc.text.trim(),
    deprecated: deprecationText(doc.deprecated, 'this method') ?? undefined,
    since: endpoint.history?.since ?? undefined,
    changed: changesAnswer(endpoint.history?.changed),
    deprecatedSince: doc.deprecated === null ? undefined : (endpoint.history?.deprecated ?? undefined),
    signature: signatureText(endpoint.name, endpoint.signature),
    parameters: endpoint.parameters.map((parameter) =>
      compact({
        name: parameter.name,
        in: parameter.in,
        type: typeText(parameter.type),
        required: parameter.required,
        default: parameter.defaultValue?.text,
        description: parameter.description.trim(),
        argument: parameter.argument === parameter.name ? undefined : parameter.argument,
      }),
    ),
    body:
      endpoint.body === null
        ? undefined
        : compact({
            type: typeText(endpoint.body.type),
            argument: endpoint.body.argument ?? undefined,
            description: endpoint.body.description.trim(),
            serializer: endpoint.body.serializer ?? undefined,
          }),
    response: compact({
      kind: endpoint.response,
      data: typeText(endpoint.dataType),
      description: section === undefined ? undefined : labelledText(section.markdown, 'Response'),
    }),
    pagination:
      endpoint.response === 'list'
        ? compact({
            defaultSize: size?.defaultValue?.text,
            sizeCap: sizeCap(endpoint),
            next: 'Pass `page.next` of the answer back as `next` for the following page, or hand the result to `client.paginate()`.',
            note: section === undefined ? undefined : labelledText(section.markdown, 'Pagination'),
          })
        : undefined,
    pathNotes: endpoint.pathNotes,
    examples: examples ?? [],
    examplesMissing: examples === undefined ? 'The examples are on the page; this server has no build to read them from (run `npm run build`).' : undefined,
    errors: oceanErrorsAnswer(docs, endpoint.errors, docs.ocean.errors),
    source: source === null ? undefined : sourceUrl(docs.ocean.package, source.path, source.line),
  });
}

export const getOceanEndpoint = defineTool({
  name: 'get_ocean_endpoint',
  title: 'Ocean REST API endpoint',
  description:
    'One endpoint of the Ocean REST API as WhaleApiClient (@defichain/whale-api-client) calls it: give the client method ' +
    '(address.listAccountHistory, or listAccountHistory when unique) or the HTTP method and path (GET /address/{address}/history, ' +
    'or a real URL such as GET /v0/mainnet/address/df1q.../history). Answers with the signature, path and query parameters ' +
    '(required, defaults), request body, response type, pagination with the page size cap, the curl and TypeScript examples and ' +
    'the example response exactly as the page shows them, errors and the page URL.',
  input: z.strictObject({
    endpoint: z.string().min(1).max(300).describe('Client method (`category.method`) or `GET /path`'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    endpoint: z.string().optional(),
    call: z.string().optional(),
    http: z.string().optional(),
    url: z.string().optional(),
    since: z.string().optional(),
    signature: z.string().optional(),
    errors: z.looseObject({}).optional(),
    matches: z.number().optional(),
    endpoints: z.array(z.looseObject({})).optional(),
  }),
  run(docs, { endpoint }): Answer | Miss {
    const found = findOceanEndpoints(docs, endpoint);
    const [first] = found;
    if (first === undefined) {
      return { miss: `No Ocean endpoint matches "${endpoint}".`, suggestions: suggestionsFor(docs, 'ocean:', endpoint.replace(/^(GET|POST)\s+/i, '')) };
    }
    if (found.length > 1) {
      return {
        miss: `"${endpoint}" matches ${found.length} Ocean endpoints; ask for one of them.`,
        suggestions: found.map(
          (ref) => `${ref.category.name}.${ref.endpoint.name} (${ref.endpoint.httpMethod} ${oceanEndpointPath(docs.ocean, ref.endpoint)})`,
        ),
      };
    }
    return oceanEndpointAnswer(docs, first);
  },
});
