// CI's dependency audit: fails on any high or critical advisory in the production dependencies.
// When the registry's advisory endpoint does not answer (it refuses from some networks), says so and does not fail.
import { spawnSync } from 'node:child_process';

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string };
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: false });
let report: AuditReport;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  console.error(`audit: npm audit printed no JSON (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? `exit ${run.status}`;
  console.log(`audit: skipped, the advisory endpoint did not answer: ${why}`);
  process.exit(0);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `audit: production dependencies: ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ')}`,
);
if (serious > 0) {
  console.error(`audit: ${serious} high or critical advisories; run \`npm audit --omit=dev\` for details`);
  process.exit(1);
}
