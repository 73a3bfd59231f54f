// Checks the RPC example data of some categories (all when none are named) the way the generator and the tests use it:
//   npx tsx scripts/rpc-examples-check.ts [category...]
// For each method: a data file exists and parses; every example runs through the SDK's category class; its result is
// of the declared type (a missing field or a wrong JSON type is an error; a key the type does not declare is listed);
// addresses, hashes and amounts are real in form; the rendered TypeScript call compiles. Exit code 1 on any error.
import path from 'node:path';
import { extractRpcReference } from '../generator/extract/rpc/reference';
import { amountProblems, readRpcAmounts, readRpcExampleFiles, runRpcExample } from '../generator/extract/rpc/examples';
import { renderRunExample } from '../generator/render/rpc-example';
import { checkExampleValues } from '../tests/support/example-values-check';
import { typecheckSources } from '../tests/support/typecheck';

const ROOT = path.resolve(__dirname, '..');
const EXAMPLES = process.env.RPC_EXAMPLES_DIR ?? path.join(ROOT, 'generator/examples/rpc');

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const reference = extractRpcReference({
    packageDir: path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core'),
    repositoryFolder: 'packages/jellyfish-api-core',
  });
  const unknown = [...wanted].filter((name) => !reference.categories.some((category) => category.name === name));
  if (unknown.length > 0) throw new Error(`no such categories: ${unknown.join(', ')}`);
  const errors: string[] = [];
  const notes: string[] = [];
  let files: ReturnType<typeof readRpcExampleFiles>;
  let amounts: ReturnType<typeof readRpcAmounts>;
  try {
    files = readRpcExampleFiles(EXAMPLES);
    amounts = readRpcAmounts(path.join(EXAMPLES, 'amounts.json'));
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const sources = new Map<string, string>();
  let checked = 0;
  for (const category of reference.categories) {
    if (wanted.size > 0 && !wanted.has(category.name)) continue;
    for (const method of category.methods) {
      const key = `${category.name}.${method.name}`;
      const file = files.get(key);
      if (!file) {
        errors.push(`${key}: no data file (generator/examples/rpc/${category.name}/${method.name}.json)`);
        continue;
      }
      checked += 1;
      const used = new Set<string>();
      for (const [index, input] of file.examples.entries()) {
        const where = `${key} examples[${index}]`;
        try {
          const ran = await runRpcExample(reference, category.name, method, input, where, file.typeGaps);
          ran.usedGaps.forEach((gap) => used.add(gap));
          for (const problem of amountProblems(input.result, amounts.get(ran.example.rpcMethod) ?? [])) errors.push(`${where}: ${problem}`);
          for (const note of ran.example.runtimeTypes)
            notes.push(
              `${where}: the page will state ${note.path === '' ? '(root)' : note.path}: ${note.returned || note.reason} (declared ${note.declared || 'otherwise'})`,
            );
          for (const finding of ran.findings.filter((entry) => entry.kind === 'extra'))
            notes.push(`${where}: result ${finding.path}: a key the type does not declare`);
          const plainResult = JSON.parse(ran.example.result) as unknown;
          for (const problem of [...checkExampleValues(plainResult, 'result'), ...checkExampleValues(JSON.parse(ran.example.params) as unknown, 'params')]) {
            errors.push(`${where}: ${problem.path} ${JSON.stringify(problem.value)} ${problem.problem}`);
          }
          const code = renderRunExample(reference, category, method, ran.example, index);
          sources.set(code.fileName, code.typescript);
        } catch (error) {
          errors.push(`${where}: ${(error as Error).message}`);
        }
      }
      for (const gap of Object.keys(file.typeGaps).filter((path) => !used.has(path)))
        errors.push(`${key}: "typeGaps" names ${JSON.stringify(gap)}, where every example matches the declared type`);
    }
  }
  for (const diagnostic of typecheckSources(sources, 'rpc-examples-check')) errors.push(`TypeScript: ${diagnostic}`);
  for (const line of notes) console.log(`note: ${line}`);
  for (const line of errors) console.error(`error: ${line}`);
  console.log(`rpc-examples-check: ${checked} methods with data, ${sources.size} examples compiled, ${errors.length} errors, ${notes.length} notes`);
  if (errors.length > 0) process.exitCode = 1;
}

void main();
