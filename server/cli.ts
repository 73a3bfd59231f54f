// Entry point of `npm run serve`: starts the production server and stops it gracefully on SIGTERM or SIGINT.
import fs from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE } from './security-headers';
import { DEFAULT_SOURCES } from './mcp/docs-data';
import { OptionsError, USAGE, parseOptions } from './options';
import { BuildFolderError, startServer } from './server';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const root = path.resolve(options.root);
  // Origins of pages elsewhere that may call /mcp from a browser (the server's own always may), comma-separated.
  const allowedOrigins = (process.env.MCP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const running = await startServer({ root, port: options.port, host: options.host, mcp: { allowedOrigins } });
  console.log(`Serving ${path.relative(process.cwd(), root) || '.'}/ at ${running.url}`);
  console.log(`(host ${running.host}, port ${running.port}; change with --host/--port or HOST/PORT; Ctrl-C stops)`);
  console.log(`MCP server for AI assistants (Streamable HTTP) at ${running.url}mcp, described at ${running.url}.well-known/mcp`);
  if (!fs.existsSync(path.join(DEFAULT_SOURCES.generated, 'rpc-model.json'))) {
    console.warn('serve: the generated model is missing, so /mcp answers 503. `npm run generate` (or `npm run build`) writes it.');
  }
  if (!fs.existsSync(path.join(root, 'index.html.br'))) {
    console.warn('serve: the build has no precompressed files, so pages go out uncompressed. `npm run build` makes them.');
  }
  if (!fs.existsSync(path.join(root, HEADERS_FILE))) {
    console.warn(`serve: the build has no ${HEADERS_FILE} file, so pages go out without a Content-Security-Policy. \`npm run build\` writes it.`);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    void running.close().then(() => {
      console.log('Server stopped.');
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof OptionsError || error instanceof BuildFolderError) {
    console.error(`serve: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`serve: the port is already in use. Pick another with --port or PORT.`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') {
    console.error(`serve: the host address is not available on this machine. Pick another with --host or HOST.`);
  } else {
    console.error('serve: could not start:', error);
  }
  process.exit(1);
});
