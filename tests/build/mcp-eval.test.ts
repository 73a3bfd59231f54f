// The evaluation of server/mcp/eval (questions.json: questions as readers ask them, the section that answers each, the
// facts a right answer holds), run through the SDK's client over both transports: HTTP on the production server over
// build/, and stdio as the README's command. The data is held to the build (every section is a heading of a built
// page, every question asked once), both transports give the same answers, the two rates are printed, and on each
// transport the answering section is among the first 3 results, and the facts hold in the next answer, for at least
// 95% of the questions.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, readQuestions, type Evaluation } from '../../server/mcp/eval/evaluate';
import { STDIO_COMMAND } from '../../server/mcp/paths';
import { startServer, type RunningServer } from '../../server/server';
import { BUILD, builtPage } from '../support/mcp-pages';

const ROOT = path.resolve(__dirname, '../..');
/** The share of the questions whose answering section must be among the first 3 search results. */
const FOUND_BAR = 0.95;
/** The share of the questions whose facts the next answer must hold. */
const FACTS_BAR = 0.95;
const questions = readQuestions();

let server: RunningServer;
const evaluations: Record<string, Evaluation> = {};

beforeAll(async () => {
  server = await startServer({ root: BUILD, port: 0 });
  const http = new Client({ name: 'mcp-eval', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  const [command = 'npm', ...args] = STDIO_COMMAND.split(' ');
  const stdio = new Client({ name: 'mcp-eval', version: '1.0.0' });
  await stdio.connect(new StdioClientTransport({ command, args, cwd: ROOT, env: { ...process.env } as Record<string, string>, stderr: 'pipe' }));
  try {
    [evaluations.http, evaluations.stdio] = await Promise.all([evaluate(http, questions), evaluate(stdio, questions)]);
  } finally {
    await Promise.all([http.close(), stdio.close()]);
  }
}, 240_000);

afterAll(async () => {
  await server.close(100);
});

describe('the evaluation questions', () => {
  it('are at least 150, each asked once, each answered by a heading of a built page, each with a fact', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(questions.map((question) => question.question.toLowerCase())).size).toBe(questions.length);
    const problems: string[] = [];
    for (const question of questions) {
      const [route = '', anchor = ''] = question.section.split('#');
      if (anchor !== '' && !builtPage(route).ids.has(anchor)) problems.push(`${question.question}: no heading ${question.section}`);
      if (question.facts.length === 0) problems.push(`${question.question}: no fact`);
    }
    expect(problems).toEqual([]);
  });

  it('get the same answers over HTTP and stdio, and the rates are printed', () => {
    const { http, stdio } = evaluations;
    expect(http?.questions).toBe(questions.length);
    expect(stdio?.results).toEqual(http?.results);
    const share = (count: number): string => `${count}/${questions.length} (${((100 * count) / questions.length).toFixed(1)}%)`;
    console.log(`mcp eval: answering section among the first 3 results ${share(http?.found ?? 0)}; facts in the next tool's answer ${share(http?.factsHeld ?? 0)}`);
    for (const result of http?.results ?? []) {
      if (result.rank < 0 || result.missingFacts.length > 0) {
        console.log(`  ${result.question} → ${result.section}: first ${result.firstResults.join(', ')}${result.missingFacts.length > 0 ? `; missing ${result.missingFacts.join(', ')}` : ''}`);
      }
    }
  });

  it('find the answering section among the first 3 search results for at least 95% of them, over HTTP and over stdio', () => {
    for (const evaluation of [evaluations.http, evaluations.stdio]) {
      expect(evaluation?.found ?? 0).toBeGreaterThanOrEqual(Math.ceil(FOUND_BAR * questions.length));
    }
  });

  it("hold their facts in the next tool's answer for at least 95% of them, over HTTP and over stdio", () => {
    for (const evaluation of [evaluations.http, evaluations.stdio]) {
      expect(evaluation?.factsHeld ?? 0).toBeGreaterThanOrEqual(Math.ceil(FACTS_BAR * questions.length));
    }
  });
});
