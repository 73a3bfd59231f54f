// The node RPC data (generator/node-rpcs) against a second reading of DeFiCh/ain by someone who did not see it
// (tests/fixtures/node-rpc-review/facts.json: 42 RPC names, five facts each). Where the two readings differed, the
// source at the tag settled it and the data follows the settled reading; the fixture's `about` says where.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

interface ReviewFact {
  name: string;
  registered: boolean;
  addedIn: string | null;
  args: { name: string; optional: boolean }[];
  needs: string[];
  changedAfter: boolean;
}
interface HelpFile {
  rpcs: { name: string; args: { name: string; presence: string }[]; needs: { need: string }[] }[];
}
interface HistoryFile {
  rpcs: Record<string, { changes: { tag: string; kind: string }[] }>;
}

const review = (JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/node-rpc-review/facts.json'), 'utf8')) as { rpcs: ReviewFact[] }).rpcs;
const help = new Map(
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/help-v4.0.9.json'), 'utf8')) as HelpFile).rpcs.map((rpc) => [rpc.name, rpc]),
);
const history = (JSON.parse(fs.readFileSync(path.join(ROOT, 'generator/node-rpcs/history.json'), 'utf8')) as HistoryFile).rpcs;

/** The release tags after the pinned node, in the data's own words: 4.1.x and 4.2.x. */
const isLater = (tag: string): boolean => /^v4\.[12]\./.test(tag);

describe('the node RPC data agrees with a second reading of the sources', () => {
  it('covers 42 names, five facts each', () => {
    expect(review).toHaveLength(42);
  });

  it.each(review.map((fact) => [fact.name, fact] as const))('%s', (name, fact) => {
    const rpc = help.get(name);
    expect(rpc !== undefined, 'registered at v4.0.9').toBe(fact.registered);
    if (rpc === undefined) return;
    const changes = history[name]?.changes ?? [];
    expect(changes.find((change) => change.kind === 'added')?.tag, 'added in').toBe(fact.addedIn);
    expect(
      rpc.args.map((arg) => ({ name: arg.name, optional: arg.presence !== 'required' })),
      'arguments',
    ).toEqual(fact.args);
    expect([...new Set(rpc.needs.map((need) => need.need))].sort(), 'needs').toEqual(fact.needs);
    expect(
      changes.some((change) => isLater(change.tag)),
      'changed by 4.1.x or 4.2.x',
    ).toBe(fact.changedAfter);
  });
});
