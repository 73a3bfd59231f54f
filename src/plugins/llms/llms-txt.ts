// The text of /llms.txt and /llms-full.txt (llmstxt.org), listing every page's Markdown twin.
import { twinPath } from './twin-path';

export { twinPath };

export interface TwinPage {
  /** The page's route with the base path, e.g. `/node/design`. */
  route: string;
  title: string;
  description: string;
  /** Markdown of the page's doc body (starts with its H1). */
  markdown: string;
}

export interface LlmsSection {
  /** The docs area's name as the navbar shows it. */
  title: string;
  pages: TwinPage[];
}

/** A machine-readable document published beside the pages (OpenRPC, OpenAPI). */
export interface LlmsResource {
  path: string;
  title: string;
  description: string;
}

/** The site's MCP server (server/mcp), for assistants that can call tools rather than read pages. */
interface LlmsMcp {
  /** Path of the Streamable HTTP endpoint. */
  path: string;
  /** Path of its discovery document. */
  wellKnown: string;
  /** The command that runs it over stdio from the docs repository. */
  stdio: string;
}

export interface LlmsIndex {
  siteName: string;
  summary: string;
  /** Absolute site URL with its base path, ending in `/`. */
  siteUrl: string;
  sections: LlmsSection[];
  resources: LlmsResource[];
  mcp?: LlmsMcp;
}

/** Absolute URL of a path below the site's base path, for a site URL that ends in `/`. */
function absoluteUrl(siteUrl: string, sitePath: string): string {
  return new URL(sitePath.replace(/^\/+/, ''), siteUrl).href;
}

/** Absolute URL of a route, which already includes the base path (as Docusaurus permalinks do). */
export function routeUrl(siteUrl: string, route: string): string {
  return new URL(route, siteUrl).href;
}

/** One line of an llms.txt list: link text and descriptions must not break the Markdown around them. */
function linkLine(title: string, url: string, description: string): string {
  const label = title.replace(/([[\]\\])/g, '\\$1');
  const note = description.replace(/\s+/g, ' ').trim();
  return `- [${label}](${url})${note ? `: ${note}` : ''}`;
}

export function renderLlmsTxt(index: LlmsIndex): string {
  const lines = [
    `# ${index.siteName}`,
    '',
    `> ${index.summary.replace(/\s+/g, ' ').trim()}`,
    '',
    'Every documentation page has a Markdown twin at its own URL with `.md` added ' +
      '(for example `/node/design.md`; an area overview such as `/node/` is `/node.md`). ' +
      `All twins in one file: ${absoluteUrl(index.siteUrl, '/llms-full.txt')}`,
  ];
  for (const section of index.sections) {
    if (section.pages.length === 0) continue;
    lines.push('', `## ${section.title}`, '');
    for (const page of section.pages) {
      lines.push(linkLine(page.title, routeUrl(index.siteUrl, twinPath(page.route)), page.description));
    }
  }
  if (index.resources.length > 0) {
    lines.push('', '## API descriptions', '');
    for (const resource of index.resources) {
      lines.push(linkLine(resource.title, absoluteUrl(index.siteUrl, resource.path), resource.description));
    }
  }
  if (index.mcp !== undefined) {
    lines.push(
      '',
      '## MCP server',
      '',
      linkLine(
        'Jellyfish docs MCP server',
        absoluteUrl(index.siteUrl, index.mcp.path),
        `Model Context Protocol over Streamable HTTP (discovery document at ${absoluteUrl(index.siteUrl, index.mcp.wellKnown)}): ` +
          'its tools search the docs and answer for an RPC method, an Ocean endpoint, a type, an export of the other SDK packages, a custom transaction or a page from the model these pages are generated from. ' +
          `Offline, over stdio, from a clone of the docs: \`${index.mcp.stdio}\``,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Every twin in one file, each introduced by a rule and the URL of the page it comes from. */
export function renderLlmsFull(index: LlmsIndex): string {
  const parts = [`# ${index.siteName}\n\n> ${index.summary.replace(/\s+/g, ' ').trim()}\n`];
  for (const section of index.sections) {
    for (const page of section.pages) {
      parts.push(`---\n\nSource: ${routeUrl(index.siteUrl, page.route)}\n\n${page.markdown.trim()}\n`);
    }
  }
  return parts.join('\n');
}
