// Extracts the real transactions and DeFi output scripts of the SDK's own tests (BirthdayResearch/jellyfishsdk at the
// tag below, packages/jellyfish-transaction/__tests__) into tests/fixtures/inspect/sdk-fixtures.json, which the
// inspector's tests decode and compare with the SDK's decoders. A fixture is a hex string literal of a test file: a
// script that starts with OP_RETURN and a push of `DfTx`, or a raw transaction (version 1 to 4). Only strings the SDK
// itself reads back to the same bytes are kept; each keeps its file and line.
//
//   npx tsx scripts/inspect-fixtures.ts <jellyfishsdk git dir>
//
// <jellyfishsdk git dir> is a bare mirror (the `fetch` tool's /work/.mirror/BirthdayResearch+jellyfishsdk/repo).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SmartBuffer } from 'smart-buffer';
import * as jt from '@defichain/jellyfish-transaction';

const TAG = 'v4.0.7';
const FOLDER = 'packages/jellyfish-transaction/__tests__';
const OUT = path.resolve(__dirname, '../tests/fixtures/inspect/sdk-fixtures.json');

interface Fixture {
  kind: 'script' | 'transaction';
  path: string;
  line: number;
  hex: string;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Whether the SDK reads the bytes back to the same bytes. */
function roundTrips(fixture: Omit<Fixture, 'path' | 'line'>): boolean {
  try {
    const buffer = Buffer.from(fixture.hex, 'hex');
    if (fixture.kind === 'script') return jt.fromOPCodes(jt.toOPCodes(SmartBuffer.fromBuffer(buffer))).toString('hex') === fixture.hex;
    const segwit = buffer[4] === 0;
    const tx = segwit ? new jt.CTransactionSegWit(SmartBuffer.fromBuffer(buffer)) : new jt.CTransaction(SmartBuffer.fromBuffer(buffer));
    return tx.toHex() === fixture.hex;
  } catch {
    return false;
  }
}

function main(): void {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: npx tsx scripts/inspect-fixtures.ts <jellyfishsdk git dir>');
  const files = git(dir, 'ls-tree', '-r', '--name-only', TAG, FOLDER)
    .split('\n')
    .filter((file) => file.endsWith('.ts'));
  const seen = new Set<string>();
  const fixtures: Fixture[] = [];
  for (const file of files) {
    const lines = git(dir, 'show', `${TAG}:${file}`).split('\n');
    lines.forEach((text, index) => {
      for (const match of text.matchAll(/'([0-9a-f]{20,})'/g)) {
        const hex = match[1] ?? '';
        const kind = /^6a(4c..|4d....|[0-4][0-9a-f])44665478/.test(hex) ? 'script' : /^0[1-4]000000/.test(hex) && hex.length >= 120 ? 'transaction' : undefined;
        if (kind === undefined || seen.has(hex) || !roundTrips({ kind, hex })) continue;
        seen.add(hex);
        fixtures.push({ kind, path: file, line: index + 1, hex });
      }
    });
  }
  fs.writeFileSync(OUT, `${JSON.stringify({ repository: 'https://github.com/BirthdayResearch/jellyfishsdk', tag: TAG, fixtures }, null, 2)}\n`);
  const scripts = fixtures.filter((fixture) => fixture.kind === 'script').length;
  process.stdout.write(`${fixtures.length} fixtures (${scripts} scripts, ${fixtures.length - scripts} transactions) from ${files.length} files\n`);
}

main();
