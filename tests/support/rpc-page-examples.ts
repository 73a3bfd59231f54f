// Reads the examples of the generated RPC pages as a reader sees them: for each method section, each example's
// TypeScript, the curl request, the node's answer and the "Types at run time" list, in page order.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseLossless } from 'lossless-json';
import type { RpcReference } from '../../generator/model/types';
import { checkRuntimeValue, isFault } from '../../generator/model/runtime-types';
import { coveredBy, resolvedReturnType } from '../../generator/extract/rpc/examples';
import { EXAMPLE_CLIENT_URL } from '../../generator/render/rpc-example';
import { readGeneratedPage, rpcCategoryFiles } from './page-text';
import { runSnippet, topLevelConstants } from './run-snippet';
import { resultAnswer, type StandInNode } from './stand-in-node';

const RPC_PAGES = path.resolve(__dirname, '../../docs/node/jellyfish/api');

export interface PageExample {
  category: string;
  method: string;
  /** The TypeScript block's title (`account.getAccount.1.ts`). */
  file: string;
  typescript: string;
  curl: string;
  /** The JSON body of the answer block, or null when the section shows none. */
  response: string | null;
  /** Items of the run-time types warning: `{ path, returned, declared }`, path relative to the result constant. */
  runtime: { variable: string; path: string; returned: string; declared: string }[];
}

const FENCE = /```(\w+)(?: title="([^"]*)")?\n([\s\S]*?)\n```/g;
const RUNTIME_ITEM = /^- `([A-Za-z_$][\w$]*)((?:\.|\[)[^`]*)?`: (.*)$/;
const RUNTIME_TYPES = /^(?:a `(\w+)`|(absent)) at run time; the package declares `([^`]+)`\./;

/** Splits a page into its method sections: from a level-2 heading (`## name`) up to the next one. */
function sections(mdx: string): { name: string; text: string }[] {
  const parts = mdx.split(/\n(?=## )/);
  return parts.map((part) => ({ name: /^## (\S+)/.exec(part)?.[1] ?? '', text: part })).filter((part) => part.name !== '' && part.name !== 'Types');
}

export function readPageExamples(dir = RPC_PAGES): PageExample[] {
  const examples: PageExample[] = [];
  // Each category's page, and the pages of a category written on several (a folder of its own, not node-only/).
  const files = fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isFile() && entry.name.endsWith('.mdx') && !entry.name.startsWith('_'))
        return [{ category: path.basename(entry.name, '.mdx'), file: entry.name }];
      if (entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, `${entry.name}.mdx`)))
        return rpcCategoryFiles(dir, entry.name).map((file) => ({ category: entry.name, file }));
      return [];
    })
    .sort((a, b) => (a.file < b.file ? -1 : 1));
  for (const { category, file } of files) {
    for (const section of sections(readGeneratedPage(path.join(dir, file)))) {
      const blocks = [...section.text.matchAll(FENCE)].map((match) => ({
        lang: match[1] ?? '',
        title: match[2] ?? '',
        code: match[3] ?? '',
        index: match.index ?? 0,
      }));
      blocks.forEach((block, position) => {
        if (block.lang !== 'ts' || !block.title.startsWith(`${category}.${section.name}`)) return;
        const curl = blocks[position + 1];
        const response = blocks[position + 2];
        const hasResponse = response?.lang === 'json' && response.title.startsWith('Response of ');
        const end = blocks[position + 3]?.index ?? section.text.length;
        const tail = hasResponse && response ? section.text.slice(response.index, end) : '';
        const warning = /:::warning\[Types at run time\]([\s\S]*?)\n:::/.exec(tail)?.[1] ?? '';
        const runtime = warning
          .split('\n')
          .map((line) => RUNTIME_ITEM.exec(line.trim()))
          .filter((match): match is RegExpExecArray => match !== null)
          .map((match) => {
            const types = RUNTIME_TYPES.exec(match[3] ?? '');
            return { variable: match[1] ?? '', path: match[2] ?? '', returned: types ? (types[1] ?? types[2] ?? '') : '', declared: types?.[3] ?? '' };
          });
        examples.push({
          category,
          method: section.name,
          file: block.title,
          typescript: block.code,
          curl: curl?.lang === 'bash' ? curl.code : '',
          response: hasResponse && response ? response.code : null,
          runtime,
        });
      });
    }
  }
  return examples;
}

/** The JSON body a curl command sends (`--data-binary '…'`), unquoted as the shell would. */
export function curlBody(curl: string): string | null {
  const match = /--data-binary '((?:[^']|'\\'')*)'/.exec(curl);
  return match?.[1] ? match[1].replace(/'\\''/g, "'") : null;
}

/** A finding path as the page writes it after the constant (`.vout[].value`, `[key]`) in the model's form (`vout[].value`, `*`). */
function pagePathToFinding(path: string): string {
  return path.replace(/\[key\]/g, '.*').replace(/^\./, '');
}

/** The request without its id (the client picks a random one; the page writes "docs"). */
function withoutId(body: string): unknown {
  const parsed = parseLossless(body) as Record<string, unknown>;
  delete parsed.id;
  return parsed;
}

/** The `result` member of the page's answer, as JSON text exactly as the page prints it. */
function resultText(response: string): string {
  const opening = '"result": ';
  const start = response.indexOf(opening);
  const end = response.lastIndexOf(',\n  "error"');
  if (start < 0 || end < start) throw new Error(`the response block has no result member: ${response.slice(0, 80)}`);
  return response.slice(start + opening.length, end);
}

export interface ExampleOutcome {
  problems: string[];
}

/** Runs one page example against the stand-in and lists every way the page and the SDK disagree. */
export async function checkPageExample(node: StandInNode, example: PageExample, model: RpcReference): Promise<ExampleOutcome> {
  const problems: string[] = [];
  if (example.response === null) return { problems: ['the section shows no response'] };
  const before = node.requests.length;
  node.answer(resultAnswer(resultText(example.response)));
  const names = topLevelConstants(example.typescript);
  // The constant that holds what the call returns: the one assigned from `await client.…`; none for a call of a void method.
  const variable = /^const ([A-Za-z_$][\w$]*)(?::[^=]+)? = await client\./m.exec(example.typescript)?.[1];
  const { values } = await runSnippet(example.typescript, { [EXAMPLE_CLIENT_URL]: node.url });
  const recorded = node.requests.slice(before);
  if (recorded.length !== 1 || !recorded[0]) return { problems: [`the client sent ${recorded.length} requests`] };
  const curl = curlBody(example.curl);
  if (curl === null) problems.push('the curl example sends no JSON body');
  else {
    if (!isDeepStrictEqual(withoutId(recorded[0].body), withoutId(curl))) problems.push(`the client sent ${recorded[0].body}, the curl example sends ${curl}`);
  }
  const method = model.categories.find((category) => category.name === example.category)?.methods.find((candidate) => candidate.name === example.method);
  const index = Number(/\.(\d+)\.ts$/.exec(example.file)?.[1] ?? '0');
  const signature = method ? method.signatures[method.examples[index]?.signature ?? 0] : undefined;
  if (!signature) problems.push('no such method in the model');
  else if (variable !== undefined && names.includes(variable)) {
    const findings = checkRuntimeValue(model.types, resolvedReturnType(signature.returns), values[variable]);
    // Every way the value departs from the declared type is stated on the page, at its path or a part above it, and
    // every stated path has such a departure under it; where a statement names the types, they are the real ones.
    const faults = findings.filter(isFault);
    const stated = example.runtime.map((item) => ({ ...item, path: pagePathToFinding(item.path) }));
    for (const finding of faults) {
      const statement = stated.filter((item) => coveredBy(finding.path, item.path)).sort((a, b) => b.path.length - a.path.length)[0];
      if (!statement)
        problems.push(`the returned value at ${finding.path || '(root)'} is ${finding.actual}, the page declares ${finding.expected} and says nothing of it`);
      else if (
        statement.path === finding.path &&
        statement.returned !== '' &&
        // Items of a list may depart in more than one way at one path; the statement names one of them.
        !faults.some((other) => other.path === finding.path && other.actual === statement.returned && other.expected === statement.declared)
      ) {
        problems.push(
          `run-time types: at ${finding.path || '(root)'} the client returns ${finding.actual} (declared ${finding.expected}), the page says ${statement.returned} (declared ${statement.declared})`,
        );
      }
    }
    for (const item of stated) {
      if (!faults.some((finding) => coveredBy(finding.path, item.path)))
        problems.push(`run-time types: the page says ${item.path || '(root)'} departs from the declared type, and it does not`);
    }
  }
  return { problems };
}
