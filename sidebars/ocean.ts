// Sidebar of the ocean docs area: the overview, every generated reference page (one per WhaleApiClient category), then
// the generated release pages.
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

const RELEASE_DOCS = path.join(__dirname, '../docs/ocean/releases');

/** The release pages `npm run generate` wrote from generator/history (docs/ocean/releases/v<major>.mdx), newest line first. */
function releasePages(): string[] {
  if (!fs.existsSync(RELEASE_DOCS)) return [];
  return fs
    .readdirSync(RELEASE_DOCS)
    .filter((file) => /^v\d+\.mdx$/.test(file))
    .map((file) => Number(file.slice(1, -'.mdx'.length)))
    .sort((a, b) => b - a)
    .map((major) => `releases/v${major}`);
}

const releases = releasePages();

const sidebars: SidebarsConfig = {
  // Before the first `npm run generate` there are no reference pages, and a category may not be empty.
  ocean: [
    'index',
    ...(pages.length === 0 ? [] : [{ type: 'category' as const, label: 'API reference', collapsible: true, collapsed: false, items: pages }]),
    ...(releases.length === 0
      ? []
      : [
          {
            type: 'category' as const,
            label: 'Releases',
            collapsible: true,
            // Folded until opened or one of its pages is read, as in the node area.
            collapsed: true,
            // The migration guide is one for both clients, on the node area's side.
            items: [{ type: 'link' as const, label: 'Migrating from 3.x to 4.0', href: '/node/migrating-to-4' }, ...releases],
          },
        ]),
  ],
};

export default sidebars;
