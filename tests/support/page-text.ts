// A generated page as its MDX read before it was thin: each `<ReferenceSection content={sections[n]} />` replaced by
// that section's text from the page's data, with code blocks as fences, inline code in backticks, list items as `- `
// lines and admonitions as `:::kind[Title]` containers, so that the readers of the page examples read what a reader sees.
import fs from 'node:fs';
import path from 'node:path';
import type { SectionNode } from '../../contract/section-nodes';

const ROOT = path.resolve(__dirname, '../..');
const DATA_IMPORT = /^import sections from "@site\/([^"]+)";$/m;
const SECTION = /<ReferenceSection content=\{sections\[(\d+)\]\} \/>/g;

function children(nodes: readonly SectionNode[]): string {
  return nodes.map(sectionText).join('');
}

/** One node of section data as Markdown-like text. */
function sectionText(node: SectionNode): string {
  if (typeof node === 'string') return node;
  const [name, props, ...rest] = node;
  const className = typeof props?.className === 'string' ? props.className : '';
  const language = /(?:^| )language-(\S+)/.exec(className)?.[1];
  switch (name) {
    case 'code': {
      const text = children(rest);
      if (language === undefined) return `\`${text}\``;
      const meta = typeof props?.metastring === 'string' ? ` ${props.metastring}` : '';
      return `\n\`\`\`${language}${meta}\n${text.replace(/\n$/, '')}\n\`\`\`\n`;
    }
    case 'admonition':
      return `\n:::${typeof props?.type === 'string' ? props.type : ''}[${typeof props?.title === 'string' ? props.title : ''}]\n\n${children(rest)}\n:::\n`;
    case 'li':
      return `- ${children(rest)}`;
    case 'p':
      return `${children(rest)}\n\n`;
    default:
      return children(rest);
  }
}

/** The text of a generated page (thin MDX and its data); a page without data is read as it is. */
export function readGeneratedPage(file: string): string {
  const mdx = fs.readFileSync(file, 'utf8');
  const data = DATA_IMPORT.exec(mdx)?.[1];
  if (data === undefined) return mdx;
  const sections = JSON.parse(fs.readFileSync(path.join(ROOT, data), 'utf8')) as SectionNode[][];
  return mdx.replace(SECTION, (_match, index: string) => {
    const section = sections[Number(index)];
    if (section === undefined) throw new Error(`${file}: no section ${index} in ${data}`);
    return children(section);
  });
}

/**
 * The generated files of an RPC category, relative to the API pages' folder: `<category>.mdx`, or for a category
 * written on several pages (generator/extract/rpc/pages.ts) every page of its folder, its own first.
 */
export function rpcCategoryFiles(apiPages: string, category: string): string[] {
  const folder = path.join(apiPages, category);
  if (!fs.existsSync(folder)) return [`${category}.mdx`];
  const pages = fs.readdirSync(folder).filter((name) => name.endsWith('.mdx') && !name.startsWith('_'));
  return [`${category}.mdx`, ...pages.filter((name) => name !== `${category}.mdx`).sort()].map((name) => `${category}/${name}`);
}

/** The text of every generated page of an RPC category, one after another. */
export function rpcCategoryText(apiPages: string, category: string): string {
  return rpcCategoryFiles(apiPages, category)
    .map((file) => readGeneratedPage(path.join(apiPages, file)))
    .join('\n\n');
}
