// get_custom_transaction: a DeFi custom transaction type (the DfTx message after OP_RETURN) of @defichain/jellyfish-
// transaction, from generated/custom-tx-model.json: its type byte, field layout with encodings, nested structures,
// the example composed and read back by the SDK byte by byte, what the node's decodecustomtx shows, the builder call
// and node RPC that create it, and the node's rules for it (generator/node-rules/dftx-rules.json): the fork it is
// accepted from with its heights, refusals and gates, what output 0 must carry, who may send it, the meaning of its
// enumerated values and where the node reads its bytes differently from the SDK, each with the lines it rests on.
import { z } from 'zod';
import type { CodecStructure, CustomTxReference, CustomTxType, FieldEncoding, NodeCite, NodeFact } from '../../../generator/model/custom-tx';
import { sourceUrl } from '../../../generator/model/queries';
import type { DocsData } from '../docs-data';
import { rpcErrorsAnswer } from './errors';
import { compact, defineTool, historyAnswer, type Answer, type Miss } from './tool';

/** At most this many nested structures are described with a type (the largest type uses 6). */
const MAX_STRUCTURES = 12;

function hexByte(code: number): string {
  return `0x${code.toString(16).padStart(2, '0')}`;
}

/** Every type the input may stand for: class or interface name, type byte or letter, op name, node name, builder call or RPC. */
function findCustomTxTypes(reference: CustomTxReference, input: string): CustomTxType[] {
  const query = input
    .trim()
    .replace(/^builder\./, '')
    .replace(/^client\./, '');
  const lower = query.toLowerCase();
  const structure = (type: CustomTxType): CodecStructure | undefined => reference.structures[type.className];
  const byte = /^0x([0-9a-f]{1,2})$/i.exec(query);
  const tests: Array<(type: CustomTxType) => boolean> = [
    (type) => type.className === query || type.className === `C${query}` || structure(type)?.interfaceName === query,
    // One character is the type byte as a letter, case and all (`s` is a pool swap, `S` is not).
    (type) => query.length === 1 && type.letter === query,
    (type) => byte?.[1] !== undefined && type.opCode === parseInt(byte[1], 16),
    (type) => type.opName === query.toUpperCase() || type.opName === `OP_DEFI_TX_${query.toUpperCase()}`,
    (type) => type.className.toLowerCase() === lower || type.className.toLowerCase() === `c${lower}` || structure(type)?.interfaceName?.toLowerCase() === lower,
    (type) => type.ain !== null && (type.ain.enumName.toLowerCase() === lower || type.ain.rpcName.toLowerCase() === lower),
    (type) => type.builderCalls.some((call) => `${call.group}.${call.method}`.toLowerCase() === lower || call.method.toLowerCase() === lower),
    (type) => type.rpcCalls.some((call) => call.rpc === lower || `${call.category}.${call.method}`.toLowerCase() === lower),
  ];
  for (const test of tests) {
    const found = reference.types.filter(test);
    if (found.length > 0) return found;
  }
  return [];
}

function encodingText(reference: CustomTxReference, encoding: FieldEncoding): { bytes: string; encoding: string } {
  switch (encoding.kind) {
    case 'helper':
      return {
        bytes: reference.encodings[encoding.helper]?.width ?? '',
        encoding: `${encoding.helper}: ${reference.encodings[encoding.helper]?.description ?? ''}`,
      };
    case 'sized':
      return {
        bytes: encoding.helper === 'bitmask1Byte' ? '1' : String(encoding.length),
        encoding: `${encoding.helper}(${encoding.length}): ${reference.encodings[encoding.helper]?.description ?? ''}`,
      };
    case 'single':
      return { bytes: 'varies', encoding: `${encoding.structure}, in place` };
    case 'array':
      return { bytes: 'varies', encoding: `compact-size count, then each ${encoding.structure}` };
    case 'custom':
      return { bytes: encoding.width, encoding: `${encoding.summary}: ${encoding.detail}` };
  }
}

function layout(reference: CustomTxReference, structure: CodecStructure): Answer[] {
  return structure.fields.map((field) => ({ field: field.names.join(', '), ...encodingText(reference, field.encoding) }));
}

/** The structures a type's fields nest, transitively, in the order they are met. */
function nestedStructures(reference: CustomTxReference, root: CodecStructure): CodecStructure[] {
  const seen = new Set<string>([root.className]);
  const order: CodecStructure[] = [];
  const visit = (structure: CodecStructure): void => {
    for (const field of structure.fields) {
      const name = field.encoding.kind === 'single' || field.encoding.kind === 'array' ? field.encoding.structure : undefined;
      const nested = name === undefined ? undefined : reference.structures[name];
      if (nested === undefined || seen.has(nested.className)) continue;
      seen.add(nested.className);
      order.push(nested);
      visit(nested);
    }
  };
  visit(root);
  return order;
}

/** `path:line` links of the lines a fact rests on. */
function cites(reference: CustomTxReference, at: readonly NodeCite[]): string[] {
  return at.map((cite) => sourceUrl(reference.node, cite.path, cite.line));
}

function factAnswer(reference: CustomTxReference, fact: NodeFact): Answer {
  return { text: fact.text, source: cites(reference, fact.at) };
}

/** What the node requires of the type, from its sources. */
function rulesAnswer(reference: CustomTxReference, type: CustomTxType): Answer {
  const node = type.node;
  const fork = node.activation.fork === null ? undefined : reference.node.forks[node.activation.fork];
  return compact({
    acceptedFrom:
      fork === undefined || node.activation.fork === null
        ? { text: node.activation.text, source: cites(reference, node.activation.at) }
        : {
            fork: node.activation.fork,
            mainnetHeight: fork.mainnet.height,
            testnetHeight: fork.testnet.height,
            source: cites(reference, [...node.activation.at, fork.mainnet, fork.testnet]),
          },
    handledAs: node.handledAs === null ? undefined : factAnswer(reference, node.handledAs),
    refused: node.refusedAfter === null ? undefined : factAnswer(reference, node.refusedAfter),
    gates: node.gates.length === 0 ? undefined : node.gates.map((gate) => factAnswer(reference, gate)),
    outputs: { rule: node.outputs.rule, text: node.outputs.text, source: cites(reference, node.outputs.at) },
    sender: factAnswer(reference, node.sender),
    values: node.enums.length === 0 ? undefined : node.enums.map((entry) => ({ field: entry.field, values: entry.values, source: cites(reference, entry.at) })),
    layout: node.layout.rows.map((row) =>
      compact({ nodeField: row.node, nodeBytes: row.nodeWire, sdkFields: row.sdk.join(', '), sdkBytes: row.same ? undefined : row.sdkWire, same: row.same }),
    ),
    layoutDifferences:
      node.layout.differences.length === 0
        ? undefined
        : node.layout.differences.map((difference) => ({
            field: difference.field,
            nodeReads: difference.node,
            sdkWrites: difference.sdk,
            bytesCoincide: difference.coincide,
            source: cites(reference, difference.at),
          })),
    decodecustomtx: node.decode.valid
      ? undefined
      : { valid: false, error: node.decode.error, source: cites(reference, [...reference.node.decode.at, ...node.decode.at]) },
  });
}

/**
 * What the node answers when it refuses to create the type from its wallet: the Errors list of the section of each
 * node RPC that makes it (get_rpc_method's own list); refusals of the transaction itself are in `nodeRules`.
 */
function rpcCallErrors(docs: DocsData, type: CustomTxType): Answer[] {
  return type.rpcCalls.flatMap((call) => {
    const category = docs.rpc.categories.find((candidate) => candidate.name === call.category);
    const method = category?.methods.find((candidate) => candidate.name === call.method);
    if (category === undefined || method === undefined) return [];
    const place = docs.methodPlace({ category, method });
    return [
      compact({
        call: `client.${call.category}.${call.method}`,
        url: place === undefined ? undefined : docs.url(place.route, place.anchor),
        errors: rpcErrorsAnswer(docs, method.errors, docs.rpc.errors),
      }),
    ];
  });
}

function typeAnswer(docs: DocsData, reference: CustomTxReference, type: CustomTxType): Answer {
  const structure = reference.structures[type.className];
  const family = reference.families.find((candidate) => candidate.name === type.family);
  const name = type.className.replace(/^C/, '');
  // The family's page, and the section its heading (`s · PoolSwap`) has there.
  const page = [...docs.pages.values()].find((candidate) => candidate.twin === `/ecosystem/custom-transactions/${type.family}.md`);
  const heading = page === undefined ? undefined : docs.headingsOf(page).find((candidate) => candidate.text === `${type.letter} · ${name}`);
  const ain = (at: { path: string; line: number } | null): string | undefined => (at === null ? undefined : sourceUrl(reference.ain, at.path, at.line));
  const nested = structure === undefined ? [] : nestedStructures(reference, structure);
  return compact({
    sdk: `${reference.package.name}@${reference.package.version}`,
    type: name,
    className: type.className,
    typeByte: `${hexByte(type.opCode)} ('${type.letter}')`,
    opName: type.opName,
    interface: structure?.interfaceName ?? undefined,
    family: family?.title,
    url: page === undefined ? undefined : docs.url(page.route, heading?.id ?? ''),
    envelope: `Output 0: 6a (OP_RETURN), the push (its length byte, or 4c and a length byte from 76 bytes), 44665478 ('DfTx'), ${type.opCode.toString(16).padStart(2, '0')}, then the payload, nothing after it.`,
    envelopeRules: reference.node.envelope.map((entry) => ({ rule: entry.key, ...factAnswer(reference, entry) })),
    nodeRules: rulesAnswer(reference, type),
    layout:
      structure === undefined ? undefined : structure.fields.length === 0 ? 'No fields: the type byte is the whole message.' : layout(reference, structure),
    structures:
      nested.length === 0
        ? undefined
        : Object.fromEntries(
            nested
              .slice(0, MAX_STRUCTURES)
              .map((each) => [each.className, compact({ interface: each.interfaceName ?? undefined, layout: layout(reference, each) })]),
          ),
    example: compact({
      payload: type.example.payload,
      // Empty for a type whose byte is the whole message: said as it is, not left out.
      payloadHex: type.example.payloadHex === '' ? '(empty)' : type.example.payloadHex,
      bytes: type.example.spans.map((span) => ({ offset: span.offset, hex: span.hex, field: span.path, value: span.meaning })),
      scriptHex: type.example.scriptHex,
      txid: type.example.txid,
      decodecustomtx: type.example.decoded,
      notes: type.example.notes,
    }),
    builder:
      type.builderCalls.length === 0
        ? [`builder.createDeFiTx(OP_CODES.${type.opCodesFunction ?? type.opName}(…), changeScript)`]
        : type.builderCalls.map((call) => `builder.${call.group}.${call.method}`),
    ...historyAnswer(docs.sdkReference?.symbols[`${reference.package.name.replace(/^@defichain\//, '')}.${type.className}`]?.history),
    nodeRpc: type.rpcCalls.map((call) => ({ rpc: call.rpc, call: `client.${call.category}.${call.method}` })),
    errors: rpcCallErrors(docs, type),
    node:
      type.ain === null
        ? undefined
        : compact({
            enum: type.ain.enumName,
            decodecustomtxType: type.ain.rpcName,
            declared: ain(type.ain.enumAt),
            results: ain(type.ain.resultsAt),
            consensus: ain(type.ain.consensusAt),
          }),
    source: structure === undefined ? undefined : sourceUrl(reference.package, structure.sourcePath, structure.sourceLine),
  });
}

export const getCustomTransaction = defineTool({
  name: 'get_custom_transaction',
  title: 'DeFi custom transaction',
  description:
    'One DeFi custom transaction type (the DfTx message in output 0) as @defichain/jellyfish-transaction composes it: give its name ' +
    '(PoolSwap, CPoolSwap), type byte (0x73 or the letter s), op name (OP_DEFI_TX_POOL_SWAP), builder call (dex.poolSwap) or node RPC ' +
    '(poolswap). Answers with the field layout and encodings, nested structures, an example payload byte by byte with what the ' +
    "node's decodecustomtx shows for the signed transaction, the builder and RPC calls that create it, the page URL, and the node's " +
    'rules from its sources: the fork and heights it is accepted from, refusals and attribute gates, what output 0 must carry, who ' +
    'may send it, the meaning of enumerated values, where the node reads the bytes differently, each with source links.',
  input: z.strictObject({
    type: z.string().min(1).max(120).describe('Name, type byte, op name, builder call or node RPC of the transaction type'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    type: z.string(),
    className: z.string(),
    typeByte: z.string(),
    opName: z.string(),
    url: z.string().optional(),
    layout: z.union([z.array(z.looseObject({})), z.string()]).optional(),
    since: z.string().optional(),
    errors: z.array(z.looseObject({ call: z.string() })).optional(),
  }),
  run(docs, { type: input }): Answer | Miss {
    const reference = docs.customTx;
    if (reference === undefined) return { miss: 'This server has no custom transaction model: run `npm run generate` in the docs repository.' };
    const found = findCustomTxTypes(reference, input);
    const [first] = found;
    if (first === undefined) {
      const words = input.toLowerCase().replace(/[^a-z]/g, '');
      const near = reference.types
        .filter((type) => words.length >= 3 && type.className.toLowerCase().includes(words))
        .map((type) => type.className.replace(/^C/, ''));
      return {
        miss: `No custom transaction type matches "${input}".`,
        suggestions: near.length > 0 ? near : reference.types.map((type) => type.className.replace(/^C/, '')),
      };
    }
    if (found.length > 1) {
      return {
        miss: `"${input}" matches ${found.length} custom transaction types; ask for one.`,
        suggestions: found.map((type) => `${type.className.replace(/^C/, '')} (${hexByte(type.opCode)})`),
      };
    }
    return typeAnswer(docs, reference, first);
  },
});
