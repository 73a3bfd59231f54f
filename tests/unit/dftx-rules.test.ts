// The node's rules per custom transaction type (generator/node-rules/dftx-rules.json): one entry for each of the 53
// types the SDK's codec dispatches on, each with its activation, output rule, sender and citations; and the layout the
// node reads compared field by field with the one the SDK's composers write (read here from the installed package):
// every difference is one the data explains, and every explanation is of a real difference. The pages rendered from
// the generated model (npm run generate) state each type's rules and explain each encoding once.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodecLayout } from '../../generator/extract/sdk/dftx-layout';
import { compareLayout, readNodeRules, type NodeRulesFileType } from '../../generator/extract/sdk/node-rules';
import type { CustomTxReference } from '../../generator/model/custom-tx';
import { renderFamilyPage, renderOverviewPage } from '../../generator/render/custom-tx-page';

const ROOT = path.resolve(__dirname, '../..');
const rules = readNodeRules(path.join(ROOT, 'generator/node-rules/dftx-rules.json'));
const codec = readCodecLayout(path.join(ROOT, 'node_modules/@defichain/jellyfish-transaction'), 'packages/jellyfish-transaction');
const structures = Object.fromEntries(codec.structures);
const types = codec.types.map((type) => ({ letter: String.fromCharCode(type.opCode), className: type.className }));

function entryOf(letter: string): NodeRulesFileType {
  const entry = rules.types[letter];
  if (entry === undefined) throw new Error(`no rules for ${letter}`);
  return entry;
}

describe('node rules of the custom transaction types', () => {
  it('cover exactly the 53 types of the codec', () => {
    expect(types).toHaveLength(53);
    expect(Object.keys(rules.types).sort()).toEqual(types.map((type) => type.letter).sort());
  });

  it.each(types.map((type) => [type.letter, type.className] as const))('%s (%s): activation, outputs, sender, citations', (letter) => {
    const entry = entryOf(letter);
    if (entry.activation.fork !== null) expect(rules.forks[entry.activation.fork]?.mainnet.height).toBeGreaterThan(0);
    expect(entry.outputs.text).not.toBe('');
    expect(entry.sender.text).not.toBe('');
    const cites = [
      entry.enumAt,
      ...entry.activation.at,
      ...entry.outputs.at,
      ...entry.sender.at,
      ...entry.gates.flatMap((gate) => gate.at),
      ...entry.enums.flatMap((item) => item.at),
      ...entry.layout.fields.map((field) => field.at),
    ];
    for (const cite of cites) {
      expect(cite.path).toMatch(/^src\//);
      expect(cite.line).toBeGreaterThan(0);
      expect(cite.text).not.toBe('');
    }
    // A value-zero rule cites where the node requires value 0: the handler's CheckCustomTx call, or for EvmTx, whose
    // handler calls none, the value test of IsEVMTx (src/consensus/tx_check.cpp), the shape the node takes for an EVM transaction.
    const valueZeroAt = letter === '9' ? 'tx.vout[0].nValue == 0 &&' : 'CheckCustomTx()';
    if (entry.outputs.rule === 'value-zero') expect(entry.outputs.at.some((cite) => cite.text.includes(valueZeroAt))).toBe(true);
  });

  it.each(types.map((type) => [type.letter, type.className] as const))(
    '%s (%s): the node reads what the SDK writes, or the data explains why not',
    (letter, className) => {
      expect(compareLayout(structures, className, entryOf(letter).layout).unexplained).toEqual([]);
    },
  );

  it('name the differences the node and the SDK have: PoolUpdatePair and SetGovVariableHeight', () => {
    const differing = types.filter((type) => compareLayout(structures, type.className, entryOf(type.letter).layout).rows.some((row) => !row.same));
    expect(differing.map((type) => type.letter).sort()).toEqual(['M', 'j', 'u']);
    const update = compareLayout(structures, 'CPoolUpdatePair', entryOf('u').layout).rows;
    expect(update.slice(0, 2).map((row) => [row.node, row.nodeWire, row.sdkWire])).toEqual([
      ['poolId', 'int32le', 'varint'],
      ['status', 'byte', 'bool32be'],
    ]);
  });

  it('goes red on a difference the data does not explain, and on an explanation of fields that agree', () => {
    const update = entryOf('u');
    const unexplained = compareLayout(structures, 'CPoolUpdatePair', { ...update.layout, differences: update.layout.differences.slice(0, 1) }).unexplained;
    expect(unexplained).toEqual([expect.stringContaining('CPoolUpdatePair.status: the node reads byte, the SDK writes bool32be')]);
    const swap = entryOf('s');
    const wrong = { ...swap.layout, fields: swap.layout.fields.map((field) => (field.name === 'idTokenFrom' ? { ...field, wire: 'int32le' } : field)) };
    expect(compareLayout(structures, 'CPoolSwap', wrong).unexplained).toHaveLength(1);
    const stale = { ...swap.layout, differences: [{ field: 'from', node: '', sdk: '', coincide: '', at: [] }] };
    expect(compareLayout(structures, 'CPoolSwap', stale).unexplained).toEqual([
      expect.stringContaining('explained as a difference, but both sides write script'),
    ]);
  });

  it('say what decodecustomtx prints for UpdateToken: refused after Bayfront at the height INT_MAX it decodes at', () => {
    expect(rules.decode.invalid).toEqual({ N: expect.objectContaining({ error: 'called after Bayfront height' }) });
    expect(rules.decode.at.map((cite) => cite.text)).toContain('res = RpcInfo(*tx, std::numeric_limits<int>::max(), guess, txResults);');
  });

  it('keep the envelope: the OP_PUSHDATA1 length byte, output 0 only, nothing after the push, token ids in version 4', () => {
    expect(rules.envelope.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['push', 'output-0-only', 'nothing-after', 'token-ids', 'check-custom-tx']),
    );
    const push = rules.envelope.find((entry) => entry.key === 'push');
    expect(push?.at.map((cite) => `${cite.path}:${cite.line}`)).toEqual(['src/consensus/tx_check.cpp:85', 'src/consensus/tx_check.cpp:86']);
  });
});

describe('custom transaction pages, rendered from the generated model', () => {
  const modelFile = path.join(ROOT, 'generated/custom-tx-model.json');
  const model = JSON.parse(fs.readFileSync(modelFile, 'utf8')) as CustomTxReference;
  const pages = model.families.map((family, index) => renderFamilyPage(model, family, index + 2));

  it("give every type's section the node's activation, output rule and sender, each with a link to its line", () => {
    const problems: string[] = [];
    for (const type of model.types) {
      const page = pages.find((candidate) => candidate.name === type.family)?.mdx ?? '';
      const start = page.indexOf(`## ${type.letter} · ${type.className.replace(/^C/, '')}`);
      const end = page.indexOf('\n## ', start + 1);
      const section = page.slice(start, end < 0 ? undefined : end);
      for (const needle of ['What the node requires of it', '- Outputs: ', '- Sender: ', 'https://github.com/DeFiCh/ain/blob/v4.0.9/src/'])
        if (!section.includes(needle)) problems.push(`${type.letter}: no "${needle}"`);
      if (type.node.activation.fork !== null && !section.includes(`Accepted from ${type.node.activation.fork}: block `))
        problems.push(`${type.letter}: no heights`);
    }
    expect(problems).toEqual([]);
  });

  it('explain each encoding once per family page: the field tables name the helper and link to that table', () => {
    for (const page of pages) {
      expect(page.mdx.match(/## Encodings on this page/g), page.name).toHaveLength(1);
      // The description of a helper (here varInt's) is written in the page's encodings table and nowhere else.
      expect(page.mdx.split('7 bits a byte').length - 1, page.name).toBeLessThanOrEqual(1);
    }
    const dex = pages.find((page) => page.name === 'dex')?.mdx ?? '';
    expect(dex).toContain('| 1 | `poolId` | 1 to 9 | [`varInt`](#encodings) | `05` |');
  });

  it('show the byte-level differences of PoolUpdatePair and why decodecustomtx refuses UpdateToken', () => {
    const dex = pages.find((page) => page.name === 'dex')?.mdx ?? '';
    expect(dex).toContain('| `poolId` | the raw uint32 `poolId.v`: 4 bytes, little-endian ([src/dfi/poolpairs.h:130]');
    const tokens = pages.find((page) => page.name === 'tokens')?.mdx ?? '';
    expect(tokens).toContain('`error: called after Bayfront height`');
    expect(model.types.find((type) => type.letter === 'N')?.example.decoded).toContain('"valid": false');
  });

  it("read the overview's envelope push as OP_PUSHDATA1 and its length byte", () => {
    const overview = renderOverviewPage(model).mdx;
    expect(overview).toContain('| `4c` | `OP_PUSHDATA1`: the length follows in one byte |');
    expect(overview).toContain("| `4d` | the data's length: 77 bytes |");
  });
});
