// Every TypeScript/JavaScript example on the hand-written pages compiles against the pinned packages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCodeBlocks, extractBlocksOfLanguage, extractCodeBlocks, formatProblem, handWrittenDocs, parseMeta, type CodeBlock } from './code-blocks-checker';

const root = path.resolve(__dirname, '../..');

describe('the checker itself', () => {
  it('reads fence meta attributes, quoted or not', () => {
    const meta = parseMeta('title="client.ts" no-check="fragment: continues above" showLineNumbers x=1');
    expect(meta.get('title')).toBe('client.ts');
    expect(meta.get('no-check')).toBe('fragment: continues above');
    expect(meta.get('showLineNumbers')).toBe('');
    expect(meta.get('x')).toBe('1');
  });

  it('extracts ts, typescript, tsx and js blocks with their lines, and skips other languages', () => {
    const markdown = [
      '# Page', // 1
      '', // 2
      '```ts', // 3
      'const a = 1;', // 4
      '```', // 5
      '', // 6
      '```bash npm2yarn', // 7
      'npm install x', // 8
      '```', // 9
      '', // 10
      '```typescript title="b.ts"', // 11
      'const b = 2;', // 12
      '```', // 13
      '', // 14
      '```js no-check="shell session"', // 15
      'c', // 16
      '```', // 17
      '', // 18
      '```tsx', // 19
      'const d = <div />;', // 20
      '```', // 21
    ].join('\n');
    const blocks = extractCodeBlocks(markdown, 'docs/x.mdx');
    expect(blocks.map((b) => [b.lang, b.line])).toEqual([
      ['ts', 3],
      ['typescript', 11],
      ['js', 15],
      ['tsx', 19],
    ]);
    expect(blocks[2]?.noCheck).toBe('shell session');
    expect(blocks[0]?.noCheck).toBeUndefined();
  });

  it('treats an empty no-check reason like a missing one', () => {
    const [empty, bare] = extractCodeBlocks('```ts no-check=""\nx\n```\n\n```ts no-check\ny\n```\n', 'docs/x.md');
    expect(empty?.noCheck).toBe('');
    expect(bare?.noCheck).toBe('');
    expect(checkCodeBlocks([empty!, bare!], root).map((p) => p.message)).toEqual([
      expect.stringMatching(/needs a reason/),
      expect.stringMatching(/needs a reason/),
    ]);
  });

  it('does not take a fence inside a longer fence for a block of its own', () => {
    const markdown = '````md\n```ts\nconst x: number = "not checked";\n```\n````\n';
    expect(extractCodeBlocks(markdown, 'docs/x.md')).toEqual([]);
  });

  it('reports a type error in a bad block, with the file and line of the fence', () => {
    const bad: CodeBlock = { file: 'docs/bad.mdx', line: 7, lang: 'ts', meta: '', code: 'const n: number = "seven";\n' };
    const good: CodeBlock = { file: 'docs/good.mdx', line: 3, lang: 'ts', meta: '', code: 'const n: number = 7;\nexport { n };\n' };
    const problems = checkCodeBlocks([bad, good], root);
    expect(problems).toHaveLength(1);
    expect(formatProblem(problems[0]!)).toMatch(/^docs\/bad\.mdx:7 .*TS2322/);
  });

  it('reports a wrong method name on a real package', () => {
    const code = [
      "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
      "const client = new JsonRpcClient('http://user:pass@127.0.0.1:19554');",
      'await client.blockchain.getBlockCounts();',
    ].join('\n');
    const problems = checkCodeBlocks([{ file: 'docs/x.mdx', line: 1, lang: 'ts', meta: '', code }], root);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/getBlockCounts/);
  });

  it('accepts top-level await and resolves the installed packages', () => {
    const code = [
      "import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';",
      "const client = new JsonRpcClient('http://user:pass@127.0.0.1:19554');",
      'const height: number = await client.blockchain.getBlockCount();',
      'console.log(height);',
    ].join('\n');
    expect(checkCodeBlocks([{ file: 'docs/x.mdx', line: 1, lang: 'ts', meta: '', code }], root)).toEqual([]);
  });

  it('fails a block that opts out without a reason, and skips one that gives a reason', () => {
    const silent: CodeBlock = { file: 'docs/x.mdx', line: 1, lang: 'ts', meta: 'no-check', code: 'oops(', noCheck: '' };
    const explained: CodeBlock = {
      file: 'docs/x.mdx',
      line: 9,
      lang: 'ts',
      meta: 'no-check="fragment"',
      code: 'oops(',
      noCheck: 'fragment',
    };
    const problems = checkCodeBlocks([silent, explained], root);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/needs a reason/);
    expect(problems[0]?.block.line).toBe(1);
  });

  it('checks a "before" block against the older release it names, and requires that the pinned packages reject it', () => {
    const client = "import type { ApiClient } from '@defichain/jellyfish-api-core';\nexport async function run(client: ApiClient): Promise<string> {\n";
    const block = (line: number, body: string, before = '3.5.2'): CodeBlock => ({
      file: 'docs/x.mdx',
      line,
      lang: 'ts',
      meta: `before="${before}"`,
      code: `${client}  ${body}\n}\n`,
      before,
    });
    // mintTokens took an amount string until 3.20.1, and takes an options object since.
    const breaking = block(1, "return await client.token.mintTokens('10@BTC');");
    const unchanged = block(9, "return await client.token.getToken('BTC').then(() => 'x');");
    const wrong = block(17, 'return await client.token.mintTokens(10);');
    const unknown = block(25, "return await client.token.mintTokens('10@BTC');", '1.2.3');
    expect(extractCodeBlocks('```ts before="3.5.2"\nx\n```\n', 'docs/x.mdx')[0]?.before).toBe('3.5.2');
    const problems = checkCodeBlocks([breaking, unchanged, wrong, unknown], root).map((problem) => `${problem.block.line}: ${problem.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^17: line 3 of the block: TS2345 /),
      expect.stringMatching(/^9: compiles against the pinned packages too/),
      expect.stringMatching(/^25: no declarations of 1\.2\.3 under tests\/fixtures\/history/),
    ]);
  });

  it('type-checks js blocks too', () => {
    const code = 'const n = 1;\nn.toUpperCase();\n';
    const problems = checkCodeBlocks([{ file: 'docs/x.md', line: 1, lang: 'js', meta: '', code }], root);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/toUpperCase/);
  });
});

describe('code blocks of the hand-written pages', () => {
  const files = handWrittenDocs(root);
  const blocks = files.flatMap((file) => extractCodeBlocks(fs.readFileSync(path.join(root, file), 'utf8'), file));

  it('finds the hand-written pages and not the generated reference', () => {
    expect(files).toContain('docs/node/usage.mdx');
    expect(files.some((file) => file.startsWith('docs/node/jellyfish/api/'))).toBe(false);
    expect(blocks.length).toBeGreaterThan(10);
  });

  it('all compile, and every opt-out states a reason', () => {
    const problems = checkCodeBlocks(blocks, root);
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('every JSON example parses', () => {
    const json = files.flatMap((file) => extractBlocksOfLanguage(fs.readFileSync(path.join(root, file), 'utf8'), file, 'json'));
    expect(json.length).toBeGreaterThan(5);
    const broken = json.flatMap((block) => {
      try {
        JSON.parse(block.code);
        return [];
      } catch (err) {
        return [`${block.file}:${block.line}: ${(err as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
  });
});
