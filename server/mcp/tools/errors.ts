// The Errors list of a method's or endpoint's section, from the model as the page's block is made from it
// (generator/render/errors.ts): the errors of its own, and the catalog's groups it names, each with the URL of its
// section where the symbol index places one; besides these, the groups of every call.
import type {
  ErrorSource,
  OceanEndpointErrors,
  OceanError,
  OceanErrorCatalog,
  RpcError,
  RpcErrorCatalog,
  RpcMethodErrors,
} from '../../../generator/model/types';
import { namedErrorGroups, sourceUrl } from '../../../generator/model/queries';
import { messageLine } from '../../../contract/error-message';
import { KINDS } from '../../../contract/symbol-index';
import type { DocsData } from '../docs-data';
import { compact, type Answer } from './tool';

const groupUrls = new WeakMap<DocsData, Map<string, string>>();

/**
 * The URL of a group's section: the heading of that id and title on a page where the symbol index files error
 * messages (the node's errors page, the Ocean overview).
 */
export function errorGroupUrl(docs: DocsData, group: { id: string; title: string }): string | undefined {
  let urls = groupUrls.get(docs);
  if (urls === undefined) {
    urls = new Map();
    const error = KINDS.indexOf('error');
    const routes = new Set(docs.symbols.entries.filter(([, kind]) => kind === error).map(([, , page]) => docs.symbols.pages[page]?.[0] ?? ''));
    for (const route of routes) {
      const page = docs.pageOf(route)?.page;
      for (const heading of page === undefined ? [] : docs.headingsOf(page)) urls.set(`${heading.id}\u0000${heading.text}`, docs.url(route, heading.id));
    }
    groupUrls.set(docs, urls);
  }
  return urls.get(`${group.id}\u0000${group.title}`);
}

/** `src/rpc/blockchain.cpp:966` as a link into the repository the errors were read from, at its tag. */
function citeUrl(source: ErrorSource, at: string): string {
  const [, file = at, line] = /^(.*):(\d+)$/.exec(at) ?? [];
  return sourceUrl({ repositoryUrl: source.repository, tag: source.tag }, file, line === undefined ? null : Number(line));
}

function errorsAnswer<E>(
  docs: DocsData,
  errors: { groups: string[]; errors: E[] },
  catalog: { groups: readonly { id: string; title: string; scope: string }[] },
  item: (error: E) => Answer,
): Answer {
  return compact({
    own: errors.errors.map(item),
    groups: namedErrorGroups(errors.groups, catalog).map((group) => compact({ ...group, url: errorGroupUrl(docs, group) })),
    everyCall: catalog.groups.filter((group) => group.scope === 'every').map((group) => group.title),
  });
}

export function rpcErrorsAnswer(docs: DocsData, errors: RpcMethodErrors | undefined, catalog: RpcErrorCatalog | undefined): Answer | undefined {
  if (errors === undefined || catalog === undefined) return undefined;
  return errorsAnswer(docs, errors, catalog, (error: RpcError) =>
    compact({
      code: error.code ?? undefined,
      codeName: error.codeName,
      httpStatus: error.httpStatus,
      message: messageLine(error.message),
      condition: error.condition,
      source: citeUrl(catalog.source, error.source),
    }),
  );
}

export function oceanErrorsAnswer(docs: DocsData, errors: OceanEndpointErrors | undefined, catalog: OceanErrorCatalog | undefined): Answer | undefined {
  if (errors === undefined || catalog === undefined) return undefined;
  return errorsAnswer(docs, errors, catalog, (error: OceanError) =>
    compact({
      status: error.status,
      type: error.type,
      message: error.message === null ? undefined : messageLine(error.message),
      condition: error.condition,
      properties: error.properties,
      source: citeUrl(catalog.source, error.source),
    }),
  );
}
