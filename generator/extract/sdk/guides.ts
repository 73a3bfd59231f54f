// Which guides and recipes use each export of the SDK's packages: the hand-written pages below are read for the names
// their code blocks import from `@defichain/<package>`, so that the export's section links back to every page that
// shows it at work (the pages link forward to the sections themselves).
import fs from 'node:fs';
import path from 'node:path';
import type { SdkReference } from '../../model/sdk';

/** A hand-written page that uses the packages: its file below docs/, its title and its route. */
interface GuidePage {
  file: string;
  title: string;
  route: string;
}

export const GUIDE_PAGES: readonly GuidePage[] = [
  { file: 'ecosystem/wallets.mdx', title: 'Wallets and transactions', route: '/ecosystem/wallets' },
  { file: 'ecosystem/recipes.mdx', title: 'Recipes', route: '/ecosystem/recipes' },
  { file: 'testing/testcontainers.mdx', title: 'Testcontainers', route: '/testing/testcontainers' },
  { file: 'testing/jellyfish-testing.mdx', title: 'Jellyfish Testing', route: '/testing/jellyfish-testing' },
];

/** The names a page's code imports from each package, as `<package>.<name>` (the model's id of an export). */
export function importedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const found of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@defichain\/([\w-]+)(?:\/[^']*)?'/g)) {
    for (const part of (found[1] ?? '').split(',')) {
      const name = /^\s*(?:type\s+)?([\w$]+)/.exec(part)?.[1];
      if (name !== undefined) names.add(`${found[2] ?? ''}.${name}`);
    }
  }
  return names;
}

/** Puts on each export the guides whose code imports it (`usedIn`), in the order of GUIDE_PAGES. */
export function attachGuideUses(reference: SdkReference, docsDir: string): void {
  for (const page of GUIDE_PAGES) {
    const text = fs.readFileSync(path.join(docsDir, page.file), 'utf8');
    for (const id of importedNames(text)) {
      const symbol = reference.symbols[id];
      if (symbol === undefined) continue;
      symbol.usedIn = [...(symbol.usedIn ?? []), { title: page.title, route: page.route }];
    }
  }
}
