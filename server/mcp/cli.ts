// Entry point of `npm run mcp`: the docs' MCP server over stdio, for an assistant that starts it as a local process.
// It answers offline from generated/ and build/ (or the folders --generated and --build name); stdout carries only
// the protocol, so everything else goes to stderr.
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DEFAULT_SOURCES, DocsDataError, docsData } from './docs-data';
import { createDocsServer } from './mcp-server';

const USAGE = `Usage: npm run --silent mcp [-- --generated <folder>] [--build <folder>]

Runs the documentation's MCP server on stdin/stdout. Reads ${path.relative(process.cwd(), DEFAULT_SOURCES.generated) || '.'}/ (npm run generate)
and ${path.relative(process.cwd(), DEFAULT_SOURCES.build) || '.'}/ (npm run build) unless told otherwise.`;

function parse(argv: readonly string[]): { generated: string; build: string } | 'help' {
  const sources = { ...DEFAULT_SOURCES };
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--(generated|build)(?:=(.*))?$/.exec(arg);
    if (!match) throw new DocsDataError(`Unknown argument "${arg}".\n\n${USAGE}`);
    let value = match[2];
    if (value === undefined) {
      value = argv[at + 1];
      at += 1;
    }
    if (value === undefined || value === '') throw new DocsDataError(`--${match[1] ?? ''} needs a folder.`);
    sources[match[1] as 'generated' | 'build'] = path.resolve(value);
  }
  return sources;
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  if (options === 'help') {
    console.error(USAGE);
    return;
  }
  const docs = docsData(options);
  if (!docs.hasBuild) console.error(`mcp: ${options.build} has no build: pages, examples and full-text search need \`npm run build\`.`);
  const server = createDocsServer(docs);
  await server.connect(new StdioServerTransport());
  console.error(`mcp: ${docs.sdk} docs on stdio (${docs.pages.size} pages, ${docs.engine.size} symbols)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DocsDataError ? `mcp: ${error.message}` : error);
  process.exit(1);
});
