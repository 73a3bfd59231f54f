// Where `npm run generate` writes, and what it removes: only inside the outputs of contract/generated-outputs.ts. A
// write elsewhere fails the run (git would track the file and no run would prune it); after a run, every wholly
// generated folder loses the files the run did not write and the folders left empty.
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_OUTPUT_LIST, isGenerated, type GeneratedOutput } from '../contract/generated-outputs';

export interface OutputWriter {
  /** Where an output is on disk. */
  at: (output: GeneratedOutput) => string;
  /** Writes a file inside an output, only when its content changes (so that repeated runs leave mtimes alone); whether it changed. */
  write(file: string, content: string): boolean;
  /** Removes from every wholly generated folder what this writer did not write, then the emptied folders; the files removed. */
  prune(): string[];
}

/** Removes the files and emptied folders under `dir` that are not in `written`. */
function removeStale(dir: string, written: ReadonlySet<string>): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removed.push(...removeStale(file, written));
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
    } else if (!written.has(path.resolve(file))) {
      fs.rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}

/** A writer for the site at `root`. */
export function outputWriter(root: string): OutputWriter {
  const written = new Set<string>();
  const at = (output: GeneratedOutput): string => path.join(root, output.path);
  return {
    at,
    write(file, content) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (!isGenerated(relative))
        throw new Error(`generate: ${relative} is in no output of contract/generated-outputs.ts; add it there (and to .gitignore, .prettierignore)`);
      written.add(path.resolve(file));
      if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      return true;
    },
    prune: () => GENERATED_OUTPUT_LIST.filter((output) => output.kind === 'folder').flatMap((output) => removeStale(at(output), written)),
  };
}
