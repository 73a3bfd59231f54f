// Reads a folder of hand-written example data: one JSON file per method, below a folder per category.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every `<category>/<method>.json` below `dir`, parsed, keyed `category.method` (files beside the category folders,
 * such as pagination.json, are not examples). The RPC and the Ocean example data are laid out this way.
 */
export function readExampleFolder<T>(dir: string, parse: (text: string, where: string) => T): Map<string, T> {
  const examples = new Map<string, T>();
  if (!fs.existsSync(dir)) return examples;
  for (const category of fs.readdirSync(dir).sort()) {
    const categoryDir = path.join(dir, category);
    if (!fs.statSync(categoryDir).isDirectory()) continue;
    for (const file of fs.readdirSync(categoryDir).sort()) {
      if (!file.endsWith('.json')) continue;
      const where = path.join(categoryDir, file);
      examples.set(`${category}.${path.basename(file, '.json')}`, parse(fs.readFileSync(where, 'utf8'), where));
    }
  }
  return examples;
}
