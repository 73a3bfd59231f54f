// Reads build/: /ocean/openapi.json is valid OpenAPI 3.1 and has exactly the endpoints the Ocean pages document.
import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import { SITE_URL } from '../../config/site';
import { parseHtml } from '../../src/plugins/llms/html-to-markdown';
import type { OpenApiDocument } from '../../generator/emit/openapi';
import { invalidSchemas, unresolvedRefs, validateOpenApi } from '../support/spec-validate';

/** The page's blocks, whether directly in the Markdown body or inside a generated section's <Deferred> wrapper. */
const SECTION_CHILDREN = 'article .theme-doc-markdown > *, article .theme-doc-markdown > [data-deferred] > *';

const BUILD = path.resolve(__dirname, '../../build');
const OCEAN = path.join(BUILD, 'ocean');
const document = JSON.parse(fs.readFileSync(path.join(OCEAN, 'openapi.json'), 'utf8')) as OpenApiDocument;
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface PageEndpoint {
  /** `GET /v0/{network}/address/{address}/balance` */
  request: string;
  url: string;
}

/** The request line under each h2 of the Ocean pages: `<p><code>GET</code> <code>/v0/...</code></p>`. */
function pageEndpoints(): PageEndpoint[] {
  const found: PageEndpoint[] = [];
  const pages = fs.readdirSync(OCEAN, { withFileTypes: true }).filter((entry) => entry.isDirectory() && fs.existsSync(path.join(OCEAN, entry.name, 'index.html')));
  for (const page of pages) {
    const tree = parseHtml(fs.readFileSync(path.join(OCEAN, page.name, 'index.html'), 'utf8'));
    let anchor: string | undefined;
    for (const node of selectAll(SECTION_CHILDREN, tree)) {
      if (node.tagName === 'h2') anchor = typeof node.properties.id === 'string' ? node.properties.id : undefined;
      const codes = node.children.filter((child): child is Element => child.type === 'element');
      const [method, route] = codes.map((child) => toText(child).trim());
      if (node.tagName === 'p' && codes.length === 2 && codes.every((child) => child.tagName === 'code') && method && HTTP_METHODS.includes(method) && route) {
        if (!anchor) throw new Error(`${page.name}: a request line outside an endpoint section`);
        found.push({ request: `${method} ${route}`, url: `${SITE_URL}/ocean/${page.name}#${anchor}` });
      }
    }
  }
  return found;
}

const endpoints = pageEndpoints();
const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ request: `${method.toUpperCase()} ${route}`, operation })),
);

describe('/ocean/openapi.json', () => {
  it('is valid OpenAPI 3.1; every $ref resolves and every schema compiles as JSON Schema 2020-12', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateOpenApi(document as unknown as Record<string, unknown>)).toEqual([]);
    expect(unresolvedRefs(document)).toEqual([]);
    expect(await invalidSchemas(document.components.schemas, `${SITE_URL}/ocean/openapi.json`)).toEqual([]);
  });

  it('reads the Ocean pages: the four of SPEC §2 and every other category', () => {
    const pages = new Set(endpoints.map((endpoint) => new URL(endpoint.url).pathname));
    for (const page of ['/ocean/address', '/ocean/oracles', '/ocean/poolpairs', '/ocean/prices']) expect(pages).toContain(page);
    expect(endpoints.length).toBeGreaterThanOrEqual(60);
  });

  it('has exactly the endpoints the pages document, each once', () => {
    expect(operations.map((entry) => entry.request).sort()).toEqual(endpoints.map((endpoint) => endpoint.request).sort());
  });

  it('links each operation to its section on the pages', () => {
    for (const { request, operation } of operations) {
      const section = endpoints.find((endpoint) => endpoint.request === request);
      expect((operation.externalDocs as { url: string }).url, request).toBe(section?.url);
    }
  });

  it('answers in the envelope, and names the default server', () => {
    for (const { request, operation } of operations) {
      const responses = operation.responses as Record<string, { content?: Record<string, { schema: { required?: string[] } }>; $ref?: string }>;
      // `data` is required, but where the client may return nothing (it then answers `{}`): getAccountHistory, rawtx.test.
      const optionalData = ['GET /v0/{network}/address/{address}/history/{height}/{txno}', 'POST /v0/{network}/rawtx/test'].includes(request);
      expect(responses['200']?.content?.['application/json']?.schema.required, request).toEqual(optionalData ? undefined : ['data']);
      expect(responses['4XX']?.$ref, request).toBe('#/components/responses/ClientError');
      expect(responses.default?.$ref, request).toBe('#/components/responses/Error');
    }
    expect(document.servers[0]?.url).toBe('https://{network}.ocean.jellyfishsdk.com');
    expect(document.servers[0]?.variables.network?.default).toBe('mainnet');
  });
});
