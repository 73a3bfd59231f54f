// Which focus() calls the search field's guard lets through (src/search/guard-refocus.ts).
import { describe, expect, it } from 'vitest';
import { fromReader } from './guard-refocus';

const event = (type: string, isTrusted: boolean) => ({ type, isTrusted }) as Event;

describe('fromReader', () => {
  it('is true only while a trusted key press or pointer action is being dispatched', () => {
    expect(fromReader(event('keydown', true))).toBe(true);
    expect(fromReader(event('click', true))).toBe(true);
    expect(fromReader(event('touchstart', true))).toBe(true);
    expect(fromReader(undefined)).toBe(false);
    expect(fromReader(event('keydown', false))).toBe(false);
    expect(fromReader(event('load', true))).toBe(false);
    expect(fromReader(event('focusin', true))).toBe(false);
  });
});
