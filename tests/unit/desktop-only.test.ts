// When a desktop-only part of the docs layout keeps its server markup (src/components/DesktopOnly/screen.ts).
import { describe, expect, it } from 'vitest';
import { DESKTOP_QUERY, keepsServerMarkup, type ScreenLike } from '../../src/components/DesktopOnly/screen';
import { cssString, renderedByServer } from '../../src/components/serverMarkup';

function screen(width: number, serverIds: string[]): ScreenLike {
  return {
    matchMedia: (query) => {
      expect(query).toBe(DESKTOP_QUERY);
      return { matches: width >= 997 };
    },
    document: { querySelector: (selector: string) => (serverIds.some((id) => selector === `[data-desktop-only="${id}"]`) ? ({} as Element) : null) },
  };
}

describe('keepsServerMarkup', () => {
  it('keeps the markup on a phone while hydrating the element the server rendered', () => {
    expect(keepsServerMarkup(screen(390, ['a']), 'a')).toBe(true);
    expect(keepsServerMarkup(screen(996, ['a']), 'a')).toBe(true);
  });
  it('renders on a desktop screen, and for an element the page does not hold yet (client-side navigation)', () => {
    expect(keepsServerMarkup(screen(997, ['a']), 'a')).toBe(false);
    expect(keepsServerMarkup(screen(390, ['a']), 'b')).toBe(false);
  });
});

describe('serverMarkup', () => {
  it('finds an element by its attribute and React id, or says the document does not hold it', () => {
    const doc = { querySelector: (selector: string) => (selector === '[data-code-block="_R_x_"]' ? ({} as Element) : null) };
    expect(renderedByServer('data-code-block', '_R_x_', doc)).toBe(true);
    expect(renderedByServer('data-code-block', '_R_y_', doc)).toBe(false);
    expect(renderedByServer('data-code-block', '_R_x_', undefined)).toBe(false);
  });
});

describe('cssString', () => {
  it('escapes quotes and backslashes only', () => {
    expect(cssString('_R_1te7dalbah_')).toBe('_R_1te7dalbah_');
    expect(cssString('a"b\\c')).toBe('a\\"b\\\\c');
  });
});
