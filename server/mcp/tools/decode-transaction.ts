// decode_transaction: a raw DeFiChain transaction, an output script or a DfTx payload read byte by byte by the decoder
// of the transaction inspector page (src/inspect/decode.ts, /ecosystem/inspect), from generated/inspect-data.json: the
// txid, wtxid and sizes, inputs and outputs with addresses and token ids, the DeFi message's fields as the SDK reads
// them, the node's rules of its type as checks, each byte range with its field, and an error with its byte offset
// when the input does not read.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { InspectData } from '../../../contract/inspect-data';
import { inspect } from '../../../src/inspect/decode';
import type { DocsData } from '../docs-data';
import { compact, defineTool, type Answer, type Miss } from './tool';

const DATA_FILE = 'inspect-data.json';
const loaded = new Map<string, InspectData | null>();

function inspectData(docs: DocsData): InspectData | null {
  const file = path.join(docs.sources.generated, DATA_FILE);
  let data = loaded.get(file);
  if (data === undefined) {
    data = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as InspectData) : null;
    loaded.set(file, data);
  }
  return data;
}

/** The longest answer with its byte ranges: 8 KiB below the server's cap on an answer (MAX_ANSWER_CHARS, 64 KiB, in
 * ../mcp-server.ts, which imports this module through the tool table). */
const SPAN_BUDGET = 56 * 1024;

export const decodeTransaction = defineTool({
  name: 'decode_transaction',
  title: 'Decode a DeFiChain transaction',
  description:
    "Reads a raw DeFiChain transaction (segwit or not; version 4 outputs carry a token id), an output script, or a DfTx payload (hex from 44665478, the `DfTx` marker), as the site's transaction inspector does: txid, wtxid, size, vsize, weight; inputs and outputs with addresses for the network and token ids; the DeFi message's type and fields as @defichain/jellyfish-transaction reads them, with its custom transaction page; the node's rules for the type as checks (activation fork and height, output 0's value, sender, enumerated values); the fee when `inputValues` gives each input's value; every byte range with its field. Input that does not read gives `error` with the byte offset. Pass `hex` (0x, spaces and line breaks allowed).",
  input: z.object({
    hex: z.string().min(1).max(60_000).describe('Raw transaction, output script or DfTx payload, in hex'),
    network: z.enum(['mainnet', 'testnet', 'regtest']).optional().describe('For addresses and fork heights; mainnet by default'),
    as: z.enum(['auto', 'transaction', 'script', 'dftx']).optional().describe('What the hex is; told by its first bytes by default'),
    height: z.number().int().nonnegative().optional().describe("A block height to check the type's activation against"),
    inputValues: z.array(z.string()).max(10_000).optional().describe("The DFI value of each input's prevout, in order (for the fee)"),
  }),
  output: z.looseObject({
    as: z.string(),
    network: z.string(),
    size: z.number(),
    error: z.looseObject({}).optional(),
    transaction: z.looseObject({}).optional(),
    script: z.looseObject({}).optional(),
    dftx: z.looseObject({ url: z.string() }).optional(),
    checks: z.array(z.looseObject({})).optional(),
    rules: z.string().optional(),
    page: z.string(),
    bytes: z.array(z.looseObject({})).optional(),
    bytesOmitted: z.string().optional(),
  }),
  run(docs, args): Answer | Miss {
    const data = inspectData(docs);
    if (data === null) return { miss: `generated/${DATA_FILE} is missing: run \`npm run generate\`.` };
    const result = inspect(args.hex, data, { network: args.network, as: args.as, height: args.height, inputValues: args.inputValues });
    const answer: Answer = compact({
      as: result.as,
      network: result.network,
      size: result.size,
      error: result.error,
      transaction: result.transaction,
      script: result.script,
      dftx: result.dftx === undefined ? undefined : { ...result.dftx, url: docs.url(result.dftx.href) },
      checks: result.checks,
      rules: result.dftx === undefined ? undefined : `Node rules of DeFiCh/ain ${data.ainTag}; layouts of @defichain/jellyfish-transaction ${data.sdkVersion}.`,
      page: docs.url('/ecosystem/inspect'),
    });
    const spans = JSON.stringify(result.spans);
    if (spans.length + JSON.stringify(answer).length <= SPAN_BUDGET) answer.bytes = result.spans;
    else answer.bytesOmitted = `${result.spans.length} byte ranges left out: the answer would pass the server's size cap.`;
    return answer;
  },
});
