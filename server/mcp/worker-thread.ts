// The thread that answers /mcp (./worker.ts starts it): it loads the data once, then answers each JSON-RPC message
// the page-serving thread hands it with a fresh MCP server and transport, as the stateless HTTP endpoint does, and
// hands back the status, headers and body. The pages never wait on a tool call: it runs here.
import { parentPort, workerData } from 'node:worker_threads';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { DocsData, DocsDataError, type DocsSources } from './docs-data';
import { callTool, createDocsServer } from './mcp-server';
import { MCP_PATH } from './paths';
import type { WorkerAnswer, WorkerQuestion } from './worker';

let docs: DocsData | undefined;

/** The data, read on first need; a missing model is read again on the next request. */
function load(): DocsData {
  docs ??= new DocsData(workerData as DocsSources);
  return docs;
}

async function answer(question: WorkerQuestion): Promise<WorkerAnswer> {
  if (question.kind === 'version') {
    try {
      return { id: question.id, kind: 'version', version: load().rpc.package.version };
    } catch {
      return { id: question.id, kind: 'version', version: undefined };
    }
  }
  let data: DocsData;
  try {
    data = load();
  } catch (error) {
    if (!(error instanceof DocsDataError)) throw error;
    return { id: question.id, kind: 'unavailable', message: error.message };
  }
  const request = new Request(new URL(MCP_PATH, 'http://localhost'), { method: 'POST', headers: question.headers });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = createDocsServer(data);
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: question.message });
    const body = response.body === null ? '' : await response.text();
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    return { id: question.id, kind: 'answer', status: response.status, headers, body };
  } finally {
    await transport.close();
    await server.close();
  }
}

parentPort?.on('message', (question: WorkerQuestion) => {
  answer(question).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) =>
      parentPort?.postMessage({ id: question.id, kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

// Loaded before the first request, so that it does not wait for the data: the files, the indexes, and the tables the
// search builds on its first question.
try {
  callTool(load(), 'search', { query: 'block -4' });
} catch (error) {
  if (!(error instanceof DocsDataError)) throw error;
}
parentPort?.postMessage({ id: 0, kind: 'ready' } satisfies WorkerAnswer);
