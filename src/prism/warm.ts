/**
 * Readies Prism, while the browser is idle, for the code a page has not rendered yet: the hidden panels of its lazy tab
 * groups (generator/render/mdx.ts), which React renders, and Prism highlights, when a reader picks one.
 *
 * The first highlighting of a page pays for more than its code: building the grammars (about 7 ms here, src/prism's
 * tokenize builds them on first use) and compiling each grammar's regular expressions on their first run (about 12 ms
 * for Bash's), some 80 ms at Lighthouse's 4x CPU slowdown, where a warm tokenizer takes half a millisecond for the same
 * curl command. Done in idle periods, a grammar's token a step, a reader's first tab switch finds them done.
 */
import type { GrammarValue } from 'prismjs';
import { Prism, languages, tokenize } from '../../contract/prism/tokenize';

/**
 * Code of the shape the hidden panels hold (a curl call of the node's JSON-RPC, a TypeScript call of the client), so
 * that the regular expressions their tokens need, nested grammars included, are compiled. Never shown.
 */
export const WARM_SAMPLES: ReadonlyArray<{ language: string; code: string }> = [
  {
    language: 'bash',
    code: [
      "curl --user user:pass --header 'Content-Type: application/json' \\",
      `  --data-binary '{"jsonrpc":"1.0","id":"docs","method":"getblockcount","params":[]}' \\`,
      '  http://127.0.0.1:8554/',
      '',
    ].join('\n'),
  },
  {
    language: 'ts',
    code: [
      "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
      '',
      "const client = new JsonRpcClient('http://user:pass@127.0.0.1:8554');",
      'const count: number = await client.blockchain.getBlockCount({ verbose: true }, [1, 2]);',
      '',
    ].join('\n'),
  },
];

/** Runs a function once the browser is next idle (or soon, where it cannot tell). */
export type WhenIdle = (run: () => void) => void;

/** The browser's idle callback, with a deadline so that a page that is never idle still gets there. */
const browserWhenIdle: WhenIdle = (run) => {
  const win = window as Window & { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number };
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 200);
};

/** The names of a language's top-level tokens, in the order Prism tries them (none for a language without a grammar). */
export function tokenNames(language: string): string[] {
  const grammar = languages()[language];
  return grammar === undefined ? [] : Object.keys(grammar).filter((name) => name !== 'rest');
}

/**
 * Runs one top-level token of a language alone over `code`, nested grammars included where it matches. The pattern
 * objects are the full grammar's own, so what Prism readies on a pattern's first run (its regular expression compiled,
 * a greedy pattern's global copy made) is ready for the full grammar after it.
 */
export function runToken(code: string, language: string, name: string): void {
  const token = grammarToken(language, name);
  if (token !== undefined) Prism.tokenize(code, { [name]: token });
}

/** One top-level token of a language's grammar: its pattern, pattern object, or list of them. */
export function grammarToken(language: string, name: string): GrammarValue | undefined {
  // A grammar is a record of tokens; @types/prismjs types it as one with a few known names.
  const grammar = languages()[language] as Partial<Record<string, GrammarValue>> | undefined;
  return grammar?.[name];
}

/** A step of the warm-up; it may hand back steps to run next, each in an idle period of its own. */
export type WarmStep = () => WarmStep[] | void;

/** What the warm-up runs Prism with (the site's tokenizer; fakes in tests). */
export interface Highlighter {
  highlight(code: string, language: string): unknown;
  tokenNames(language: string): string[];
  runToken(code: string, language: string, name: string): void;
}

const prism: Highlighter = { highlight: tokenize, tokenNames, runToken };

/**
 * The steps, in order: the grammars first (tokenizing plain text builds them), then each sample one top-level token
 * at a time, then the sample whole. A sample highlighted in one go was a 46-69 ms task at Lighthouse's 4x in some
 * loads of Account (a performance trace, BENCHMARKS.md): most of it compiling the regular expressions of the
 * grammar's tokens, which is why each token has a step of its own.
 */
export function warmSteps(highlighter: Highlighter = prism): WarmStep[] {
  return [
    () => void highlighter.highlight('', 'text'),
    ...WARM_SAMPLES.map(({ language, code }): WarmStep => () => [
      ...highlighter.tokenNames(language).map((name) => () => highlighter.runToken(code, language, name)),
      () => void highlighter.highlight(code, language),
    ]),
  ];
}

let started = false;

/** Schedules the warm-up, once per page load: each step in an idle period of its own. */
export function warmWhenIdle(whenIdle: WhenIdle = browserWhenIdle, steps: WarmStep[] = warmSteps()): void {
  if (started) return;
  started = true;
  const queue = [...steps];
  const next = (): void => {
    const step = queue.shift();
    if (step === undefined) return;
    whenIdle(() => {
      const more = step();
      if (more) queue.unshift(...more);
      next();
    });
  };
  next();
}

/** For tests: lets warmWhenIdle run again. */
export function resetWarmUp(): void {
  started = false;
}
