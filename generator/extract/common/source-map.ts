// Maps a position in a generated file (.d.ts, .js) back to its TypeScript source through the file's source map (v3).

export interface RawSourceMap {
  version: number;
  sources: string[];
  mappings: string;
  sourceRoot?: string;
}

interface Segment {
  generatedColumn: number;
  source: number;
  originalLine: number;
  originalColumn: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line's Base64 VLQ values. */
export function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`source map: invalid base64 character ${JSON.stringify(char)}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** A decoded source map: per generated line (0-based), its segments that point to a source. */
export class SourceMap {
  private readonly lines: Segment[][];

  constructor(readonly raw: RawSourceMap) {
    this.lines = [];
    let source = 0;
    let originalLine = 0;
    let originalColumn = 0;
    for (const lineText of raw.mappings.split(';')) {
      const segments: Segment[] = [];
      let generatedColumn = 0;
      for (const segmentText of lineText.split(',')) {
        if (segmentText === '') continue;
        const values = decodeVlq(segmentText);
        generatedColumn += values[0] ?? 0;
        if (values.length < 4) continue;
        source += values[1] ?? 0;
        originalLine += values[2] ?? 0;
        originalColumn += values[3] ?? 0;
        segments.push({ generatedColumn, source, originalLine, originalColumn });
      }
      this.lines.push(segments);
    }
  }

  /** The original position of a generated one (both 0-based), from the last segment at or before the column. */
  originalPosition(line: number, column: number): { source: string; line: number; column: number } | null {
    const segments = this.lines[line] ?? [];
    let best: Segment | undefined;
    for (const segment of segments) {
      if (segment.generatedColumn <= column) best = segment;
    }
    best ??= segments[0];
    if (!best) return null;
    const source = this.raw.sources[best.source];
    if (source === undefined) return null;
    return { source: (this.raw.sourceRoot ?? '') + source, line: best.originalLine, column: best.originalColumn };
  }
}
