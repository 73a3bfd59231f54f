// The examples of a reference section as its page shows them: each example's code blocks, read from the twin.
import { codeBlocks, type Section } from '../markdown';

export interface PageExample {
  /** The example's title on the page ('' when the section has one example). */
  title: string;
  /** Code blocks by their label on the page (`TypeScript`, `JSON-RPC (curl)`, `curl`, `WhaleApiClient`) or title. */
  blocks: Array<{ label: string; language: string; title: string; code: string }>;
}

/** The section's code blocks grouped by example, in page order; signature blocks (before any example) are left out. */
export function pageExamples(section: Section, isExampleBlock: (label: string, title: string) => boolean): PageExample[] {
  const examples: PageExample[] = [];
  for (const block of codeBlocks(section.markdown)) {
    if (!isExampleBlock(block.label, block.title)) continue;
    let current = examples.at(-1);
    if (current === undefined || current.title !== block.example) {
      current = { title: block.example, blocks: [] };
      examples.push(current);
    }
    current.blocks.push({ label: block.label, language: block.language, title: block.title, code: block.code });
  }
  return examples;
}
