// src/prism/warm.ts: the idle warm-up of Prism for the code of lazy tab panels.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import '../../contract/prism/grammars';
import { tokenize } from '../../contract/prism/tokenize';
import { WARM_SAMPLES, resetWarmUp, warmSteps, warmWhenIdle } from './warm';

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
  it('runs each step in an idle period of its own, in order, and once per page load', () => {
    const queued: Array<() => void> = [];
    const ran: string[] = [];
    const steps = ['grammars', 'bash', 'ts'].map((name) => () => void ran.push(name));
    warmWhenIdle((run) => void queued.push(run), steps);
    warmWhenIdle((run) => void queued.push(run), steps);
    expect(queued).toHaveLength(1);
    for (let period = 0; queued.length > 0; period += 1) {
      queued.shift()?.();
      expect(ran).toHaveLength(period + 1);
    }
    expect(ran).toEqual(['grammars', 'bash', 'ts']);
  });

  it('builds the grammars first, then highlights one sample per language', () => {
    const calls: Array<[string, string]> = [];
    for (const step of warmSteps((code, language) => (calls.push([language, code]), []))) step();
    expect(calls[0]).toEqual(['text', '']);
    expect(calls.slice(1).map(([language]) => language)).toEqual(WARM_SAMPLES.map((sample) => sample.language));
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
