// The SDK packages' part of the migration guide (docs/node/migrating-to-4.mdx#sdk-packages) against the release
// history (generator/history/sdk): every change 4.0.0 or 4.0.7 made to an export, member or field of the 17 packages is
// in its table, with the package it belongs to, and the packages it names are exactly those that changed. Its "before"
// sample is type-checked against jellyfish-transaction 3.39.1 by code-blocks.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { readSdkHistoryFile } from '../../generator/extract/history/attach';

const guide = fs.readFileSync(path.resolve(__dirname, '../../docs/node/migrating-to-4.mdx'), 'utf8');
const section = guide.slice(guide.indexOf("## The SDK's other packages"), guide.indexOf('## The Ocean client'));

/** What 4.x changed in each package: `kind key` of every change, addition to a published export, and removal. */
function changesOf4(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { short } of SDK_PACKAGES) {
    const file = readSdkHistoryFile(short);
    const at = (version: string | undefined): boolean => version !== undefined && version.startsWith('4.');
    const next = (version: string): string | undefined => file.versions[file.versions.indexOf(version) + 1];
    const lines: string[] = [];
    for (const [kind, items] of Object.entries(file.items)) {
      for (const [key, entry] of Object.entries(items ?? {})) {
        if ((entry.changed ?? []).some((change) => at(change.version))) lines.push(`${kind} ${key}`);
        if (entry.last !== undefined && at(next(entry.last))) lines.push(`${kind} ${key}`);
        const owner = key.split(/[#.]/)[0] ?? '';
        if (kind !== 'export' && at(entry.since) && !at(file.items.export?.[owner]?.since)) lines.push(`${kind} ${key}`);
      }
    }
    if (lines.length > 0) found.set(short, lines);
  }
  return found;
}

describe("the migration guide's SDK packages", () => {
  const changes = changesOf4();

  it('names every package 4.x changed, and no other', () => {
    const named = new Set([...section.matchAll(/\| \[`([\w-]+)`\]\(\/ecosystem\/packages\/releases\/v4#v4-0-0-/g)].map((found) => found[1]));
    expect([...named].sort()).toEqual([...changes.keys()].sort());
  });

  it('has a row for each change, in the row of its package', () => {
    const rows = section.split('\n').filter((line) => line.startsWith('| [`'));
    const missing: string[] = [];
    for (const [short, lines] of changes) {
      for (const line of lines) {
        const key = line.slice(line.indexOf(' ') + 1);
        // `TransferDomainItem.data` as written; a member or an object constant's member by its own name.
        const name = line.startsWith('field') ? key : (key.split('#').at(-1) ?? key);
        const inRow = rows.some((row) => row.includes(`[\`${short}\`]`) && row.includes(name.replace(/^static\./, '')));
        if (!inRow) missing.push(`${short}: ${line}`);
      }
    }
    expect(missing).toEqual([]);
    expect(changes.get('jellyfish-transaction')).toContain('field TransferDomainItem.data');
  });

  it('shows the breaking change with a before sample checked against 3.39.1, and links the release page', () => {
    expect(section).toContain('before="3.39.1"');
    expect(section).toContain('](/ecosystem/packages/releases/v4#v4-0-0)');
    expect(guide).not.toMatch(/an app on 3\.39\.1 upgrades by\s+bumping versions/);
  });
});
