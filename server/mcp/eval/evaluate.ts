// The evaluation of the MCP server (questions.json beside this file): each question asked as a reader asks it, through
// an MCP client. A question is found when its answering section is among the first 3 search results; its facts hold
// when each is in the answer of the tool a model calls next on the result that answers (or the first result): a
// method's get_rpc_method, an endpoint's get_ocean_endpoint, and for any other section get_page on its URL.
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export interface Question {
  /** As a reader asks it. */
  question: string;
  /** The section that answers it: a route and the id of its heading (`/node/jellyfish/api/loan/vaults#takeloan`), or a page. */
  section: string;
  /** Texts a right answer holds (compared without case). */
  facts: string[];
}

interface QuestionResult {
  question: string;
  section: string;
  /** Where the answering section is among the first 3 results (0-based), or -1. */
  rank: number;
  firstResults: string[];
  next: string;
  missingFacts: string[];
}

export interface Evaluation {
  questions: number;
  found: number;
  factsHeld: number;
  results: QuestionResult[];
}

const QUESTIONS_FILE = path.join(__dirname, 'questions.json');

export function readQuestions(file = QUESTIONS_FILE): Question[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Question[];
}

/** `/route#id` of a result's URL, the route without a trailing slash but the root. */
function placeOf(url: string): string {
  const parsed = new URL(url, 'https://jellyfishsdk.com');
  const route = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return `${route}${parsed.hash}`;
}

function sameSection(url: string, section: string): boolean {
  return placeOf(url) === placeOf(section);
}

interface SearchResult {
  title: string;
  kind?: string;
  url: string;
}

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((part) => part.text ?? '').join('\n');
}

/** The tool a model calls next on a result, and its arguments. */
function nextCall(result: SearchResult): { name: string; arguments: Record<string, unknown> } {
  const place = placeOf(result.url);
  const rpc = /^\/node\/jellyfish\/api\/([^/#]+)#/.exec(place);
  if (result.kind === 'method' && rpc?.[1] !== undefined) return { name: 'get_rpc_method', arguments: { name: `${rpc[1]}.${result.title}` } };
  const ocean = /^\/ocean\/([^/#]+)#/.exec(place);
  if (result.kind === 'endpoint' && ocean?.[1] !== undefined) return { name: 'get_ocean_endpoint', arguments: { endpoint: `${ocean[1]}.${result.title}` } };
  return { name: 'get_page', arguments: { page: result.url } };
}

export async function evaluate(client: Client, questions: readonly Question[] = readQuestions()): Promise<Evaluation> {
  const results: QuestionResult[] = [];
  for (const question of questions) {
    const search = await client.callTool({ name: 'search', arguments: { query: question.question, limit: 3 } });
    const found = ((search.structuredContent as { results?: SearchResult[] } | undefined)?.results ?? []).slice(0, 3);
    const rank = found.findIndex((result) => sameSection(result.url, question.section));
    const chosen = found[rank] ?? found[0];
    let next = '(no result)';
    let answer = '';
    if (chosen !== undefined) {
      const call = nextCall(chosen);
      next = `${call.name} ${JSON.stringify(call.arguments)}`;
      answer = textOf(await client.callTool(call)).toLowerCase();
    }
    results.push({
      question: question.question,
      section: question.section,
      rank,
      firstResults: found.map((result) => placeOf(result.url)),
      next,
      missingFacts: question.facts.filter((fact) => !answer.includes(fact.toLowerCase())),
    });
  }
  return {
    questions: results.length,
    found: results.filter((result) => result.rank >= 0).length,
    factsHeld: results.filter((result) => result.missingFacts.length === 0).length,
    results,
  };
}
