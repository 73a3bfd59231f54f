// Runs the shared originality check over the hand-written pages and components (the files git tracks).
// Generated reference pages are left out on purpose: their descriptions are the SDK's own doc comments.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const checker = path.resolve(root, '../shared/originality/check.mjs');

if (!fs.existsSync(checker)) {
  console.log(`originality: ${checker} not found; the check needs the shared folder beside the checkout`);
  process.exit(process.env.CI ? 1 : 0);
}

const tracked = execFileSync('git', ['ls-files', '--', 'docs', 'src'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'originality-'));
try {
  for (const file of tracked) {
    const target = path.join(staging, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(root, file), target);
  }
  const result = spawnSync(process.execPath, [checker, 'docs', 'src'], { cwd: staging, encoding: 'utf8' });
  process.stdout.write(result.stdout.split(staging + path.sep).join(''));
  process.stderr.write(result.stderr);
  process.exit(result.status ?? 1);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
