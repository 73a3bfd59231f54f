// The pieces of the deferred-section and idle-prefetch helpers that do not need a browser (the browser tests cover the rest).
import { describe, expect, it } from 'vitest';
import { deferredSection } from '../../generator/render/mdx';
import { HIGHLIGHT_PARAM, deferralAllowed, nearViewport } from '../../src/components/Deferred/wake';
import { linkShown, pagePath, prefetchOncePerPage, type AnchorLike } from '../../src/overrides/prefetch-when-idle/once-per-page';

const box = (top: number, bottom: number) => ({ getBoundingClientRect: () => ({ top, bottom }) as DOMRect });

describe('deferredSection', () => {
  it('keeps the heading outside and the body inside <Deferred>, with blank lines MDX needs around Markdown', () => {
    expect(deferredSection('## a', ['One.', '| x |\n| - |'])).toBe('## a\n\n<Deferred>\n\nOne.\n\n| x |\n| - |\n\n</Deferred>');
  });
  it('leaves a heading without a body alone', () => {
    expect(deferredSection('## Types', [])).toBe('## Types');
  });
});

describe('nearViewport', () => {
  it('counts half a screen above and below the viewport as near', () => {
    expect(nearViewport(box(0, 100), 800)).toBe(true);
    expect(nearViewport(box(1100, 1300), 800)).toBe(true);
    expect(nearViewport(box(1201, 1300), 800)).toBe(false);
    expect(nearViewport(box(-900, -401), 800)).toBe(false);
    expect(nearViewport(box(-900, -400), 800)).toBe(true);
  });
});

describe('deferralAllowed', () => {
  const observer = class {};
  it('waits only with an IntersectionObserver, and never when search highlighting will rewrite the page', () => {
    expect(deferralAllowed({ location: { search: '' } as Location, IntersectionObserver: observer })).toBe(true);
    expect(deferralAllowed({ location: { search: '' } as Location })).toBe(false);
    expect(deferralAllowed({ location: { search: `?${HIGHLIGHT_PARAM}=%5B%22pool%22%5D` } as Location, IntersectionObserver: observer })).toBe(false);
  });
});

describe('prefetchOncePerPage', () => {
  it('drops the fragment and query of a link', () => {
    expect(pagePath('/node/jellyfish/api/loan#getloaninfo')).toBe('/node/jellyfish/api/loan');
    expect(pagePath('/search?q=pool')).toBe('/search');
    expect(pagePath('#types')).toBe('');
  });

  it('prefetches each page once, one page per idle period', () => {
    const prefetched: string[] = [];
    const idle: Array<() => void> = [];
    const prefetch = prefetchOncePerPage(
      (path) => prefetched.push(path),
      (run) => idle.push(run),
    );
    expect(prefetch('/a#x')).not.toBe(false);
    expect(prefetch('/a#y')).toBe(false);
    expect(prefetch('/b')).not.toBe(false);
    expect(prefetch('#only-a-fragment')).toBe(false);
    expect(prefetched).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()?.();
    expect(prefetched).toEqual(['/a']);
    idle.shift()?.();
    expect(prefetched).toEqual(['/a', '/b']);
    expect(idle).toHaveLength(0);
    expect(prefetch('/a')).toBe(false);
  });

  it('skips a page whose links are all hidden when its turn comes, and takes it again later', () => {
    const prefetched: string[] = [];
    const idle: Array<() => void> = [];
    const visible = new Set(['/a']);
    const prefetch = prefetchOncePerPage(
      (path) => prefetched.push(path),
      (run) => idle.push(run),
      (path) => visible.has(path),
    );
    void prefetch('/a');
    void prefetch('/hidden');
    idle.shift()?.();
    idle.shift()?.();
    expect(prefetched).toEqual(['/a']);
    visible.add('/hidden');
    expect(prefetch('/hidden#x')).not.toBe(false);
    idle.shift()?.();
    expect(prefetched).toEqual(['/a', '/hidden']);
  });
});

describe('linkShown', () => {
  const anchor = (href: string | null, visible?: boolean): AnchorLike => ({
    getAttribute: (name) => (name === 'href' ? href : null),
    ...(visible === undefined ? {} : { checkVisibility: () => visible }),
  });

  it('needs a link to the page that is neither invisible nor transparent', () => {
    expect(linkShown('/a', [anchor('/a#x', false), anchor('/b', true)])).toBe(false);
    expect(linkShown('/a', [anchor('/a#x', false), anchor('/a?q=1', true)])).toBe(true);
    expect(linkShown('/a', [anchor(null, true), anchor('/ab', true)])).toBe(false);
    expect(linkShown('/a', [])).toBe(false);
  });

  it('counts a link as shown where the browser cannot tell', () => {
    expect(linkShown('/a', [anchor('/a')])).toBe(true);
  });
});
