// The transaction inspector's data (contract/inspect-data.ts), from the custom transaction model: each type's layout,
// its section on the custom transaction pages and the node's rules for it, the fork heights, and the token symbols the
// site's RPC examples name (token and pool pair listings, mainnet ids).
import type { CustomTxReference, NodeCite } from '../model/custom-tx';
import type { RpcReference } from '../model/types';
import { CUSTOM_TX_ROUTE, customTxHref, structureAnchor } from '../model/routes';
import type { InspectData, InspectEncoding, InspectStructure, InspectType } from '../../contract/inspect-data';

/** The file the generator writes in generated/. */
export const INSPECT_DATA_FILE = 'inspect-data.json';

function cite(at: readonly NodeCite[]): string {
  const first = at[0];
  return first === undefined ? '' : `${first.path}:${first.line}`;
}

/** RPC methods whose example results are objects keyed by token id, each with a `symbol`. */
const TOKEN_LISTINGS = new Set(['token.listTokens', 'token.getToken', 'poolpair.listPoolPairs', 'poolpair.getPoolPair', 'loan.listLoanTokens']);

function tokenSymbols(rpc: RpcReference): Record<string, string> {
  const tokens = new Map<number, string>();
  for (const category of rpc.categories)
    for (const method of category.methods) {
      if (!TOKEN_LISTINGS.has(`${category.name}.${method.name}`)) continue;
      for (const example of method.examples) {
        let result: unknown;
        try {
          result = JSON.parse(example.result);
        } catch {
          continue;
        }
        if (typeof result !== 'object' || result === null) continue;
        for (const [id, entry] of Object.entries(result)) {
          const symbol = (entry as { symbol?: unknown } | null)?.symbol;
          if (/^\d+$/.test(id) && typeof symbol === 'string') tokens.set(Number(id), symbol);
        }
      }
    }
  return Object.fromEntries([...tokens].sort((a, b) => a[0] - b[0]).map(([id, symbol]) => [String(id), symbol]));
}

export function renderInspectData(customTx: CustomTxReference, rpc: RpcReference): InspectData {
  const typeHref = new Map(customTx.types.map((type) => [type.className, customTxHref(type)]));
  const structures: Record<string, InspectStructure> = {};
  for (const [name, structure] of Object.entries(customTx.structures)) {
    structures[name] = {
      href: typeHref.get(name) ?? `${CUSTOM_TX_ROUTE}#${structureAnchor(name)}`,
      fields: structure.fields.map((field) => {
        const encoding: InspectEncoding =
          field.encoding.kind === 'custom' ? { kind: 'custom', key: field.encoding.key, summary: field.encoding.summary } : field.encoding;
        return { names: field.names, encoding };
      }),
    };
  }
  const types: InspectType[] = customTx.types.map((type) => {
    const node = type.node;
    return {
      opCode: type.opCode,
      letter: type.letter,
      className: type.className,
      opName: type.opName,
      name: type.ain?.rpcName ?? type.opName,
      href: customTxHref(type),
      activation: { fork: node.activation.fork, text: node.activation.text, at: cite(node.activation.at) },
      refusedAfter: node.refusedAfter === null ? null : { text: node.refusedAfter.text, at: cite(node.refusedAfter.at) },
      outputs: { rule: node.outputs.rule, text: node.outputs.text, at: cite(node.outputs.at) },
      sender: { text: node.sender.text, at: cite(node.sender.at) },
      enums: node.enums.map((entry) => ({ field: entry.field, values: entry.values })),
      decodeError: node.decode.valid ? null : node.decode.error,
      nodeDifferences: node.layout.differences.map((difference) => ({
        fields: node.layout.rows.find((row) => row.node === difference.field)?.sdk ?? [],
        node: difference.node,
        coincide: difference.coincide,
        at: cite(difference.at),
      })),
    };
  });
  return {
    sdkVersion: customTx.package.version,
    ainTag: customTx.node.tag,
    forks: Object.fromEntries(
      Object.entries(customTx.node.forks).map(([name, fork]) => [name, { mainnet: fork.mainnet.height, testnet: fork.testnet.height }]),
    ),
    types,
    structures,
    unmapped: customTx.unmapped.map((entry) => ({ letter: entry.letter, name: entry.enumName })),
    tokens: tokenSymbols(rpc),
    envelopeHref: CUSTOM_TX_ROUTE,
  };
}
