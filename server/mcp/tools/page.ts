// get_page: a page of the site as its Markdown twin, whole (in chunks) or one section of it.
import { z } from 'zod';
import { findSection, type DocsData } from '../docs-data';
import { headings, slug } from '../markdown';
import { compact, defineTool, type Answer, type Miss } from './tool';

/** Characters of Markdown one answer holds at most; a longer page comes in parts (`offset`). */
const PAGE_CHUNK = 40_000;

/** The headings a reader can ask for (levels 2 and 3), for an answer without a section or a miss. */
function outline(markdown: string): string[] {
  return headings(markdown)
    .filter((heading) => heading.level === 2 || heading.level === 3)
    .map((heading) => `${'#'.repeat(heading.level)} ${heading.text}`);
}

/** Cuts at a line end at or before `end` (or at `end` when a line is longer than a chunk). */
function chunkEnd(text: string, start: number, size: number): number {
  if (start + size >= text.length) return text.length;
  const newline = text.lastIndexOf('\n', start + size);
  return newline > start ? newline + 1 : start + size;
}

export const getPage = defineTool({
  name: 'get_page',
  title: 'Page as Markdown',
  description:
    'A page of the Jellyfish docs as Markdown (the Markdown twin of the built page): give its route (/node/design, /ocean/address), ' +
    'its URL, or its twin path (/node/design.md). Pass `section` (a heading text or id, or a #hash in the URL) to get only that ' +
    'section; without it the answer lists the page outline. Long pages come in parts: pass `offset` from `nextOffset`.',
  input: z.strictObject({
    page: z.string().min(1).max(300).describe('Route, URL or twin path of the page'),
    section: z.string().min(1).max(200).optional().describe('Heading text or id of one section'),
    offset: z.number().int().min(0).max(10_000_000).optional().describe('Where to continue a long page (nextOffset of the last answer)'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    title: z.string(),
    url: z.string(),
    section: z.string().optional(),
    markdown: z.string(),
    outline: z.array(z.string()).optional(),
    totalChars: z.number().optional(),
    nextOffset: z.number().optional(),
  }),
  run(docs: DocsData, { page: input, section: wanted, offset = 0 }): Answer | Miss {
    if (!docs.hasBuild) return { miss: 'This server has no build to read pages from: run `npm run build` in the docs repository.' };
    const found = docs.pageOf(input);
    if (found === undefined) {
      const words = input
        .replace(/\.md$/, '')
        .split(/[^A-Za-z0-9]+/)
        .filter((word) => word.length > 1)
        .join(' ');
      const routes = [...new Set(docs.engine.search(words, 20).map((hit) => hit.url))].slice(0, 5);
      return { miss: `No page of the site is at "${input}". llms.txt lists every page.`, suggestions: routes };
    }
    const markdown = docs.twin(found.page);
    if (markdown === undefined) return { miss: `The twin of ${found.page.twin} is missing from the build: run \`npm run build\`.` };
    const url = docs.url(found.page.route);
    const sectionName = wanted ?? (found.hash === '' ? undefined : found.hash);
    if (sectionName !== undefined) {
      // The section by its id on the built page (`#getblock`, `#type-createvault`), else by its heading's text.
      const ids = docs.headingsOf(found.page);
      const heading = ids.find((entry) => entry.id === sectionName)?.text ?? sectionName;
      const section = findSection(markdown, heading, slug(sectionName));
      if (section === undefined) {
        return { miss: `The page ${found.page.title} has no section "${sectionName}".`, suggestions: outline(markdown) };
      }
      const end = chunkEnd(section.markdown, offset, PAGE_CHUNK);
      return compact({
        sdk: docs.sdk,
        title: found.page.title,
        section: section.heading.text,
        url: `${url}#${ids.find((entry) => entry.text === section.heading.text)?.id ?? slug(section.heading.text)}`,
        markdown: section.markdown.slice(offset, end),
        nextOffset: end < section.markdown.length ? end : undefined,
      });
    }
    const end = chunkEnd(markdown, offset, PAGE_CHUNK);
    return compact({
      sdk: docs.sdk,
      title: found.page.title,
      url,
      twin: docs.url(found.page.twin),
      outline: offset === 0 ? outline(markdown) : undefined,
      markdown: markdown.slice(offset, end),
      nextOffset: end < markdown.length ? end : undefined,
      totalChars: markdown.length,
    });
  },
});
