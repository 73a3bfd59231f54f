// What the reference pages say of an item's release history (generator/render/history.ts): the changed part of a
// signature, the facts of a parameter or field row, and the line under a heading as one block of the page's data.
import { describe, expect, it } from 'vitest';
import { changedPart } from '../../generator/model/queries';
import { changeText, historyFacts, historyLine } from '../../generator/render/history';
import { createSectionSplitter } from '../../generator/render/section-data';

describe('changedPart', () => {
  it('keeps what changed, widened to whole parameters or fields', () => {
    expect(changedPart('getVault(vaultId: string): Promise<V>', 'getVault(vaultId: string, verbose?: boolean): Promise<V>')).toEqual({
      before: '',
      after: 'verbose?: boolean',
      moreLines: 0,
    });
    expect(changedPart('f(options: O): Promise<R>', 'f(options?: O): Promise<R>')).toEqual({ before: 'options: O', after: 'options?: O', moreLines: 0 });
    expect(
      changedPart('mintTokens(amountToken: string, utxos?: UTXO[]): Promise<string>', 'mintTokens(options: MintTokensOptions): Promise<string>'),
    ).toMatchObject({
      before: 'amountToken: string, utxos?: UTXO[]',
      after: 'options: MintTokensOptions',
    });
    expect(changedPart('vote: string', 'vote: VoteResult')).toMatchObject({ before: 'vote: string', after: 'vote: VoteResult' });
    expect(changedPart('f(cb: (a: A) => B): void', 'f(cb: (a: A) => C): void')).toMatchObject({ before: 'cb: (a: A) => B', after: 'cb: (a: A) => C' });
  });

  it('of several overloads, the first that differs and how many others do; an overload added at the end', () => {
    expect(changedPart('f(a: A): X\nf(b: B): Y\nf(c: C): Z', 'f(a: A): X\nf(b?: B): Y\nf(c?: C): Z')).toEqual({ before: 'b: B', after: 'b?: B', moreLines: 1 });
    expect(changedPart('f(a: A): X', 'f(a: A): X\nf(b: B): Y')).toEqual({ before: '', after: 'f(b: B): Y', moreLines: 0 });
  });

  it('says the change in words, with its version', () => {
    expect(changeText({ version: '3.23.2', before: 'vote: string', after: 'vote: VoteResult' })).toBe('3.23.2: `vote: string` → `vote: VoteResult`');
    expect(changeText({ version: '2.45.5', before: 'f(a: A, b?: B): R', after: 'f(a: A): R' })).toBe('2.45.5: dropped `b?: B`');
  });
});

describe('historyFacts', () => {
  const history = { since: '3.29.1', changed: [{ version: '3.30.0', before: 'x: string', after: 'x?: string' }], deprecated: null };
  it('says since when a row is newer than its container, and changes its container does not show', () => {
    expect(historyFacts(history, '3.5.2')).toEqual(['since 3.29.1', 'changed in 3.30.0: `x: string` → `x?: string`']);
    expect(historyFacts(history, null)).toEqual(['since 3.29.1', 'changed in 3.30.0: `x: string` → `x?: string`']);
    expect(historyFacts(history, '3.29.1', new Set(['3.30.0']))).toEqual([]);
    expect(historyFacts(undefined, null)).toEqual([]);
    expect(historyFacts({ since: null, changed: [], deprecated: '2.0.0' }, null)).toEqual(['deprecated since 2.0.0']);
  });
});

describe('historyLine', () => {
  it('is nothing for an item of the first covered release that never changed', () => {
    expect(historyLine(undefined)).toBeNull();
  });

  it('is one block element of the page data, text and code, no paragraph around it', async () => {
    const line = historyLine({ since: '2.6.0', changed: [{ version: '2.50.0', before: 'f(): R', after: 'f(verbose?: boolean): R' }], deprecated: null }, [
      ['replaces ', { code: 'g' }, ', dropped in 3.5.2'],
    ]);
    const thin = await createSectionSplitter();
    const page = thin(`---\ntitle: x\n---\nimport X from 'x';\n\n## f {/* #f */}\n\n<Deferred>\n\n${line ?? ''}\n\n</Deferred>\n`, 'x.json');
    expect(page.sections).toEqual([
      [
        [
          '=p',
          { className: 'since' },
          'Since 2.6.0 · changed in 2.50.0: added ',
          ['=code', null, 'verbose?: boolean'],
          ' · replaces ',
          ['=code', null, 'g'],
          ', dropped in 3.5.2',
        ],
      ],
    ]);
  });
});
