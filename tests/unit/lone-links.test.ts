// The class that gives a link alone on its line its 24 px (contract/lone-links.ts), as the site's MDX pipeline applies it.
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { LONE_LINKS_CLASS, rehypeLoneLinks } from '../../contract/lone-links';

/** The elements the class went to in the compiled page, each as its tag and the text of its first link. */
async function marked(source: string): Promise<string[]> {
  const processor = createProcessor({ remarkPlugins: [remarkGfm], rehypePlugins: [rehypeLoneLinks], jsx: true });
  const code = String(await processor.process(source));
  return [...code.matchAll(new RegExp(`<_components\\.(\\w+) className="${LONE_LINKS_CLASS}">(.*?)</_components\\.\\1>`, 'g'))].map(
    (match) => `${match[1] ?? ''} ${match[2] ?? ''}`,
  );
}

describe('rehypeLoneLinks', () => {
  it('marks a paragraph of links alone, and no paragraph with words around its link', async () => {
    const lines = await marked(
      '[Source of OP_CODES](https://example.com/a)\n\n[one](https://example.com/1)\n[two](https://example.com/2)\n\nRead [the guide](/guide) first.\n',
    );
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('p '))).toBe(true);
    expect(lines.join('\n')).not.toContain('the guide');
  });

  it('marks list items and table cells that hold a link only', async () => {
    const lines = await marked(
      '- [4.x releases](/v4)\n- the [3.x releases](/v3)\n\n| Package | What |\n| --- | --- |\n| [jellyfish-api-core](/a) | the client |\n',
    );
    expect(lines.filter((line) => line.startsWith('li '))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('td '))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('3.x');
  });

  it("counts a page's own component that renders a link as a link", async () => {
    const page =
      'export const Npm = ({ name }) => (\n  <a href={name}>{name}</a>\n);\n\n| Package | What |\n| --- | --- |\n| <Npm name="defichain" /> | peer |\n';
    expect((await marked(page)).filter((line) => line.startsWith('td '))).toHaveLength(1);
    expect(await marked(page.replace('<a href={name}>{name}</a>', '<span>{name}</span>'))).toEqual([]);
  });
});
