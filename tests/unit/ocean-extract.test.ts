// The Ocean extractor on a small fixture client: lists, single items, POST bodies, path and query parameters, computed paths.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOceanReference } from '../../generator/extract/ocean/reference';
import type { OceanEndpoint } from '../../generator/model/types';

const reference = extractOceanReference({
  packageDir: path.join(__dirname, 'fixtures/ocean'),
  repositoryFolder: 'packages/fixture',
  clientClass: 'FixtureClient',
});
const things = reference.categories.find((category) => category.name === 'things');

function endpoint(name: string): OceanEndpoint {
  const found = things?.endpoints.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no endpoint ${name}`);
  return found;
}

describe('extractOceanReference on the fixture client', () => {
  it('reads the package, the client defaults and the categories from the client class', () => {
    expect(reference.package).toMatchObject({ name: '@fixture/ocean-client', version: '1.2.3', tag: 'v1.2.3' });
    expect(reference.defaults).toEqual({
      url: 'https://{network}.api.example.com',
      version: 'v2',
      network: 'testnet',
      timeout: 15000,
      urlLayout: ['url', 'version', 'network', 'path'],
    });
    expect(reference.categories.map((category) => category.name)).toEqual(['things']);
    expect(things?.doc.text).toBe('Things kept by the fixture service.');
    expect(things?.endpoints.map((e) => e.name)).toEqual(['list', 'get', 'create', 'getPair', 'search', 'count', 'run', 'getComputed']);
  });

  it('a list endpoint: requestList, size with the JS default and next as query parameters, the item type as data', () => {
    const list = endpoint('list');
    expect(list).toMatchObject({ httpMethod: 'GET', path: 'things', response: 'list', clientMethod: 'requestList', body: null });
    expect(list.parameters).toEqual([
      {
        name: 'size',
        in: 'query',
        type: { kind: 'intrinsic', name: 'number' },
        required: false,
        defaultValue: { kind: 'value', value: 20, text: '20' },
        description: 'of things to list',
        argument: 'size',
      },
      {
        name: 'next',
        in: 'query',
        type: { kind: 'intrinsic', name: 'string' },
        required: false,
        defaultValue: null,
        description: 'token of the next page',
        argument: 'next',
      },
    ]);
    expect(list.dataType).toMatchObject({ kind: 'reference', name: 'Thing', target: { kind: 'declared', id: 'things.Thing' } });
  });

  it('a single item: requestData, the id as a required path parameter', () => {
    const get = endpoint('get');
    expect(get).toMatchObject({ path: 'things/{id}', response: 'item', clientMethod: 'requestData' });
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', type: { kind: 'intrinsic', name: 'string' }, required: true, defaultValue: null, description: 'of the thing', argument: 'id' },
    ]);
    expect(get.pathNotes).toEqual([]);
  });

  it('a POST: the argument sent as the JSON body, no URL parameters', () => {
    const create = endpoint('create');
    expect(create).toMatchObject({ httpMethod: 'POST', path: 'things', parameters: [] });
    expect(create.body).toMatchObject({ argument: 'thing', description: 'to create', serializer: null, type: { kind: 'reference', name: 'NewThing' } });
    expect(create.dataType).toEqual({ kind: 'intrinsic', name: 'string' });
  });

  it('a segment composed in a local variable: two path parameters in one segment, with a note', () => {
    const pair = endpoint('getPair');
    expect(pair.path).toBe('pairs/{base}-{quote}/thing');
    expect(pair.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['base', 'path', true],
      ['quote', 'path', true],
    ]);
    expect(pair.pathNotes).toEqual([
      '`{base}-{quote}` is one path segment: the client joins the arguments `base` and `quote` into it (the local variable `pair`).',
    ]);
  });

  it('an options object: its fields become query parameters with the fallbacks of the compiled `??`', () => {
    const search = endpoint('search');
    expect(search.parameters.map((p) => [p.name, p.argument, p.defaultValue, p.required])).toEqual([
      ['size', 'query.size', { kind: 'value', value: 20, text: '20' }, false],
      ['next', 'query.next', null, false],
      ['color', 'query.color', { kind: 'enumMember', enum: 'ThingColor', member: 'RED', text: 'ThingColor.RED' }, false],
      ['verbose', '', { kind: 'value', value: true, text: 'true' }, false],
    ]);
    expect(search.parameters.find((p) => p.name === 'color')).toMatchObject({ description: 'colour to keep', type: { kind: 'reference', name: 'ThingColor' } });
    expect(things?.typeIds).toEqual(['things.NewThing', 'things.Thing', 'things.ThingColor', 'things.ThingQuery']);
  });

  it('a query string written into the path: split off the path, its value an argument, fixed pairs kept', () => {
    const count = endpoint('count');
    expect(count.path).toBe('things/count');
    expect(count.parameters.map((p) => [p.name, p.in, p.defaultValue, p.argument])).toEqual([
      ['within', 'query', { kind: 'value', value: 100, text: '100' }, 'within'],
      ['exact', 'query', { kind: 'value', value: '1', text: "'1'" }, ''],
    ]);
    expect(count.pathNotes).toContain(
      'The client writes `within` into the query string of the path itself, so it is sent even when the argument is undefined.',
    );
  });

  it('requestAsString with a serialised body: a raw response, the body fields from the arguments', () => {
    const run = endpoint('run');
    expect(run).toMatchObject({ httpMethod: 'POST', path: 'run/{command}', response: 'raw', clientMethod: 'requestAsString' });
    expect(run.body?.serializer).toBe('JSON.stringify');
    expect(run.body?.type).toMatchObject({ kind: 'object', fields: [{ name: 'args', type: { kind: 'array' }, doc: { text: 'of the command' } }] });
  });

  it('a path computed by other code: no invented parameter, a note with the code and a warning', () => {
    const computed = endpoint('getComputed');
    expect(computed.path).toBe('{computed}');
    expect(computed.parameters).toEqual([]);
    expect(computed.pathNotes).toEqual(["The client computes `{computed}` with code that is not a plain template: `'things/' + id.toLowerCase()`."]);
    expect(reference.warnings).toContain("things.getComputed: an expression this reader does not follow: 'things/' + id.toLowerCase()");
  });

  it('lists parameters without a @param description as warnings', () => {
    expect(reference.warnings).toEqual(expect.arrayContaining(['things.search(query.size): no description in the doc comment']));
  });
});

describe('extractOceanReference on the installed whale-api-client', () => {
  const real = extractOceanReference({
    packageDir: path.resolve(__dirname, '../../node_modules/@defichain/whale-api-client'),
    repositoryFolder: 'packages/whale-api-client',
  });

  it('reads 15 categories and 60 endpoints, and the defaults from the compiled client', () => {
    expect(real.categories).toHaveLength(15);
    expect(real.categories.reduce((sum, category) => sum + category.endpoints.length, 0)).toBe(60);
    expect(real.defaults).toMatchObject({ url: 'https://{network}.ocean.jellyfishsdk.com', version: 'v0', network: 'mainnet', timeout: 60000 });
  });

  it('maps the prices key segment and the governance option fields', () => {
    const prices = real.categories.find((category) => category.name === 'prices');
    expect(prices?.endpoints.find((e) => e.name === 'getFeedWithInterval')?.path).toBe('prices/{token}-{currency}/feed/interval/{interval}');
    const votes = real.categories.find((category) => category.name === 'governance')?.endpoints.find((e) => e.name === 'listGovProposalVotes');
    expect(votes?.path).toBe('governance/proposals/{id}/votes');
    expect(votes?.parameters.map((p) => `${p.in}:${p.name}=${p.defaultValue?.text ?? ''}`)).toEqual([
      "path:id=''",
      'query:size=30',
      'query:next=',
      'query:masternode=MasternodeType.MINE',
      'query:cycle=0',
      'query:all=false',
    ]);
  });
});
