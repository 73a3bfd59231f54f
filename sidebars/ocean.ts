// Sidebar of the ocean docs area: the overview, then every generated reference page (one per WhaleApiClient category).
import fs from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const REFERENCE_DOCS = path.join(__dirname, '../docs/ocean/reference');

/**
 * Doc ids of the reference pages that `npm run generate` wrote (docs/ocean/reference/<category>.mdx, served at
 * /ocean/<category>): every .mdx file of the folder except partials (`_name.mdx`), in alphabetical order. Listing the folder keeps the sidebar in
 * step with the package: a category the client adds or drops appears or disappears on the next generate.
 */
function referencePages(): string[] {
  if (!fs.existsSync(REFERENCE_DOCS)) return [];
  return fs
    .readdirSync(REFERENCE_DOCS)
    .filter((file) => file.endsWith('.mdx') && !file.startsWith('_'))
    .map((file) => file.slice(0, -'.mdx'.length))
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((name) => `reference/${name}`);
}

const pages = referencePages();

const sidebars: SidebarsConfig = {
  // Before the first `npm run generate` there are no reference pages, and a category may not be empty.
  ocean: pages.length === 0 ? ['index'] : ['index', { type: 'category', label: 'API reference', collapsible: true, collapsed: false, items: pages }],
};

export default sidebars;
