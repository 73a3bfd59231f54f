// Reads the server's settings from command-line flags and the environment (flags win), with defaults.

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_ROOT = 'build';

export interface CliOptions {
  port: number;
  host: string;
  root: string;
  help: boolean;
}

export const USAGE = `Usage: npm run serve -- [--port <number>] [--host <address>] [--dir <build folder>]

Serves the production build. Environment: PORT and HOST (flags take precedence).
Defaults: port ${DEFAULT_PORT}, host ${DEFAULT_HOST}, folder ${DEFAULT_ROOT}/.`;

/** A setting that cannot be used; its message is for the person starting the server. */
export class OptionsError extends Error {}

function parsePort(value: string, source: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new OptionsError(`${source} must be a port number from 0 to 65535, got "${value}".`);
  }
  return Number(value);
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const flags = new Map<string, string>();
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const match = /^--(port|host|dir)(?:=(.*))?$/.exec(arg);
    if (!match) throw new OptionsError(`Unknown argument "${arg}".\n\n${USAGE}`);
    const name = match[1] as string;
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || value === '') throw new OptionsError(`--${name} needs a value.`);
    flags.set(name, value);
  }

  const portFlag = flags.get('port');
  const port = portFlag !== undefined ? parsePort(portFlag, '--port') : env.PORT !== undefined && env.PORT !== '' ? parsePort(env.PORT, 'PORT') : DEFAULT_PORT;
  const host = flags.get('host') ?? (env.HOST ? env.HOST : DEFAULT_HOST);
  const root = flags.get('dir') ?? DEFAULT_ROOT;
  return { port, host, root, help };
}
