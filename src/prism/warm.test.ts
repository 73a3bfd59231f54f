// src/prism/warm.ts: the idle warm-up of Prism for the code of lazy tab panels.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenObject } from 'prismjs';
import '../../contract/prism/grammars';
import { tokenize } from '../../contract/prism/tokenize';
import { WARM_SAMPLES, grammarToken, resetWarmUp, runToken, tokenNames, warmSteps, warmWhenIdle } from './warm';

const PAGES = path.resolve(__dirname, '../../generated/pages');

/** The language of every code block inside a TabItem of the generated reference pages' data. */
function tabPanelLanguages(): Set<string> {
  const languages = new Set<string>();
  const walk = (node: unknown, inTab: boolean): void => {
    if (!Array.isArray(node)) return;
    const [tag, props] = node as [unknown, unknown];
    const tab = inTab || tag === 'TabItem';
    if (tab && (tag === 'code' || tag === '=code') && typeof props === 'object' && props !== null) {
      const match = /language-(\w+)/.exec(String((props as { className?: string }).className ?? ''));
      if (match) languages.add(match[1] as string);
    }
    for (const child of node) walk(child, tab);
  };
  for (const entry of fs.readdirSync(PAGES, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) walk(JSON.parse(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')), false);
  }
  return languages;
}

afterEach(() => resetWarmUp());

describe('Prism warm-up (src/prism/warm.ts)', () => {
  it('runs each step in an idle period of its own, in order, the steps a step hands back next, and once per page load', () => {
    const queued: Array<() => void> = [];
    const ran: string[] = [];
    const step =
      (name: string, more: string[] = []) =>
      () => {
        ran.push(name);
        return more.length > 0 ? more.map((inner) => step(inner)) : undefined;
      };
    const steps = [step('grammars'), step('bash', ['bash:comment', 'bash:string']), step('ts')];
    warmWhenIdle((run) => void queued.push(run), steps);
    warmWhenIdle((run) => void queued.push(run), steps);
    expect(queued).toHaveLength(1);
    for (let period = 0; queued.length > 0; period += 1) {
      queued.shift()?.();
      expect(ran).toHaveLength(period + 1);
    }
    expect(ran).toEqual(['grammars', 'bash', 'bash:comment', 'bash:string', 'ts']);
  });

  it('builds the grammars first, then runs each sample a top-level token at a time, then whole', () => {
    const calls: string[] = [];
    const fake = {
      highlight: (code: string, language: string) => void calls.push(`${language}${code === '' ? ' (empty)' : ''}`),
      tokenNames: (language: string) => [`${language}-a`, `${language}-b`],
      runToken: (code: string, language: string, name: string) => void calls.push(`${language}:${name}`),
    };
    const queue = [...warmSteps(fake)];
    while (queue.length > 0) {
      const more = queue.shift()?.();
      if (more) queue.unshift(...more);
    }
    expect(calls).toEqual(['text (empty)', ...WARM_SAMPLES.flatMap(({ language }) => [`${language}:${language}-a`, `${language}:${language}-b`, language])]);
  });

  it("readies the full grammar's own patterns when a token runs alone", () => {
    // A greedy pattern gets its global copy on first use: on the grammar's pattern object, not on one a step made.
    const greedy = tokenNames('ts').flatMap((name) => {
      const token = grammarToken('ts', name);
      return (Array.isArray(token) ? token : [token])
        .filter((pattern): pattern is TokenObject & { greedy: true } => typeof pattern === 'object' && !(pattern instanceof RegExp) && pattern.greedy === true)
        .map((pattern) => ({ name, pattern }));
    });
    expect(greedy.filter(({ pattern }) => !pattern.pattern.global).length, 'greedy patterns not yet copied').toBeGreaterThan(0);
    expect(tokenNames('ts')).not.toContain('rest');
    const sample = WARM_SAMPLES.find((entry) => entry.language === 'ts')?.code ?? '';
    for (const { name, pattern } of greedy) {
      if (pattern.pattern.global) continue; // written global: nothing to copy
      runToken(sample, 'ts', name);
      expect(pattern.pattern.global, `${name}'s pattern`).toBe(true);
    }
  });

  it('has a sample for every language of a lazy tab panel, which its grammar highlights', () => {
    const languages = tabPanelLanguages();
    expect(languages.size, 'generated/pages (npm run generate) has tab panels with code').toBeGreaterThan(0);
    for (const language of languages)
      expect(
        WARM_SAMPLES.map((sample) => sample.language),
        `a warm-up sample for ${language}`,
      ).toContain(language);
    for (const { language, code } of WARM_SAMPLES) {
      const types = new Set(tokenize(code, language).flatMap((line) => line.flatMap((token) => token.types)));
      // Strings, keywords or functions: the grammar's expressions ran, not just plain text.
      expect([...types].filter((type) => type !== 'plain').length, `${language} sample tokens`).toBeGreaterThan(2);
    }
  });
});
