// A second reading of a sample of the committed node RPC data (generator/node-rpcs), from the sources by other means
// than scripts/derive-node-rpcs.ts: every seventh RPC of v4.0.9 by name (45 of 310), and for each
// - the release that added it: its name is a table entry at that tag and at none of the releases before it;
// - its arguments: the names in `{"name", RPCArg::Type::...}` pairs of its handler, read as flat text (every level),
//   lines commented out left out (the first run of this check counted transferdomain's commented-out `data` twice);
// - what it needs: the helpers and names of its handler's body, read as text from the cited line to the closing brace.
// Only where a DeFiCh/ain mirror is on the machine (AIN_GIT_DIR, or the path the README names).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const MIRROR = process.env.AIN_GIT_DIR ?? '/work/.mirror/DeFiCh+ain/repo';

interface HelpArg {
  name: string;
  inner: HelpArg[];
}
interface HelpRpc {
  name: string;
  handler: { path: string; line: number } | null;
  args: HelpArg[];
  needs: { need: string }[];
}
const help = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/help-v4.0.9.json'), 'utf8')) as { rpcs: HelpRpc[] };
const history = JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/history.json'), 'utf8')) as {
  tags: string[];
  rpcs: Record<string, { changes: { tag: string; kind: string }[] }>;
};

const sample = help.rpcs.filter((_rpc, index) => index % 7 === 0);

function git(...args: string[]): string {
  return execFileSync('git', ['--git-dir', MIRROR, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

const namesAt = new Map<string, Set<string>>();
/** Every name in a table entry at a tag: files that mention CRPCCommand, entries read over the whole text. */
function tableNames(tag: string): Set<string> {
  const known = namesAt.get(tag);
  if (known !== undefined) return known;
  const files = git('grep', '-l', 'CRPCCommand', tag, '--', 'src/*.cpp')
    .split('\n')
    .filter((line) => line !== '');
  const names = new Set<string>();
  for (const file of files) {
    const text = git('show', file)
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .replace(/\/\/[^\n]*/g, ' ');
    for (const match of text.matchAll(/\{\s*"[a-z_]+"\s*,\s*"([A-Za-z0-9_]+)"\s*,\s*&/g)) names.add(match[1] ?? '');
  }
  namesAt.set(tag, names);
  return names;
}

/** The handler's text from its cited line to the first line that is a lone `}` at the start. */
function handlerText(rpc: HelpRpc): string {
  if (rpc.handler === null) throw new Error(`${rpc.name}: no handler cited`);
  const lines = git('show', `v4.0.9:${rpc.handler.path}`)
    .split('\n')
    .slice(rpc.handler.line - 1);
  const end = lines.findIndex((line) => line === '}');
  // Lines commented out are not code: transferdomain's help keeps a `data` member that way.
  return lines
    .slice(0, end + 1)
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
}

function flatNames(args: readonly HelpArg[]): string[] {
  return args.flatMap((arg) => [arg.name, ...flatNames(arg.inner)]).filter((name) => name !== '');
}

describe.runIf(fs.existsSync(MIRROR))('the node RPC data, read again from the sources for 45 RPCs', () => {
  it('samples 45 RPCs', () => {
    expect(sample).toHaveLength(45);
  });

  it.each(sample.map((rpc) => [rpc.name, rpc] as const))('%s: added in, arguments, needs', (name, rpc) => {
    const added = history.rpcs[name]?.changes.find((change) => change.kind === 'added')?.tag;
    if (added === undefined) throw new Error(`${name}: no release added it`);
    expect(tableNames(added).has(name), `${name} at ${added}`).toBe(true);
    for (const tag of history.tags.slice(0, history.tags.indexOf(added))) expect(tableNames(tag).has(name), `${name} at ${tag}`).toBe(false);

    const text = handlerText(rpc);
    const code = text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => (literal.startsWith('"-') || literal === '"spv module disabled"' ? literal : '""'));
    const argNames = [...text.matchAll(/\{\s*"([^"]*)"\s*,\s*RPCArg::Type::/g)].map((match) => match[1] ?? '').filter((arg) => arg !== '');
    expect(argNames.sort(), `${name} arguments`).toEqual(flatNames(rpc.args).sort());

    const needs = new Set<string>();
    if (/\b(GetWallet|GetWalletForJSONRPCRequest)\s*\(/.test(code)) needs.add('wallet');
    if (/\bEnsureWalletIsUnlocked\s*\(/.test(code)) needs.add('unlocked-wallet');
    if (/\bg_txindex\b/.test(code)) needs.add('txindex');
    if (/\bpaccountHistoryDB\b/.test(code)) needs.add('acindex');
    if (/\bpvaultHistoryDB\b/.test(code)) needs.add('vaultindex');
    if (code.includes('"-rpc-governance-accept-neutral"')) needs.add('governance-neutral');
    if (code.includes('"spv module disabled"')) needs.add('spv');
    expect([...needs].sort(), `${name} needs`).toEqual(rpc.needs.map((need) => need.need).sort());
  });
});
