// Generic MDX emitting: escaping of prose and JSX text, headings, tables, code blocks, admonitions, tabs, front matter.
import { deprecationText, lacksSubject } from '../model/queries';

/** Characters that Markdown or MDX would read as syntax in running text. */
const MARKDOWN_SPECIALS = new Set(['\\', '`', '*', '_', '{', '}', '[', ']', '<', '>', '#', '|', '~', '!', '&', '$']);

/** Escapes text so MDX shows it verbatim on one line (no emphasis, links, JSX or expressions). */
export function escapeInline(text: string): string {
  let out = '';
  for (const char of text) out += MARKDOWN_SPECIALS.has(char) ? `\\${char}` : char;
  return out;
}

/** A web address in doc text, without the punctuation that ends its sentence. */
const URL_PATTERN = /(https?:\/\/[^\s<>`"'|]*[^\s<>`"'|.,;:!?)\]])/;

/**
 * Doc text on one line: `code` spans stay code (rendered as code), a web address is a link to itself (escaping it
 * would put the backslashes in the address), everything else is shown verbatim.
 */
export function escapeDocLine(line: string, inTable = false): string {
  const parts = line.split(/(`[^`\n]+`)/);
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? inlineCode(part.slice(1, -1), inTable)
        : part
            .split(URL_PATTERN)
            .map((piece, inner) => (inner % 2 === 1 ? `[${escapeInline(piece)}](${piece})` : escapeInline(piece)))
            .join(''),
    )
    .join('');
}

/** A line of fixed-width text: a table drawn with `|` and `+---`, or columns lined up with runs of spaces. */
function isPreformattedLine(line: string): boolean {
  return /^\s*[|+]-*[-+|]/.test(line) || /^\s*\|.*\|\s*$/.test(line) || /\S {3,}\S/.test(line) || / \| .* \| /.test(line);
}

/**
 * Doc text as MDX, as docToMdx writes it, except that a run of two or more fixed-width lines (an ASCII table, columns
 * lined up with spaces) is a text block that keeps them as written.
 */
export function docWithBlocksToMdx(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let prose: string[] = [];
  for (let index = 0; index < lines.length;) {
    let end = index;
    while (end < lines.length && isPreformattedLine(lines[end] as string)) end += 1;
    if (end - index >= 2) {
      if (prose.join('').trim() !== '') blocks.push(docToMdx(prose.join('\n')));
      prose = [];
      blocks.push(codeBlock('text', lines.slice(index, end).join('\n')));
      index = end;
    } else {
      prose.push(lines[index] as string);
      index += 1;
    }
  }
  if (prose.join('').trim() !== '') blocks.push(docToMdx(prose.join('\n')));
  return blocks.join('\n\n');
}

/** A line ends a sentence of its own when it has no closing punctuation and the next starts a new one (`Get x` / `Return y`). */
function endsSentence(line: string, next: string | undefined): boolean {
  return next !== undefined && !/[.,:;!?([{-]$/.test(line) && /^[A-Z@`]/.test(next) && !isListItem(next);
}

function isListItem(line: string): boolean {
  return /^(?:[-*]|\d+[.)])\s/.test(line);
}

/**
 * Turns doc-comment text into safe MDX: paragraphs (blank lines) and `-` lists are kept,
 * everything else is shown verbatim. Lines inside a paragraph stay soft line breaks.
 */
export function docToMdx(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
  return paragraphs
    .map((lines) =>
      lines
        .map((line, index) => {
          if (isListItem(line)) {
            const marker = line.startsWith('*') ? '-' : (line.match(/^(?:-|\d+[.)])/)?.[0] ?? '-');
            return `${marker} ${escapeDocLine(line.slice(line.indexOf(' ') + 1).trim())}`;
          }
          // A leading digit-dot or plus would start a list; `+` is not escaped by escapeInline.
          const escaped = escapeDocLine(line);
          const safe = /^[+=]/.test(escaped) ? `\\${escaped}` : escaped;
          // A sentence without its full stop keeps its own line (a hard break), as the comment's author wrote it.
          return endsSentence(line, lines[index + 1]) ? `${safe}\\` : safe;
        })
        .join('\n'),
    )
    .join('\n\n');
}

/** Doc text on a single line, for table cells. */
export function docToCell(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.map((line, index) => `${escapeDocLine(line, true)}${endsSentence(line, lines[index + 1]) ? '<br />' : ''}`).join(' ');
}

/**
 * A parameter's doc text as a cell that reads as a sentence: where the package's text continues the parameter's name,
 * the name is put back in front of it (`size` of vaults to query), the words otherwise as the package writes them.
 */
export function paramTextCell(name: string, text: string): string {
  const cell = docToCell(text);
  return lacksSubject(text) ? `${inlineCode(name, true)} ${cell}` : cell;
}

/** An inline code span that survives backticks and pipes (inside tables). */
export function inlineCode(code: string, inTable = false): string {
  // Code spans cannot span lines in a table row; runs of white space read the same on one line.
  const text = inTable ? code.replace(/\s+/g, ' ').replace(/\|/g, '\\|') : code.replace(/\s*\n\s*/g, ' ');
  let fence = '`';
  while (text.includes(fence)) fence += '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A heading with an explicit id, in the MDX comment syntax (`{#id}` is an expression once MDX 1 compatibility is off). */
export function heading(level: number, text: string, id: string): string {
  return `${'#'.repeat(level)} ${text} {/* #${id} */}`;
}

/** A GFM table; cells are already MDX and must not contain line breaks. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map((cell) => (cell === '' ? ' ' : cell)).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A table row's cell as running text: a code span keeps a `|` as is (a table needs it escaped as `\|`). */
function cellToText(cell: string): string {
  return cell.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_span, fence: string, code: string) => `${fence}${code.replace(/\\\|/g, '|')}${fence}`);
}

/**
 * Rows of name, facts and description (parameters, fields, members) as a list a phone can read: the name and the
 * facts on one line, the description beneath; a row whose name extends the one above it (`options.limit` under
 * `options`) is indented under it. Cells are table cells (`typeToMarkdown`, `docToCell`) and are rewritten as text.
 */
export function definitionList(rows: readonly (readonly string[])[], options: { nameOf?: (row: readonly string[]) => string } = {}): string {
  const nameOf =
    options.nameOf ??
    ((row: readonly string[]) =>
      (row[0] ?? '')
        .replace(/`/g, '')
        .replace(/^\.\.\./, '')
        .replace(/\?$/, ''));
  const stack: string[] = [];
  const lines: string[] = [];
  for (const row of rows) {
    const name = nameOf(row);
    while (stack.length > 0 && !name.startsWith(`${stack[stack.length - 1] ?? ''}.`)) stack.pop();
    const indent = '  '.repeat(stack.length);
    const cells = row.map((cell) => cellToText(cell).trim());
    const [term = '', ...rest] = cells;
    const description = rest.at(-1) ?? '';
    const facts = rest.slice(0, -1).filter((fact) => fact !== '');
    const head = [term, ...facts].join(' · ');
    // A trailing backslash is Markdown's hard line break: the description starts a line of its own.
    lines.push(description === '' ? `${indent}- ${head}` : `${indent}- ${head}\\\n${indent}  ${description}`);
    stack.push(name);
  }
  return `<div className="api-list">\n\n${lines.join('\n')}\n\n</div>`;
}

/** A fenced code block with a language (for highlighting) and an optional title. */
export function codeBlock(language: string, code: string, title?: string): string {
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  const meta = title ? ` title=${JSON.stringify(title)}` : '';
  return `${fence}${language}${meta}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

export type AdmonitionKind = 'note' | 'tip' | 'info' | 'warning' | 'danger';

export function admonition(kind: AdmonitionKind, title: string, body: string): string {
  return `:::${kind}[${escapeInline(title)}]\n\n${body}\n\n:::`;
}

/**
 * The one way every reference says that the package deprecates something: the package's reason (its `@deprecated`
 * text), or that it gives none (`deprecationText`, which the MCP server's answers use too), then what to use instead
 * where the renderer knows. `subject` is what the sentence calls it when the package gives no reason (`this method`,
 * a name in backticks).
 */
export function deprecationAdmonition(subject: string, reason: string, replacement: string | null = null, since: string | null = null): string {
  const text = docToMdx(deprecationText(reason, subject) ?? '');
  // The version comes from the release history (generator/history), where it knows it.
  return admonition('warning', since === null ? 'Deprecated' : `Deprecated since ${since}`, replacement === null ? text : `${text}\n\n${replacement}`);
}

export interface Tab {
  value: string;
  label: string;
  content: string;
}

/**
 * Docusaurus tabs; tabs sharing a groupId keep the reader's choice across the page and the site. Lazy: the page's HTML
 * holds the panel shown first, and React renders another when the reader picks it (from the page's data, which the
 * page loads anyway to hydrate). A hidden panel was a tenth of a reference page's HTML, and a reader without scripts
 * cannot switch tabs. The Markdown twin takes the other panels from the page's data (src/plugins/llms).
 */
export function tabs(groupId: string, items: readonly Tab[]): string {
  const body = items
    .map((item) => `<TabItem value=${JSON.stringify(item.value)} label=${JSON.stringify(item.label)}>\n\n${item.content}\n\n</TabItem>`)
    .join('\n');
  return `<Tabs groupId=${JSON.stringify(groupId)} lazy>\n${body}\n</Tabs>`;
}

/** The import lines a page needs for `tabs` and `jsxLink`. */
export const TABS_IMPORTS = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';"];
export const LINK_IMPORT = "import Link from '@docusaurus/Link';";
/** The component that sends an anchor a page lost on to the page it went to (src/components/MovedAnchors). */
export const MOVED_ANCHORS_IMPORT = "import MovedAnchors from '@site/src/components/MovedAnchors';";

/** The MovedAnchors element of a page: its route and where each anchor it lost went (`slug` or `slug#anchor`). */
export function movedAnchorsElement(base: string, to: Readonly<Record<string, string>>): string {
  return `<MovedAnchors base={${JSON.stringify(base)}} to={${JSON.stringify(to)}} />`;
}

/** YAML front matter; values are JSON, which YAML reads as is. */
export function frontMatter(fields: Readonly<Record<string, string | number | boolean>>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---`;
}

/** Text inside JSX, as a JS string expression so nothing in it is read as Markdown or JSX. */
export function jsxText(text: string): string {
  return text === '' ? '' : `{${JSON.stringify(text)}}`;
}

/** A Docusaurus Link (checked by the build's broken-link and broken-anchor detection). */
export function jsxLink(href: string, text: string): string {
  return `<Link to=${JSON.stringify(href)}>${jsxText(text)}</Link>`;
}

/**
 * A heading followed by its body, the body in a `<Deferred>` block (src/components/Deferred): React hydrates it on its
 * own once the reader gets near it, so a long reference page does not hydrate in one long task. The heading stays
 * outside, where the table of contents and anchors find it.
 */
export function deferredSection(headingLine: string, body: readonly string[]): string {
  return body.length === 0 ? headingLine : `${headingLine}\n\n<Deferred>\n\n${body.join('\n\n')}\n\n</Deferred>`;
}

/** A Markdown link whose text is shown verbatim. */
export function markdownLink(href: string, text: string): string {
  return `[${escapeInline(text)}](${href})`;
}
