// The code-unit ordering and module replacements of src/overrides/plain-sort.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../../src/overrides/plain-sort/compare';
import { replacements } from '../../src/overrides/plain-sort';
import { inside } from '../../src/overrides/module-replacement';

describe('compareCodeUnits', () => {
  it('orders plugin paths so that a longer path comes first in a descending sort', () => {
    const paths = ['/', '/node', '/ocean', '/node/jellyfish', '/legacy'];
    expect([...paths].sort((a, b) => compareCodeUnits(b, a))).toEqual(['/ocean', '/node/jellyfish', '/node', '/legacy', '/']);
    expect(compareCodeUnits('a', 'a')).toBe(0);
    expect(compareCodeUnits('Z', 'a')).toBeLessThan(0);
  });
});

describe('replacements', () => {
  it('target files that exist and requests the Docusaurus modules make', () => {
    const [docs, react] = replacements();
    for (const { replacement } of replacements()) expect(fs.existsSync(replacement), replacement).toBe(true);
    expect(docs?.request.test('./docsClientUtils')).toBe(true);
    for (const request of ['../utils/reactUtils', '../../utils/reactUtils', './reactUtils', './reactUtils.js'])
      expect(react?.request.test(request), request).toBe(true);
    // The wrapper's own import of the original goes through node_modules and must not be caught again.
    expect(react?.request.test('../../../node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js')).toBe(false);
  });

  it('apply only inside the package that makes the request', () => {
    expect(inside('/x/node_modules/@docusaurus/theme-common/lib/hooks', '/x/node_modules/@docusaurus/theme-common/lib')).toBe(true);
    expect(inside('/x/node_modules/@docusaurus/theme-common/lib', '/x/node_modules/@docusaurus/theme-common/lib')).toBe(true);
    expect(inside('/x/src/overrides/plain-sort', '/x/node_modules/@docusaurus/theme-common/lib')).toBe(false);
  });
});
