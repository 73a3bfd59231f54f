// Child processes for the benchmark: every command runs in its own process group and is killed when its time is up.
import { spawn } from 'node:child_process';

class TimeoutError extends Error {}

export interface CommandResult {
  seconds: number;
  output: string;
}

/** Kills a detached child and everything it started (its process group), never anything else. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has exited already.
  }
}

/**
 * Runs `command args` in `cwd`; resolves with the wall time when it exits with status 0, rejects on another status
 * or when `timeoutMs` passes (the process group is then killed).
 */
export function runCommand(command: string, args: string[], options: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      // The tail is enough to explain a failure.
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      killGroup(child.pid, 'SIGKILL');
      reject(new TimeoutError(`${command} ${args.join(' ')} did not finish within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0) resolve({ seconds, output });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output.slice(-4000)}`));
    });
  });
}

export interface BackgroundProcess {
  /** SIGTERM, then SIGKILL after `graceMs` if the group is still alive. */
  stop: (graceMs?: number) => Promise<void>;
  output: () => string;
}

/** Starts a long-running command (a server) in its own process group. */
export function startBackground(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): BackgroundProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise<void>((resolve) => {
    child.on('close', () => {
      exited = true;
      resolve();
    });
  });
  return {
    output: () => output,
    stop: async (graceMs = 5000) => {
      if (exited) return;
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Rejects with a TimeoutError when `promise` takes longer than `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
