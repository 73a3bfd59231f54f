// Local Docusaurus plugin: after the build, writes a Markdown twin beside every doc page, /llms.txt and /llms-full.txt.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, LoadedPlugin, Plugin } from '@docusaurus/types';
import type { LoadedContent, DocMetadata } from '@docusaurus/plugin-content-docs';
import { articleToMarkdown, lazyDetailsContents, lazyTabGroups, type LazyDetailsContent, type LazyTabGroup } from './html-to-markdown';
import type { SectionNode } from '../../../contract/section-nodes';
import { renderLlmsFull, routeUrl, renderLlmsTxt, twinPath, type LlmsResource, type LlmsSection, type TwinPage } from './llms-txt';
import { tracked } from '../../overrides/postbuild-order/index';
import { MCP_PATH, STDIO_COMMAND, WELL_KNOWN_PATHS } from '../../../server/mcp/paths';

/** Machine-readable documents that other build stages publish; listed in llms.txt when present in the build. */
export const API_DESCRIPTIONS: readonly LlmsResource[] = [
  {
    path: '/node/openrpc.json',
    title: 'Full Node RPC (OpenRPC)',
    description: 'OpenRPC 1.x document of every full-node RPC method in the reference, with JSON Schemas of parameters and results',
  },
  {
    path: '/ocean/openapi.json',
    title: 'Ocean REST API (OpenAPI)',
    description: 'OpenAPI 3.1 document of every Ocean endpoint, with the response envelope and the default server',
  },
];

const DOCS_PLUGIN_NAME = 'docusaurus-plugin-content-docs';

interface SidebarNode {
  type: string;
  id?: string;
  items?: SidebarNode[];
  link?: { type: string; id?: string };
}

/** Doc ids in the order a reader meets them in the sidebar (a category's own page before its items). */
function sidebarOrder(items: readonly SidebarNode[], order: string[] = []): string[] {
  for (const item of items) {
    if ((item.type === 'doc' || item.type === 'ref') && item.id) order.push(item.id);
    if (item.type === 'category') {
      if (item.link?.type === 'doc' && item.link.id) order.push(item.link.id);
      sidebarOrder(item.items ?? [], order);
    }
  }
  return order;
}

/** Listed docs of one docs plugin instance, in sidebar order, then any the sidebars leave out. */
export function orderedDocs(content: LoadedContent): DocMetadata[] {
  const docs: DocMetadata[] = [];
  for (const version of content.loadedVersions) {
    const byId = new Map(version.docs.filter((doc) => !doc.unlisted).map((doc) => [doc.id, doc]));
    const ids = Object.values(version.sidebars).flatMap((sidebar) => sidebarOrder(sidebar as SidebarNode[]));
    for (const id of [...ids, ...byId.keys()]) {
      const doc = byId.get(id);
      if (doc) {
        docs.push(doc);
        byId.delete(id);
      }
    }
  }
  return docs;
}

/** Navbar label of each docs plugin instance, in navbar order: the names readers know the areas by. */
function areaLabels(context: LoadContext): Map<string, string> {
  const navbar = (context.siteConfig.themeConfig as { navbar?: { items?: Array<Record<string, unknown>> } }).navbar;
  const labels = new Map<string, string>();
  const visit = (item: Record<string, unknown>, label: unknown): void => {
    if ((item.type === 'docSidebar' || item.type === 'doc') && typeof label === 'string') {
      const pluginId = typeof item.docsPluginId === 'string' ? item.docsPluginId : 'default';
      if (!labels.has(pluginId)) labels.set(pluginId, label);
    }
  };
  for (const item of navbar?.items ?? []) {
    // A dropdown names its area by its own label (Testing), not by its entries' labels.
    if (item.type === 'dropdown' && Array.isArray(item.items)) {
      for (const entry of item.items as Array<Record<string, unknown>>) visit(entry, item.label);
    } else {
      visit(item, item.label);
    }
  }
  return labels;
}

/** The HTML file Docusaurus wrote for a route, whatever its trailing-slash setting. */
async function builtHtml(outDir: string, route: string): Promise<string> {
  const relative = route.replace(/^\/+/, '');
  const candidates = route.endsWith('/')
    ? [path.join(outDir, relative, 'index.html')]
    : [path.join(outDir, relative, 'index.html'), path.join(outDir, `${relative}.html`)];
  for (const file of candidates) {
    try {
      return await fs.readFile(file, 'utf8');
    } catch {
      // Try the next layout.
    }
  }
  throw new Error(`llms: no built HTML for ${route} (looked for ${candidates.join(', ')})`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function docsSections(plugins: readonly LoadedPlugin[], labels: Map<string, string>): Array<{ title: string; docs: DocMetadata[] }> {
  const instances = plugins.filter((plugin) => plugin.name === DOCS_PLUGIN_NAME);
  const sections = instances.map((plugin) => {
    const id = plugin.options.id ?? 'default';
    return { id, title: labels.get(id) ?? id, docs: orderedDocs(plugin.content as LoadedContent) };
  });
  const navbarOrder = [...labels.keys()];
  const rank = (id: string): number => (navbarOrder.includes(id) ? navbarOrder.indexOf(id) : navbarOrder.length);
  return sections.sort((a, b) => rank(a.id) - rank(b.id));
}

/**
 * The lazy tab groups and disclosures of a generated reference page's data: its MDX imports the page's sections from a JSON file
 * (generator/render/section-data.ts), whose tabs the HTML holds only in part (lazy tabs). None for a hand-written page.
 */
async function pageDataParts(siteDir: string, source: string): Promise<{ lazyTabs: LazyTabGroup[]; lazyDetails: LazyDetailsContent[] }> {
  const file = path.join(siteDir, source.replace(/^@site\//, ''));
  const mdx = await fs.readFile(file, 'utf8');
  const data = /^import \w+ from ["']@site\/(generated\/pages\/[^"']+\.json)["'];?$/m.exec(mdx)?.[1];
  if (data === undefined) return { lazyTabs: [], lazyDetails: [] };
  const nodes = JSON.parse(await fs.readFile(path.join(siteDir, data), 'utf8')) as SectionNode[];
  return { lazyTabs: lazyTabGroups(nodes), lazyDetails: lazyDetailsContents(nodes) };
}

export default function llmsPlugin(context: LoadContext): Plugin {
  // The site-output plugin compresses the twins once this postBuild has written them.
  return tracked({
    name: 'llms',
    async postBuild({ outDir, plugins }) {
      const started = performance.now();
      const siteUrl = new URL(context.baseUrl, context.siteConfig.url).href;
      // Permalinks include the base path; files under outDir do not.
      const inBuild = (route: string): string => `/${route.slice(context.baseUrl.length)}`;
      const sections: LlmsSection[] = [];
      for (const section of docsSections(plugins, areaLabels(context))) {
        const pages: TwinPage[] = [];
        for (const doc of section.docs) {
          const html = await builtHtml(outDir, inBuild(doc.permalink));
          const { lazyTabs, lazyDetails } = await pageDataParts(context.siteDir, doc.source);
          const markdown = articleToMarkdown(html, { pageUrl: routeUrl(siteUrl, doc.permalink), lazyTabs, lazyDetails });
          const twin = path.join(outDir, twinPath(inBuild(doc.permalink)));
          await fs.mkdir(path.dirname(twin), { recursive: true });
          await fs.writeFile(twin, markdown);
          pages.push({ route: doc.permalink, title: doc.title, description: doc.description, markdown });
        }
        sections.push({ title: section.title, pages });
      }
      const resources: LlmsResource[] = [];
      for (const resource of API_DESCRIPTIONS) {
        if (await exists(path.join(outDir, resource.path))) resources.push(resource);
      }
      const mcp = { path: MCP_PATH, wellKnown: WELL_KNOWN_PATHS[0], stdio: STDIO_COMMAND };
      const index = { siteName: context.siteConfig.title, summary: context.siteConfig.tagline, siteUrl, sections, resources, mcp };
      await fs.writeFile(path.join(outDir, 'llms.txt'), renderLlmsTxt(index));
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), renderLlmsFull(index));
      const twins = sections.reduce((count, section) => count + section.pages.length, 0);
      console.log(`[llms] ${twins} Markdown twins, llms.txt and llms-full.txt in ${Math.round(performance.now() - started)} ms`);
    },
  });
}
