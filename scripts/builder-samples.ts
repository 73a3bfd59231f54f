// Runs every builder sample (generator/examples/builder/<group>/<method>.ts) as printed against the stand-in Ocean and
// writes what it signed to generator/examples/builder/outputs.json: the hex it printed and the decoded form the
// pages show. Signatures are deterministic (RFC 6979), so a second run writes the same file;
// tests/unit/builder-samples.test.ts runs the samples again and holds them to it.
//
//   npx tsx scripts/builder-samples.ts
import fs from 'node:fs';
import {
  BUILDER_OUTPUTS_FILE,
  describeTransaction,
  listBuilderSamples,
  runBuilderSample,
  utxoFor,
  withStandInOcean,
  type BuilderOutput,
} from '../tests/support/builder-samples';

async function main(): Promise<void> {
  const outputs: Record<string, BuilderOutput> = {};
  await withStandInOcean(async (ocean) => {
    for (const sample of listBuilderSamples()) {
      const printed = await runBuilderSample(sample, ocean);
      const hex = printed[0];
      if (printed.length !== 1 || hex === undefined || !/^[0-9a-f]+$/.test(hex)) throw new Error(`${sample.key} printed ${JSON.stringify(printed)}`);
      outputs[sample.key] = { hex, decoded: describeTransaction(hex, utxoFor(sample.key)) };
    }
  });
  fs.writeFileSync(BUILDER_OUTPUTS_FILE, `${JSON.stringify(outputs, null, 2)}\n`);
  console.log(`wrote ${Object.keys(outputs).length} outputs to ${BUILDER_OUTPUTS_FILE}`);
}

void main();
