/**
 * Readies Prism, while the browser is idle, for the code a page has not rendered yet: the hidden panels of its lazy tab
 * groups (generator/render/mdx.ts), which React renders, and Prism highlights, when a reader picks one.
 *
 * The first highlighting of a page pays for more than its code: building the grammars (about 7 ms here, src/prism's
 * tokenize builds them on first use) and compiling each grammar's regular expressions on their first run (about 12 ms
 * for Bash's), some 80 ms at Lighthouse's 4x CPU slowdown, where a warm tokenizer takes half a millisecond for the same
 * curl command. Done in idle periods, a step each, a reader's first tab switch finds them done.
 */
import { tokenize } from '../../contract/prism/tokenize';

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

/** The steps, in order: the grammars first (tokenizing plain text builds them), then one language each. */
export function warmSteps(highlight: typeof tokenize = tokenize): Array<() => void> {
  return [
    () => void highlight('', 'text'),
    ...WARM_SAMPLES.map(
      ({ language, code }) =>
        () =>
          void highlight(code, language),
    ),
  ];
}

let started = false;

/** Schedules the warm-up, once per page load: each step in an idle period of its own. */
export function warmWhenIdle(whenIdle: WhenIdle = browserWhenIdle, steps: Array<() => void> = warmSteps()): void {
  if (started) return;
  started = true;
  const next = (index: number): void => {
    const step = steps[index];
    if (step === undefined) return;
    whenIdle(() => {
      step();
      next(index + 1);
    });
  };
  next(0);
}

/** For tests: lets warmWhenIdle run again. */
export function resetWarmUp(): void {
  started = false;
}
