// `npm test`: every check of the project, as npm scripts, each started as soon as what it needs is done and a slot is
// free (`TEST_JOBS`, 2 by default: the two cores of the machines this runs on). The browser tests, the longest step,
// start as soon as the build is there, and the other steps fill the second slot meanwhile. Each step's output is
// printed whole when it ends, with its time and the CPU its processes used, and the run ends with how busy the host's
// cores were; the run fails when any step fails, and a step whose input failed is skipped with a word.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

interface Step {
  /** The npm script. */
  script: string;
  /** Scripts that must have passed first. */
  after: readonly string[];
}

/** In the order they start when several are ready: the longest chain first. */
const STEPS: readonly Step[] = [
  { script: 'generate', after: [] },
  { script: 'build:only', after: ['generate'] },
  { script: 'test:e2e', after: ['build:only'] },
  { script: 'check:originality', after: [] },
  { script: 'typecheck', after: ['generate'] },
  { script: 'test:unit', after: ['generate'] },
  { script: 'lint', after: ['generate'] },
  { script: 'test:build', after: ['build:only'] },
];

const slots = Math.max(1, Number(process.env.TEST_JOBS ?? Math.min(2, os.availableParallelism())));
const started = Date.now();
const minutes = (ms: number): string => `${(ms / 60_000).toFixed(1)} min`;

type State = 'waiting' | 'running' | 'passed' | 'failed' | 'skipped';
const state = new Map<string, State>(STEPS.map((step) => [step.script, 'waiting']));
const times = new Map<string, number>();
const cpuTimes = new Map<string, number>();

/**
 * The host's busy CPU time so far (all cores, every process: /proc/stat's user, nice, system, irq and softirq
 * jiffies), or undefined where there is no /proc. Taken around the run, it counts what per-step figures miss: the
 * browser tests' page processes, which Chromium's zygote forks and which no step's process waits for.
 */
function hostBusy(): number | undefined {
  try {
    const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user, nice, system, (idle, iowait), irq, softirq; jiffies of 10 ms.
    const busy = [0, 1, 2, 5, 6].reduce((sum, index) => sum + (fields[index] ?? 0), 0);
    return busy * 10;
  } catch {
    return undefined;
  }
}
const busyAtStart = hostBusy();

/** The CPU time in bash's `times` output (its second line: the children's user and system time, `1m2.345s 0m1.5s`). */
function cpuOfTimes(text: string): number {
  const children = text.trim().split('\n')[1] ?? '';
  let total = 0;
  for (const [, mins, secs] of children.matchAll(/(\d+)m([\d.]+)s/g)) total += (Number(mins) * 60 + Number(secs)) * 1000;
  return total;
}

function run(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const begun = Date.now();
    console.log(`test: ${step.script} starts (${minutes(begun - started)} in)`);
    // Through bash, whose `times` reports the CPU that the step's processes used (user and system, all of its
    // children), on a descriptor of its own.
    const child = spawn('bash', ['-c', 'npm run --silent "$0"; code=$?; times >&3; exit $code', step.script], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: process.env,
    });
    const output: Buffer[] = [];
    const usage: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stdio[3]?.on('data', (chunk: Buffer) => usage.push(chunk));
    child.on('close', (code) => {
      const took = Date.now() - begun;
      times.set(step.script, took);
      const cpu = cpuOfTimes(Buffer.concat(usage).toString());
      cpuTimes.set(step.script, cpu);
      process.stdout.write(
        `\n===== ${step.script}: ${code === 0 ? 'passed' : `FAILED (exit ${code ?? 'signal'})`} in ${minutes(took)} (CPU of its processes ${minutes(cpu)}) =====\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

async function main(): Promise<void> {
  const running = new Set<Promise<void>>();
  for (;;) {
    for (const step of STEPS) {
      if (state.get(step.script) !== 'waiting') continue;
      const inputs = step.after.map((script) => state.get(script));
      if (inputs.some((input) => input === 'failed' || input === 'skipped')) {
        state.set(step.script, 'skipped');
        console.log(`test: ${step.script} skipped: ${step.after.join(', ')} did not pass`);
      }
    }
    const ready = STEPS.filter((step) => state.get(step.script) === 'waiting' && step.after.every((script) => state.get(script) === 'passed'));
    for (const step of ready.slice(0, slots - running.size)) {
      state.set(step.script, 'running');
      const job: Promise<void> = run(step).then((passed) => {
        state.set(step.script, passed ? 'passed' : 'failed');
        running.delete(job);
      });
      running.add(job);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  const busyAtEnd = hostBusy();
  const elapsed = Date.now() - started;
  const host =
    busyAtStart === undefined || busyAtEnd === undefined
      ? ''
      : `; the host's CPU was busy ${minutes(busyAtEnd - busyAtStart)} of the ${minutes(elapsed * os.availableParallelism())} its ${os.availableParallelism()} cores offered (everything it ran, browser page processes included)`;
  console.log(`\ntest: ${minutes(elapsed)} in all, ${slots} at a time${host}`);
  for (const step of STEPS)
    console.log(
      `  ${step.script.padEnd(18)} ${state.get(step.script)}${times.has(step.script) ? `, ${minutes(times.get(step.script) ?? 0)} (CPU of its processes ${minutes(cpuTimes.get(step.script) ?? 0)})` : ''}`,
    );
  if ([...state.values()].some((value) => value !== 'passed')) process.exit(1);
}

void main();
