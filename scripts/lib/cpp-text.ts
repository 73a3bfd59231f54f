// C++ source text as the derivation scripts read it (scripts/derive-node-rpcs.ts, scripts/derive-rpc-errors.ts): the
// comments blanked, and a second copy with the insides of string and character literals blanked too, so that brackets,
// commas and keywords are found only where the compiler sees them. Blanking keeps every offset and newline, so an
// offset in either copy is an offset in the file and its line is the file's line.

export interface MaskedCpp {
  /** The text with comments blanked. */
  text: string;
  /** `text` with the insides of string, raw string and character literals blanked too. */
  mask: string;
  /** Offsets at which the file's lines start (line n starts at lineStarts[n - 1]). */
  lineStarts: number[];
}

export function maskCpp(raw: string): MaskedCpp {
  const text = raw.split('');
  const mask = raw.split('');
  const blank = (arr: string[], from: number, to: number): void => {
    for (let k = from; k < to; k++) if (arr[k] !== '\n') arr[k] = ' ';
  };
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    const next = raw[i + 1];
    if (c === '/' && next === '/') {
      const end = raw.indexOf('\n', i);
      const stop = end === -1 ? raw.length : end;
      blank(text, i, stop);
      blank(mask, i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = raw.indexOf('*/', i + 2);
      const stop = end === -1 ? raw.length : end + 2;
      blank(text, i, stop);
      blank(mask, i, stop);
      i = stop;
    } else if (c === 'R' && next === '"' && !/\w/.test(raw[i - 1] ?? '')) {
      // A raw string literal, R"delim( ... )delim": blanked up to its closing quote, which stays.
      const open = raw.indexOf('(', i);
      const delim = raw.slice(i + 2, open);
      const end = raw.indexOf(`)${delim}"`, open);
      const stop = end === -1 ? raw.length : end + delim.length + 2;
      blank(mask, i + 1, stop - 1);
      i = stop;
    } else if (c === '"' || (c === "'" && !/[0-9a-fA-F]/.test(raw[i - 1] ?? ''))) {
      // A quote after a hex digit is a digit separator (1'000), not a character literal.
      let k = i + 1;
      while (k < raw.length && raw[k] !== c) k += raw[k] === '\\' ? 2 : 1;
      blank(mask, i + 1, k);
      i = k + 1;
    } else {
      i += 1;
    }
  }
  const lineStarts = [0];
  for (let k = 0; k < raw.length; k++) if (raw[k] === '\n') lineStarts.push(k + 1);
  return { text: text.join(''), mask: mask.join(''), lineStarts };
}

/** The line (from 1) of an offset, given the offsets at which lines start. */
export function lineAt(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
