// The "Errors" block of an RPC or Ocean section: a disclosure whose list (code, message, condition) the page renders
// when the reader opens it (src/components/LazyDetails), so that it costs the page's HTML one line. Errors many
// methods share are linked as groups to their sections on /node/errors and the Ocean overview.
import type { ErrorSource, OceanEndpointErrors, OceanError, OceanErrorCatalog, RpcError, RpcErrorCatalog, RpcMethodErrors } from '../model/types';
import { escapeDocLine, escapeInline, inlineCode } from './mdx';
import { messageLine } from '../../contract/error-message';
import { namedErrorGroups, sourceUrl } from '../model/queries';
import { ERRORS_LINK, oceanErrorGroupHref, oceanEveryEndpointHref, rpcErrorGroupHref, rpcEveryCallHref } from '../model/routes';

/** The component the block is wrapped in (src/components/LazyDetails, in ReferenceSection's components), and its summary. */
const LAZY_DETAILS_TAG = 'LazyDetails';
const ERRORS_SUMMARY = 'Errors';

/** A message as the node or server words it: inline code, its lines joined by ⏎ (`{name}` marks a value filled in). */
function messageCode(message: string): string {
  return inlineCode(messageLine(message));
}

function rpcCode(error: RpcError): string {
  const code = error.code === null ? '' : inlineCode(String(error.code));
  const status = error.httpStatus === 500 ? '' : `HTTP ${error.httpStatus}`;
  return [code, status].filter((part) => part !== '').join(' · ');
}

/** `src/rpc/util.cpp:114` as a link to that line of the node's sources at the tag. */
function placeLink(place: string, source: ErrorSource): string {
  const [file = '', line = ''] = place.split(':');
  return `[${escapeInline(place)}](${sourceUrl({ repositoryUrl: source.repository, tag: source.tag }, file, Number(line))})`;
}

function and(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The same code and message thrown at further places, so that a reader who meets the text finds each of them. */
function alsoAt(error: RpcError, source: ErrorSource): string {
  return error.alsoAt === undefined ? '' : ` The node throws the same at ${and(error.alsoAt.map((place) => placeLink(place, source)))} too.`;
}

function rpcItem(error: RpcError, source: ErrorSource): string {
  const message = error.message === '' ? 'empty body' : messageCode(error.message);
  return `- ${rpcCode(error)} ${message}: ${escapeDocLine(error.condition)}${alsoAt(error, source)}`;
}

/** A group whose errors the handler throws itself: where, so that its own wording can be found there. */
function absorbedItems(errors: RpcMethodErrors, catalog: RpcErrorCatalog): string[] {
  return namedErrorGroups(Object.keys(errors.absorbedAt ?? {}), catalog).map(
    (group) =>
      `- Its own code throws the [${escapeInline(group.title)}](${rpcErrorGroupHref(group.id)}) error, in its own words, at ${and((errors.absorbedAt?.[group.id] ?? []).map((place) => placeLink(place, catalog.source)))}.`,
  );
}

/** `Test TakeLoanTx execution failed:` and what follows: the trial run's refusals, under their common first line. */
const TRIAL_RUN = /^(Test \w+Tx execution failed:(?: not enough balance on owner's account, call utxostoaccount to increase it\.)?)\n([\s\S]*)$/;

function groupLinks(groups: readonly { id: string; title: string }[], hrefOf: (id: string) => string, every: string, everyLabel: string): string {
  const links = groups.map((group) => `[${escapeInline(group.title)}](${hrefOf(group.id)})`);
  return `- Also: ${[...links, `[${everyLabel}](${every})`].join(', ')}.`;
}

/** The Errors block of an RPC method's section (MDX). */
export function rpcErrorsBlock(errors: RpcMethodErrors, catalog: RpcErrorCatalog): string {
  const items: string[] = [];
  const trial = new Map<string, { error: RpcError; reason: string }[]>();
  for (const error of errors.errors) {
    const match = TRIAL_RUN.exec(error.message);
    if (match && error.code === -32600) {
      const head = match[1] ?? '';
      trial.set(head, [...(trial.get(head) ?? []), { error, reason: match[2] ?? '' }]);
    } else {
      items.push(rpcItem(error, catalog.source));
    }
  }
  for (const [head, reasons] of trial) {
    const nested = reasons.map(({ error, reason }) => `  - ${messageCode(reason)}: ${escapeDocLine(error.condition)}${alsoAt(error, catalog.source)}`);
    items.push(
      `- ${rpcCode(reasons[0]?.error ?? ({ code: -32600, httpStatus: 400 } as RpcError))} ${messageCode(head)} and a line saying why:\n${nested.join('\n')}`,
    );
  }
  items.push(...absorbedItems(errors, catalog));
  items.push(groupLinks(namedErrorGroups(errors.groups, catalog), rpcErrorGroupHref, rpcEveryCallHref(), 'those of every call'));
  return lazyDetails(items);
}

function oceanHead(error: OceanError): string {
  return inlineCode(error.type === '' ? String(error.status) : `${error.status} ${error.type}`);
}

function oceanItem(error: OceanError): string {
  if (error.properties !== undefined && error.properties.length > 0) {
    const rules = error.properties.map((p) => `${inlineCode(p.property)} (${p.constraints.map((c) => inlineCode(c)).join(', ')})`).join('; ');
    return `- ${oceanHead(error)} naming ${rules}: ${escapeDocLine(error.condition)}`;
  }
  const message = error.message === null ? 'without a message' : messageCode(error.message);
  return `- ${oceanHead(error)} ${message}: ${escapeDocLine(error.condition)}`;
}

/** The Errors block of an Ocean endpoint's section (MDX). */
export function oceanErrorsBlock(errors: OceanEndpointErrors, catalog: OceanErrorCatalog): string {
  const items = [
    `- Each comes in the [error envelope](${ERRORS_LINK}); the client throws it as ${inlineCode('WhaleApiException')} (${inlineCode('WhaleApiValidationException')} for a 422).`,
    ...errors.errors.map(oceanItem),
  ];
  items.push(groupLinks(namedErrorGroups(errors.groups, catalog), oceanErrorGroupHref, oceanEveryEndpointHref(), 'those of every endpoint'));
  return lazyDetails(items);
}

function lazyDetails(items: readonly string[]): string {
  return `<${LAZY_DETAILS_TAG} summary=${JSON.stringify(ERRORS_SUMMARY)}>\n\n${items.join('\n')}\n\n</${LAZY_DETAILS_TAG}>`;
}
