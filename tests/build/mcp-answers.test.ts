// Every answer the MCP server can give about the references, held against the model and against the pages: for each
// RPC method, Ocean endpoint and type of both models, the tool's answer (called in process, as both transports call
// it) names what the model holds, its examples are the page's code blocks (the built HTML, and the page's data for
// the tab panels the HTML leaves to the browser), its signatures and field types are the page's text, its URL opens an
// existing heading, and it is within the answer bound. tests/build/mcp-transports.test.ts asks through the transports.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOURCES, DocsData, findSection } from '../../server/mcp/docs-data';
import { MAX_ANSWER_CHARS, callTool } from '../../server/mcp/mcp-server';
import { TOOLS } from '../../server/mcp/tools';
import { readOceanPageExamples } from '../support/ocean-page-examples';
import { readPageExamples } from '../support/rpc-page-examples';
import { BUILD, answerJson, builtPage, placeOf } from '../support/mcp-pages';
import { plainText } from '../../server/mcp/markdown';
import type { HistoryFile } from '../../generator/model/history';
import type { OceanCategory, OceanEndpoint, RpcCategory, RpcMethod } from '../../generator/model/types';

let docs: DocsData;

beforeAll(() => {
  docs = new DocsData(DEFAULT_SOURCES);
});

interface ExampleAnswer {
  title?: string;
  typescript?: string;
  curl?: string;
  response?: string;
  runtimeTypes?: Array<Record<string, string>>;
}

function ask(tool: string, args: Record<string, unknown>): { answer: Record<string, unknown>; size: number; isError: boolean } {
  const result = callTool(docs, tool, args);
  const text = (result.content[0] as { text: string }).text;
  // Every answer as structured content, within the tool's output schema (tools/list's outputSchema).
  if (result.isError !== true) {
    expect(result.structuredContent).toEqual(JSON.parse(text));
    TOOLS.find((candidate) => candidate.name === tool)?.output.parse(result.structuredContent);
  }
  return { answer: answerJson(result), size: text.length, isError: result.isError === true };
}

/** Problems of an answer's URL: it must open a heading of a built page. */
function urlProblems(url: unknown): string[] {
  if (typeof url !== 'string') return ['no url'];
  const { route, anchor } = placeOf(url);
  const page = builtPage(route);
  return page.ids.has(anchor) ? [] : [`${url}: no element with id "${anchor}" on the built page`];
}

/**
 * For each method or endpoint, the answer's since and errors against its section in the twin: every condition of its own errors
 * is in the section's text, and its groups are the section's "Also:" links (title and URL) but the last, which links
 * the groups of every call. Counts the answers with a list.
 */
function errorListProblems(
  tool: 'get_rpc_method' | 'get_ocean_endpoint',
  refs: readonly ({ category: RpcCategory; method: RpcMethod } | { category: OceanCategory; endpoint: OceanEndpoint })[],
): { problems: string[]; listed: number } {
  const problems: string[] = [];
  let listed = 0;
  for (const ref of refs) {
    const name = 'method' in ref ? `${ref.category.name}.${ref.method.name}` : `${ref.category.name}.${ref.endpoint.name}`;
    const { answer } = ask(tool, tool === 'get_rpc_method' ? { name } : { endpoint: name });
    const place = 'method' in ref ? docs.methodPlace(ref) : docs.endpointPlace(ref);
    const section = place === undefined ? undefined : docs.section(place);
    const errors = answer.errors as { own?: Array<{ condition: string }>; groups?: Array<{ title: string; url?: string }> } | undefined;
    const also = section === undefined ? undefined : /^- Also: (.*)\.$/m.exec(section.markdown)?.[1];
    // The line under the heading: `Since 0.44.0 · changed in …`, or none for one in the first release the history covers.
    const since = section === undefined ? undefined : /^## .*\n\n(?:Since ([\d.]+))?/.exec(section.markdown)?.[1];
    if (answer.since !== since) problems.push(`${name}: since ${String(answer.since)}, the page ${String(since)}`);
    if (errors === undefined) {
      if (also !== undefined) problems.push(`${name}: no errors, the page lists some`);
      continue;
    }
    listed += 1;
    if (section === undefined || also === undefined) {
      problems.push(`${name}: errors, but the page lists none`);
      continue;
    }
    // Letters and digits only: the page sets names in the condition as code.
    const bare = (text: string): string => text.replace(/[^\p{L}\p{N}]+/gu, '');
    const text = bare(section.markdown);
    for (const error of errors.own ?? []) if (!text.includes(bare(error.condition))) problems.push(`${name}: "${error.condition}" is not in its section`);
    const links = [...also.matchAll(/\[([^\]]*)\]\(([^)]*)\)/g)].map((match) => `${plainText(match[1] ?? '')} ${match[2] ?? ''}`).slice(0, -1);
    const answered = (errors.groups ?? []).map((group) => `${group.title} ${group.url ?? '(no url)'}`);
    if (JSON.stringify(answered) !== JSON.stringify(links)) problems.push(`${name}: groups ${answered.join(', ')}; the page ${links.join(', ')}`);
  }
  return { problems, listed };
}

describe('get_rpc_method, for every method of the model', () => {
  it('answers with the model’s method, signatures as the page prints them, the page’s examples and run-time notes', () => {
    const pageExamples = readPageExamples();
    const problems: string[] = [];
    let methods = 0;
    let examples = 0;
    for (const category of docs.rpc.categories) {
      for (const method of category.methods) {
        methods += 1;
        const name = `${category.name}.${method.name}`;
        const { answer, size, isError } = ask('get_rpc_method', { name });
        if (isError || answer.method !== name) {
          problems.push(`${name}: answered ${JSON.stringify(answer).slice(0, 120)}`);
          continue;
        }
        if (size > MAX_ANSWER_CHARS) problems.push(`${name}: ${size} characters`);
        if (JSON.stringify(answer.nodeRpc ?? []) !== JSON.stringify(method.rpc.names)) problems.push(`${name}: node RPC ${JSON.stringify(answer.nodeRpc)}`);
        problems.push(...urlProblems(answer.url).map((problem) => `${name}: ${problem}`));
        const route = placeOf(answer.url as string).route;
        const page = builtPage(route);
        const signatures = answer.signatures as Array<{ signature: string; parameters?: Array<{ name: string }> }>;
        if (signatures.length !== method.signatures.length) problems.push(`${name}: ${signatures.length} signatures, the model has ${method.signatures.length}`);
        signatures.forEach((signature, index) => {
          if (!page.signatures.has(signature.signature)) problems.push(`${name}: signature "${signature.signature}" is not on the page`);
          const names = (signature.parameters ?? []).map((parameter) => parameter.name.replace(/^\.\.\./, ''));
          const expected = method.signatures[index]?.parameters.map((parameter) => parameter.name) ?? [];
          if (JSON.stringify(names) !== JSON.stringify(expected)) problems.push(`${name}: parameters ${names.join(', ')}`);
        });
        const answered = (answer.examples ?? []) as ExampleAnswer[];
        const onPage = pageExamples.filter((example) => example.category === category.name && example.method === method.name);
        if (answered.length !== method.examples.length || answered.length !== onPage.length) {
          problems.push(`${name}: ${answered.length} examples, the model has ${method.examples.length}, the page ${onPage.length}`);
        }
        answered.forEach((example, index) => {
          examples += 1;
          const expected = onPage[index];
          // The page's data holds every tab panel; the built HTML the first one (TypeScript) and the response.
          if (example.typescript !== expected?.typescript) problems.push(`${name} example ${index}: TypeScript differs from the page`);
          if (example.curl !== expected?.curl) problems.push(`${name} example ${index}: curl differs from the page`);
          if (example.response !== (expected?.response ?? undefined)) problems.push(`${name} example ${index}: response differs from the page`);
          for (const block of [example.typescript, example.response]) {
            if (block !== undefined && !page.code.has(block)) problems.push(`${name} example ${index}: a block is not in the built HTML: ${block.slice(0, 60)}`);
          }
          const model = method.examples.find((candidate) => candidate.title === (example.title ?? '')) ?? method.examples[index];
          const notes = (example.runtimeTypes ?? []).map((note) => JSON.stringify([note.path ?? '', note.declared ?? '', note.returned ?? '', note.reason ?? '']));
          const modelNotes = (model?.runtimeTypes ?? []).map((note) => JSON.stringify([note.path, note.declared, note.returned, note.reason]));
          if (JSON.stringify(notes) !== JSON.stringify(modelNotes)) problems.push(`${name} example ${index}: run-time notes differ from the model`);
        });
        const deprecated = method.signatures[0]?.doc.deprecated ?? null;
        if ((deprecated !== null) !== (answer.deprecated !== undefined)) problems.push(`${name}: deprecation ${String(answer.deprecated)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(methods).toBe(docs.rpc.categories.reduce((sum, category) => sum + category.methods.length, 0));
    expect(examples).toBeGreaterThanOrEqual(methods);
  });

  it('says a deprecation as the page’s warning does: the reason, since when, and the method that replaces it', () => {
    const problems: string[] = [];
    let warned = 0;
    for (const category of docs.rpc.categories) {
      for (const method of category.methods) {
        const name = `${category.name}.${method.name}`;
        const { answer } = ask('get_rpc_method', { name });
        const place = docs.methodPlace({ category, method });
        const section = place === undefined ? undefined : docs.section(place);
        if (section === undefined) {
          problems.push(`${name}: no section`);
          continue;
        }
        const warning = /^> \*\*Deprecated(?: since ([\d.]+))?\*\*$/m.exec(section.markdown);
        if ((warning !== null) !== (answer.deprecated !== undefined)) problems.push(`${name}: deprecated "${String(answer.deprecated)}", the page ${warning?.[0] ?? 'no warning'}`);
        if (warning === null) continue;
        warned += 1;
        if (!section.markdown.includes(`>\n> ${String(answer.deprecated)}\n`)) problems.push(`${name}: "${String(answer.deprecated)}" is not the page's reason`);
        if (answer.deprecatedSince !== warning[1]) problems.push(`${name}: deprecated since ${String(answer.deprecatedSince)}, the page ${String(warning[1])}`);
        const use = /^> Use \[client\.([\w.]+)\]/m.exec(section.markdown)?.[1];
        if (answer.replacedBy !== use) problems.push(`${name}: replaced by ${String(answer.replacedBy)}, the page ${String(use)}`);
      }
    }
    expect(problems).toEqual([]);
    // loan's ten vault methods, moved to vault in 2.41.0.
    expect(warned).toBe(10);
  });

  it('answers with the Errors list and the since its section shows, from the model: its own errors, the groups it names with their URLs', () => {
    expect(errorListProblems('get_rpc_method', docs.rpc.categories.flatMap((category) => category.methods.map((method) => ({ category, method }))))).toEqual({
      problems: [],
      listed: docs.rpc.categories.reduce((sum, category) => sum + category.methods.filter((method) => method.errors !== undefined).length, 0),
    });
  });

  it('finds a method by its camelCase name and by its node RPC name, the undeprecated one first', () => {
    for (const category of docs.rpc.categories) {
      for (const method of category.methods) {
        for (const name of [method.name, ...method.rpc.names]) {
          const { answer } = ask('get_rpc_method', { name });
          const others = (answer.otherMatches as string[] | undefined) ?? [];
          const found = [answer.method, ...others.map((other) => other.replace(/ \(deprecated\)$/, ''))];
          expect(found, name).toContain(`${category.name}.${method.name}`);
          // A deprecated method comes first only when every match is deprecated.
          if (answer.deprecated !== undefined) expect(others.every((other) => other.endsWith(' (deprecated)')), name).toBe(true);
        }
      }
    }
  });
});

describe('get_ocean_endpoint, for every endpoint of the model', () => {
  interface OpenApiOperation {
    operationId: string;
    parameters?: Array<{ $ref?: string; name?: string; 'x-ocean-size-cap'?: number }>;
  }
  const openapi = JSON.parse(fs.readFileSync(path.join(BUILD, 'ocean/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { parameters: Record<string, { name: string; 'x-ocean-size-cap'?: number }> };
  };
  const operations = new Map<string, { path: string; method: string; operation: OpenApiOperation }>();
  for (const [route, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(operation.operationId, { path: route, method: method.toUpperCase(), operation });
  }

  it('answers with the path, parameters, size cap and the page’s examples', () => {
    const pageExamples = readOceanPageExamples();
    const problems: string[] = [];
    for (const category of docs.ocean.categories) {
      for (const endpoint of category.endpoints) {
        const name = `${category.name}.${endpoint.name}`;
        const { answer, size, isError } = ask('get_ocean_endpoint', { endpoint: name });
        if (isError || answer.endpoint !== name) {
          problems.push(`${name}: answered ${JSON.stringify(answer).slice(0, 120)}`);
          continue;
        }
        if (size > MAX_ANSWER_CHARS) problems.push(`${name}: ${size} characters`);
        problems.push(...urlProblems(answer.url).map((problem) => `${name}: ${problem}`));
        const operation = operations.get(name);
        if (answer.http !== `${operation?.method ?? '?'} ${operation?.path ?? '?'}`) problems.push(`${name}: ${String(answer.http)}, OpenAPI ${operation?.method} ${operation?.path}`);
        const parameters = ((answer.parameters ?? []) as Array<{ name: string; required: boolean; default?: string }>).map((p) => `${p.name}:${p.required}:${p.default ?? ''}`);
        const modelParameters = endpoint.parameters.map((p) => `${p.name}:${p.required}:${p.defaultValue?.text ?? ''}`);
        if (JSON.stringify(parameters) !== JSON.stringify(modelParameters)) problems.push(`${name}: parameters ${parameters.join(', ')}`);
        const sizeParameter = operation?.operation.parameters
          ?.map((parameter) => (parameter.$ref === undefined ? parameter : openapi.components.parameters[parameter.$ref.split('/').pop() ?? '']))
          .find((parameter) => parameter?.name === 'size');
        const pagination = answer.pagination as { sizeCap?: number; defaultSize?: string } | undefined;
        if (endpoint.response === 'list') {
          if (pagination?.sizeCap === undefined || pagination.sizeCap !== sizeParameter?.['x-ocean-size-cap']) {
            problems.push(`${name}: size cap ${pagination?.sizeCap}, OpenAPI ${sizeParameter?.['x-ocean-size-cap']}`);
          }
        } else if (pagination !== undefined) {
          problems.push(`${name}: pagination on an endpoint that answers no list`);
        }
        const page = builtPage(placeOf(answer.url as string).route);
        const onPage = pageExamples.filter((example) => example.category === category.name && example.method === endpoint.name);
        const answered = (answer.examples ?? []) as ExampleAnswer[];
        if (answered.length !== onPage.length || answered.length !== (endpoint.example === undefined ? 0 : 1)) {
          problems.push(`${name}: ${answered.length} examples, the page ${onPage.length}`);
        }
        answered.forEach((example, index) => {
          const expected = onPage[index];
          if (example.typescript !== expected?.typescript) problems.push(`${name}: WhaleApiClient snippet differs from the page`);
          if (example.curl !== expected?.curl) problems.push(`${name}: curl differs from the page`);
          if (example.response !== expected?.response) problems.push(`${name}: response differs from the page`);
          // The built HTML holds the first tab panel (curl) and the response; the snippet's panel is rendered on demand.
          for (const block of [example.curl, example.response]) {
            if (block !== undefined && !page.code.has(block)) problems.push(`${name}: a block is not in the built HTML: ${block.slice(0, 60)}`);
          }
          // The URL of the example finds the same endpoint.
          const url = /'(https?:\/\/[^']+)'/.exec(example.curl ?? '')?.[1];
          if (url !== undefined) {
            const byUrl = ask('get_ocean_endpoint', { endpoint: `${endpoint.httpMethod} ${url}` }).answer;
            const candidates = [byUrl.endpoint, ...((byUrl.suggestions as string[] | undefined) ?? []).map((suggestion) => suggestion.split(' ')[0])];
            if (!candidates.includes(name)) problems.push(`${name}: ${endpoint.httpMethod} ${url} answered ${String(byUrl.endpoint ?? byUrl.miss)}`);
          }
        });
        const byPath = ask('get_ocean_endpoint', { endpoint: String(answer.http) }).answer;
        if (byPath.endpoint !== name) problems.push(`${name}: ${String(answer.http)} answered ${String(byPath.endpoint ?? byPath.miss)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('get_ocean_endpoint, errors', () => {
  it('answers with the Errors list and the since its section shows, from the model: its own errors, the groups it names with their URLs', () => {
    expect(errorListProblems('get_ocean_endpoint', docs.ocean.categories.flatMap((category) => category.endpoints.map((endpoint) => ({ category, endpoint }))))).toEqual({
      problems: [],
      listed: docs.ocean.categories.reduce((sum, category) => sum + category.endpoints.filter((endpoint) => endpoint.errors !== undefined).length, 0),
    });
  });
});

describe('get_type, for every type of both models', () => {
  it('answers with the declaration, field types as the page prints them, and a URL that opens its section', () => {
    const problems: string[] = [];
    for (const [source, types] of [
      ['rpc', docs.rpc.types],
      ['ocean', docs.ocean.types],
    ] as const) {
      for (const declaration of Object.values(types)) {
        const { answer, size, isError } = ask('get_type', { name: declaration.id, source });
        const label = `${source} ${declaration.id}`;
        if (isError || answer.id !== declaration.id) {
          problems.push(`${label}: answered ${JSON.stringify(answer).slice(0, 120)}`);
          continue;
        }
        if (size > MAX_ANSWER_CHARS) problems.push(`${label}: ${size} characters`);
        if (answer.url === undefined) {
          // Only a type no page gives a section of its own (the symbol index lists every section) has no URL.
          const prefix = source === 'rpc' ? '/node/' : '/ocean/';
          const sections = docs.symbols.entries.filter(([name, kind, page]) => kind === 2 && name === declaration.name && docs.symbols.pages[page]?.[0].startsWith(prefix));
          if (sections.length > 0) problems.push(`${label}: no url, though ${sections.length} pages show a type of that name`);
          continue;
        }
        problems.push(...urlProblems(answer.url).map((problem) => `${label}: ${problem}`));
        if (typeof answer.url !== 'string') continue;
        const { route, anchor } = placeOf(answer.url);
        const page = docs.pageOf(route)?.page;
        const twin = page === undefined ? undefined : docs.twin(page);
        const section = twin === undefined ? undefined : findSection(twin, declaration.name, anchor);
        if (section === undefined) {
          problems.push(`${label}: no section ${declaration.name} in the twin of ${route}`);
          continue;
        }
        if (!section.markdown.includes(`\`\`\`ts\n${String(answer.declaration)}\n\`\`\``)) problems.push(`${label}: declaration "${String(answer.declaration)}" is not the page's`);
        const lines = section.markdown.split('\n');
        for (const field of (answer.fields ?? []) as Array<{ name: string; type: string; optional?: boolean; readonly?: boolean }>) {
          const key = /^[A-Za-z_$][\w$]*$/.test(field.name) ? field.name : `'${field.name}'`;
          const head = `- \`${field.readonly ? 'readonly ' : ''}${key}${field.optional ? '?' : ''}\` · `;
          const line = lines.find((candidate) => candidate.startsWith(head));
          // A row of a parameter's fields also says whether it is required, and a field's row since when and what
          // changed; the type is what comes before.
          const printed =
            line === undefined
              ? undefined
              : plainText(line.slice(head.length).replace(/\\$/, '')).replace(/ · (required|optional|since \d|changed in \d|deprecated since \d)\b.*$/, '');
          // The twin drops the spaces of a code span between two links (`|`); the types are compared without spaces.
          if (printed?.replace(/\s+/g, '') !== field.type.replace(/\s+/g, '')) problems.push(`${label}.${field.name}: "${field.type}", the page "${printed}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('get_custom_transaction, for every type of the custom transaction model', () => {
  it('answers with the model’s type byte, layout and example, as its page shows them, found by each of its names', () => {
    const reference = docs.customTx;
    expect(reference?.types.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const type of reference?.types ?? []) {
      const label = type.className;
      const { answer, size, isError } = ask('get_custom_transaction', { type: type.className });
      if (isError || answer.className !== type.className) {
        problems.push(`${label}: answered ${JSON.stringify(answer).slice(0, 120)}`);
        continue;
      }
      if (size > MAX_ANSWER_CHARS) problems.push(`${label}: ${size} characters`);
      problems.push(...urlProblems(answer.url).map((problem) => `${label}: ${problem}`));
      const structure = reference?.structures[type.className];
      const layout = answer.layout as Array<{ field: string }> | string;
      const fields = typeof layout === 'string' ? [] : layout.map((row) => row.field);
      if (JSON.stringify(fields) !== JSON.stringify(structure?.fields.map((field) => field.names.join(', ')) ?? [])) problems.push(`${label}: layout ${fields.join(' ')}`);
      const example = answer.example as { payloadHex: string; decodecustomtx: string; bytes?: Array<{ hex: string }> };
      if (example.payloadHex !== (type.example.payloadHex || '(empty)') || (example.bytes ?? []).map((span) => span.hex).join('') !== type.example.payloadHex) {
        problems.push(`${label}: the example's bytes are not the model's payload`);
      }
      if (typeof answer.url === 'string') {
        const page = builtPage(placeOf(answer.url).route);
        for (const block of [type.example.payloadHex || '(empty)', example.decodecustomtx]) {
          if (!page.code.has(block)) problems.push(`${label}: "${block.slice(0, 40)}" is not a code block of its page`);
        }
      }
      const names = [type.letter, `0x${type.opCode.toString(16).padStart(2, '0')}`, type.opName, ...type.builderCalls.map((call) => `builder.${call.group}.${call.method}`)];
      for (const name of names) {
        const found = ask('get_custom_transaction', { type: name }).answer;
        const candidates = [found.className, ...((found.suggestions as string[] | undefined) ?? []).map((suggestion) => `C${suggestion.split(' ')[0] ?? ''}`)];
        if (!candidates.includes(type.className)) problems.push(`${label}: "${name}" answered ${String(found.className ?? found.miss)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('get_page, for every page of llms.txt', () => {
  it('returns the twin whole, in parts that join up, and each h2 section alone', () => {
    const problems: string[] = [];
    expect(docs.pages.size).toBeGreaterThan(40);
    for (const page of docs.pages.values()) {
      const twin = fs.readFileSync(path.join(BUILD, page.twin), 'utf8');
      let joined = '';
      let offset: number | undefined = 0;
      while (offset !== undefined) {
        const { answer, size, isError } = ask('get_page', { page: page.twin, offset });
        if (isError) {
          problems.push(`${page.twin}: ${String(answer.miss)}`);
          break;
        }
        if (size > MAX_ANSWER_CHARS) problems.push(`${page.twin} at ${offset}: ${size} characters`);
        joined += String(answer.markdown);
        offset = answer.nextOffset as number | undefined;
      }
      if (joined !== twin) problems.push(`${page.twin}: the parts do not join up to the twin`);
      for (const heading of twin.split('\n').filter((line) => line.startsWith('## '))) {
        const text = plainText(heading.slice(3));
        const { answer } = ask('get_page', { page: page.twin.replace(/\.md$/, ''), section: text });
        const markdown = String(answer.markdown);
        if (!markdown.startsWith(`${heading}\n`) || !twin.includes(markdown.trimEnd())) problems.push(`${page.twin} § ${text}: not the twin's section`);
        problems.push(...urlProblems(answer.url).map((problem) => `${page.twin} § ${text}: ${problem}`));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('get_symbol, for every export of the SDK packages the model holds', () => {
  interface SignatureAnswer {
    signature: string;
    parameters?: Array<{ name: string; type: string }>;
    returns?: { type: string };
  }
  interface MemberAnswer {
    name: string;
    signature?: string;
    signatures?: SignatureAnswer[];
    url?: string;
  }

  it('answers with the package, kind, signatures as the page prints them, members in their sections and the URL of its section', () => {
    const reference = docs.sdkReference;
    expect(reference?.packages.length).toBe(17);
    const problems: string[] = [];
    let asked = 0;
    let deprecations = 0;
    for (const pkg of reference?.packages ?? []) {
      for (const id of pkg.exports) {
        const symbol = reference?.symbols[id];
        if (symbol === undefined) continue;
        asked += 1;
        const name = symbol.namespace === null ? symbol.name : `${symbol.namespace}.${symbol.name}`;
        const label = `${pkg.short} ${name}`;
        const { answer, size, isError } = ask('get_symbol', { name, package: pkg.short });
        if (isError || answer.name !== symbol.name || answer.package !== pkg.name) {
          problems.push(`${label}: answered ${JSON.stringify(answer).slice(0, 160)}`);
          continue;
        }
        if (size > MAX_ANSWER_CHARS) problems.push(`${label}: ${size} characters`);
        if (answer.sdk !== `${pkg.name}@${pkg.version}`) problems.push(`${label}: sdk ${String(answer.sdk)}`);
        problems.push(...urlProblems(answer.url).map((problem) => `${label}: ${problem}`));
        if (typeof answer.url !== 'string') continue;
        const { route, anchor } = placeOf(answer.url);
        const built = builtPage(route);
        const page = docs.pageOf(route)?.page;
        const twin = page === undefined ? undefined : docs.twin(page);
        const section = twin === undefined ? undefined : findSection(twin, symbol.name, anchor);
        if (section === undefined || !section.markdown.startsWith(`${'#'.repeat(symbol.namespace === null ? 2 : 3)} ${symbol.name}\n`)) {
          problems.push(`${label}: ${answer.url} does not open the section of ${symbol.name}`);
          continue;
        }
        // A deprecation as the warning under its heading says it, since the version the warning names.
        const own = section.markdown.split('\n### ')[0] ?? '';
        const warning = /^> \*\*Deprecated(?: since ([\d.]+))?\*\*$/m.exec(own);
        if ((warning !== null) !== (answer.deprecated !== undefined) || answer.deprecatedSince !== warning?.[1])
          problems.push(`${label}: deprecated "${String(answer.deprecated)}" since ${String(answer.deprecatedSince)}, the page ${warning?.[0] ?? 'no warning'}`);
        if (warning !== null) deprecations += 1;
        // The kind its section's first line names (`_Abstract class_ · import ...`, `_Interface, not exported:_ ...`).
        const kindLine = section.markdown.split('\n').find((line) => /^_[A-Z][^_]*_/.test(line)) ?? '';
        const said = /^_([^_,]+)/.exec(kindLine)?.[1] ?? '';
        if (typeof answer.kind !== 'string' || said !== `${answer.kind.charAt(0).toUpperCase()}${answer.kind.slice(1)}`)
          problems.push(`${label}: kind ${String(answer.kind)}, its section "${said}"`);
        // A block, or for a constructor without parameters the one line of code the page gives it.
        const inBlock = (line: string): boolean => section.markdown.includes(`\`\`\`ts\n${line}\n\`\`\``) || section.markdown.includes(`**Constructor** \`${line}\``);
        // The section's own signature blocks: the class, constant or type head, a function's overloads, a constructor's.
        const lines: string[] = [];
        if (typeof answer.signature === 'string') lines.push(answer.signature);
        for (const signature of (answer.signatures ?? []) as SignatureAnswer[]) lines.push(signature.signature);
        for (const signature of (answer.classConstructor as { signatures?: SignatureAnswer[] } | undefined)?.signatures ?? []) lines.push(signature.signature);
        for (const line of lines) if (!inBlock(line)) problems.push(`${label}: "${line}" is not a signature block of its section`);
        if (typeof answer.import === 'string' && !section.markdown.includes(`\`${answer.import}\``)) problems.push(`${label}: import line not in its section`);
        if (typeof answer.source === 'string' && !section.markdown.includes(`](${answer.source})`)) problems.push(`${label}: source link not in its section`);
        if (answer.source === undefined && symbol.source !== null) problems.push(`${label}: no source link`);
        const signatures = (symbol.kind === 'function' ? symbol.signatures : []).map((signature) => signature.parameters.map((parameter) => parameter.name).join(','));
        const answered = ((answer.signatures ?? []) as SignatureAnswer[]).map((signature) => (signature.parameters ?? []).map((parameter) => parameter.name.replace(/^\.\.\./, '')).join(','));
        if (JSON.stringify(signatures) !== JSON.stringify(answered)) problems.push(`${label}: parameters ${answered.join(' / ')}`);
        // Members: the first 40 of the model, each signature a block of the page, each URL one of its headings.
        if (symbol.kind !== 'class' && symbol.kind !== 'constant') continue;
        const members = symbol.members.filter((member) => member.kind !== 'constructor');
        const listed = (answer.members ?? []) as MemberAnswer[];
        if (listed.length !== Math.min(members.length, 40)) problems.push(`${label}: ${listed.length} members, the model ${members.length}`);
        if (members.length > 40 && answer.moreMembers === undefined) problems.push(`${label}: does not say it left members out`);
        for (const member of listed) {
          for (const line of [member.signature, ...(member.signatures ?? []).map((signature) => signature.signature)]) {
            if (line !== undefined && !built.signatures.has(line) && !section.markdown.includes(line)) problems.push(`${label}.${member.name}: "${line}" is not on the page`);
          }
          problems.push(...urlProblems(member.url).map((problem) => `${label}.${member.name}: ${problem}`));
        }
      }
    }
    expect(problems).toEqual([]);
    expect(asked).toBe(reference?.packages.reduce((sum, pkg) => sum + pkg.exports.length, 0));
    // DeFiAddress, RegTestGenesisKeys, TokenBalance, GenesisKeys, LoanMasterNodeRegTestContainer.
    expect(deprecations).toBe(5);
  });

  it('answers a name a package no longer publishes with its history: versions, last signature, replacement and its entry on the page', () => {
    const sdkDir = path.resolve(__dirname, '../../generator/history/sdk');
    const problems: string[] = [];
    let asked = 0;
    // What the model says a package no longer publishes: a member or field a base still gives is not among it.
    const model = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../generated/sdk-model.json'), 'utf8')) as {
      packages: { short: string; exports: string[]; history?: { removed: { kind: string; key: string }[] } }[];
    };
    let inherited = 0;
    for (const file of fs.readdirSync(sdkDir).filter((name) => name.endsWith('.json'))) {
      const history = JSON.parse(fs.readFileSync(path.join(sdkDir, file), 'utf8')) as HistoryFile;
      const short = file.replace(/\.json$/, '');
      const pkg = model.packages.find((candidate) => candidate.short === short);
      const removed = new Set((pkg?.history?.removed ?? []).map((item) => `${item.kind} ${item.key}`));
      for (const kind of ['export', 'member', 'field'] as const) {
        for (const [key, entry] of Object.entries(history.items[kind] ?? {})) {
          if (entry.last === undefined) continue;
          if (!removed.has(`${kind} ${key}`)) {
            inherited += 1;
            continue;
          }
          const name = kind === 'member' ? key.replace('#static.', '.').replace('#', '.') : key;
          asked += 1;
          const { answer, isError } = ask('get_symbol', { name, package: short });
          const wrong = [
            isError ? 'an error' : '',
            String(answer.kind).startsWith('removed') ? '' : `kind ${String(answer.kind)}`,
            answer.since === entry.since && answer.last === entry.last ? '' : `versions ${String(answer.since)}-${String(answer.last)}`,
            answer.lastSignature === entry.signature ? '' : `signature ${String(answer.lastSignature)}`,
            ...urlProblems(answer.url),
            // Every successor opens where the package page links it: its section in this package or another
            // (`<package>:<name>`), or its own entry when a later release dropped it in turn.
            ...(typeof answer.replacedBy === 'object' && entry.replacedBy !== undefined ? urlProblems((answer.replacedBy as { url?: string }).url) : []),
            typeof answer.replacedBy === 'object' && !String((answer.replacedBy as { name?: string }).name).includes(entry.replacedBy?.split(/[:#]/).at(-1)?.replace(/^static\./, '') ?? '')
              ? `replacement ${String((answer.replacedBy as { name?: string }).name)}`
              : '',
            // A successor that a @deprecated note named carries the note's words.
            entry.replacedNote !== undefined && !String((answer.replacedBy as { note?: string } | undefined)?.note).includes(entry.replacedNote.text) ? 'the note naming the successor' : '',
          ].filter((problem) => problem !== '');
          if (wrong.length > 0) problems.push(`${short} ${name}: ${wrong.join('; ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // 78 entries of the history files: 72 removed, 6 still published through a base.
    expect([asked, inherited]).toEqual([72, 6]);
    const { answer } = ask('get_symbol', { name: 'generateMnemonic' });
    expect(answer).toMatchObject({
      package: '@defichain/jellyfish-wallet-mnemonic',
      kind: 'removed export',
      since: '0.12.0',
      last: '0.26.0',
      replacedBy: { name: 'generateMnemonicWords', url: 'https://jellyfishsdk.com/ecosystem/packages/jellyfish-wallet-mnemonic#generatemnemonicwords' },
      url: 'https://jellyfishsdk.com/ecosystem/packages/jellyfish-wallet-mnemonic#removed-generatemnemonic',
    });
  });

  it('shows a class as its section does: CTransactionSegWit and P2WPKHTransactionBuilder', () => {
    for (const [name, pkg] of [
      ['CTransactionSegWit', 'jellyfish-transaction'],
      ['P2WPKHTransactionBuilder', 'jellyfish-transaction-builder'],
    ] as const) {
      const { answer, isError } = ask('get_symbol', { name });
      expect(isError, name).toBe(false);
      expect(answer).toMatchObject({ name, package: `@defichain/${pkg}`, kind: 'class', url: `https://jellyfishsdk.com/ecosystem/packages/${pkg}#${name.toLowerCase()}` });
      const twin = fs.readFileSync(path.join(BUILD, `ecosystem/packages/${pkg}.md`), 'utf8');
      const section = findSection(twin, name)?.markdown ?? '';
      expect(section).toContain(`\`\`\`ts\n${String(answer.signature)}\n\`\`\``);
      expect(section).toContain(`**Constructor**, inherited from [\`${String((answer.classConstructor as { inheritedFrom: string }).inheritedFrom)}\`]`);
      for (const signature of (answer.classConstructor as { signatures: SignatureAnswer[] }).signatures) expect(section).toContain(`\`\`\`ts\n${signature.signature}\n\`\`\``);
      // Each member's heading on the page, in page order, with its signature block.
      const members = answer.members as MemberAnswer[];
      expect(members.length).toBeGreaterThan(5);
      const headings = twin.slice(twin.indexOf(section)).split('\n## ')[0]?.match(/^### .+$/gm) ?? [];
      expect(members.map((member) => `### ${member.name}`)).toEqual(headings.slice(0, members.length));
      for (const member of members) {
        const { anchor } = placeOf(String(member.url));
        expect(anchor).toBe(`${name.toLowerCase()}-${member.name.toLowerCase()}`);
        expect(findSection(section, member.name)?.markdown, member.name).toContain(`\`\`\`ts\n${String(member.signature ?? member.signatures?.[0]?.signature)}\n\`\`\``);
      }
    }
  });
});
