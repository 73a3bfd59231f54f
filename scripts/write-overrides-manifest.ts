// Writes src/overrides/MANIFEST.md from src/overrides/manifest.ts, the one list of the site's patches of framework
// internals: `npx tsx scripts/write-overrides-manifest.ts` after editing the list.
import fs from 'node:fs';
import path from 'node:path';
import { manifestMarkdown } from '../src/overrides/manifest';

const file = path.resolve(__dirname, '../src/overrides/MANIFEST.md');
fs.writeFileSync(file, manifestMarkdown());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
