// Reading a page's Markdown twin (src/plugins/llms): its headings, one section, and the code blocks and labelled
// paragraphs of a reference section, as the page shows them.

export interface Heading {
  level: number;
  text: string;
  /** Index of the heading's line. */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Each line's fence state: true for the lines of a fenced code block, fences included. */
function codeLines(lines: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  let open: { char: string; length: number } | undefined;
  for (const line of lines) {
    const fence = FENCE.exec(line);
    if (open === undefined) {
      if (fence?.[1] !== undefined && !(fence[1].startsWith('`') && (fence[2] ?? '').includes('`'))) {
        open = { char: fence[1][0] ?? '`', length: fence[1].length };
        inside.push(true);
      } else {
        inside.push(false);
      }
    } else {
      inside.push(true);
      const marker = fence?.[1];
      if (marker !== undefined && marker[0] === open.char && marker.length >= open.length && (fence?.[2] ?? '').trim() === '') open = undefined;
    }
  }
  return inside;
}

/** ATX headings outside code blocks, with Markdown escapes and inline code marks taken out of their text. */
export function headings(markdown: string): Heading[] {
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const found: Heading[] = [];
  lines.forEach((line, index) => {
    if (code[index]) return;
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) found.push({ level: match[1].length, text: plainText(match[2]), line: index });
  });
  return found;
}

/** Inline Markdown as the reader sees it: escapes, code marks, emphasis and link targets removed. */
export function plainText(inline: string): string {
  return inline
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, '$1')
    .trim();
}

/** A heading id as Docusaurus derives it from the text (github-slugger's rule) when the page gives none. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

export interface Section {
  heading: Heading;
  /** The heading's line and everything under it, up to the next heading of the same or a higher level. */
  markdown: string;
}

/** The section under `heading` (a heading of `headings(markdown)`). */
export function sectionAt(markdown: string, heading: Heading): Section {
  const lines = markdown.split('\n');
  const next = headings(markdown).find((other) => other.line > heading.line && other.level <= heading.level);
  return {
    heading,
    markdown: `${lines
      .slice(heading.line, next?.line ?? lines.length)
      .join('\n')
      .trimEnd()}\n`,
  };
}

export interface CodeBlock {
  /** The info string's language (`ts`, `bash`, `json`), '' when none. */
  language: string;
  /** The block's title (`title="..."` in the info string), '' when none. */
  title: string;
  /** The code, line by line as the page shows it, without the last newline. */
  code: string;
  /** The bold line that introduces it (`TypeScript`, `curl`, `JSON-RPC (curl)`), '' when none. */
  label: string;
  /** The example it belongs to (`**Example: <title>**` above it), '' when the section has one example. */
  example: string;
}

/** The top-level fenced code blocks of a section, in order, each with the bold labels above it. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  let label = '';
  let example = '';
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const bold = /^\*\*(.+?)\*\*\s*$/.exec(line);
    if (bold?.[1] !== undefined) {
      const text = plainText(bold[1]);
      const exampleTitle = /^Example: (.*)$/.exec(text);
      if (exampleTitle?.[1] !== undefined) {
        example = exampleTitle[1];
        label = '';
      } else {
        label = text;
      }
      continue;
    }
    const fence = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence?.[1] === undefined) continue;
    const marker = fence[1];
    const info = (fence[2] ?? '').trim();
    const body: string[] = [];
    index += 1;
    while (index < lines.length && !(lines[index]?.startsWith(marker) && (lines[index] ?? '').slice(marker.length).trim() === '')) {
      body.push(lines[index] ?? '');
      index += 1;
    }
    blocks.push({
      language: /^[^\s]*/.exec(info)?.[0] ?? '',
      title: /title="([^"]*)"/.exec(info)?.[1] ?? '',
      code: body.join('\n'),
      label,
      example,
    });
    label = '';
  }
  return blocks;
}

/**
 * The text of a labelled paragraph (`**Errors:** ...`, `**Response:** ...`) or note (`> **Pagination**` and its quote),
 * as plain text (links keep their text), or undefined when the section has none.
 */
export function labelledText(markdown: string, label: string): string | undefined {
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  for (let index = 0; index < lines.length; index += 1) {
    if (code[index]) continue;
    const line = lines[index] ?? '';
    if (line.startsWith(`**${label}:**`)) {
      const paragraph = [line.slice(`**${label}:**`.length)];
      for (let next = index + 1; next < lines.length && (lines[next] ?? '').trim() !== ''; next += 1) paragraph.push(lines[next] ?? '');
      return plainText(paragraph.join(' ').replace(/\\$/gm, ''));
    }
    if (line === `> **${label}**`) {
      const quote: string[] = [];
      for (let next = index + 1; next < lines.length && (lines[next] ?? '').startsWith('>'); next += 1) quote.push((lines[next] ?? '').replace(/^>\s?/, ''));
      return plainText(quote.join('\n').trim());
    }
  }
  return undefined;
}
