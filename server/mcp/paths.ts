// Where the MCP server is on the site, shared by the server (./http.ts) and the llms.txt that advertises it
// (src/plugins/llms), so neither spells the paths on its own.

/** The Streamable HTTP endpoint. */
export const MCP_PATH = '/mcp';

/** The discovery document, at both names clients look for. */
export const WELL_KNOWN_PATHS = ['/.well-known/mcp', '/.well-known/mcp.json'] as const;

/** The command that runs the server over stdio, from the docs repository (npm's own banner would corrupt stdout). */
export const STDIO_COMMAND = 'npm run --silent mcp';
