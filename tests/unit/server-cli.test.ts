// `npm run serve` as an operator meets it: settings, start-up message, refusal without a build, graceful stop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OptionsError, parseOptions } from '../../server/options';
import { BuildFolderError, createServer } from '../../server/server';
import { PAGE_TEXT, makeBuildFolder, request } from './server-helpers';

const repoRoot = path.resolve(__dirname, '../..');
const cleanup: string[] = [];

afterAll(() => {
  for (const dir of cleanup) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}-secret.txt`, { force: true });
  }
});

describe('settings', () => {
  it('defaults to port 3000 on 127.0.0.1, serving build/', () => {
    expect(parseOptions([], {})).toEqual({ port: 3000, host: '127.0.0.1', root: 'build', help: false });
  });

  it('reads PORT and HOST, and lets flags win over them', () => {
    expect(parseOptions([], { PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({ port: 8080, host: '0.0.0.0' });
    expect(parseOptions(['--port', '9000', '--host=::1'], { PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({
      port: 9000,
      host: '::1',
    });
  });

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--port']], [['--verbose']]])('rejects %j', (argv) => {
    expect(() => parseOptions(argv, {})).toThrow(OptionsError);
  });

  it('rejects a PORT that is not a number', () => {
    expect(() => parseOptions([], { PORT: 'http' })).toThrow(/PORT must be a port number/);
  });
});

describe('the build folder', () => {
  it('refuses a missing folder with a message naming it', () => {
    expect(() => createServer({ root: '/nonexistent/build' })).toThrow(BuildFolderError);
    expect(() => createServer({ root: '/nonexistent/build' })).toThrow(/does not exist.*npm run build/);
  });

  it('refuses an empty folder', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-empty-'));
    cleanup.push(empty);
    expect(() => createServer({ root: empty })).toThrow(/is empty/);
  });

  it('refuses a folder without a not-found page', () => {
    const partial = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-partial-'));
    cleanup.push(partial);
    fs.writeFileSync(path.join(partial, 'index.html'), '<p>hi</p>');
    expect(() => createServer({ root: partial })).toThrow(/no 404\.html/);
  });
});

interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], untilOutput?: RegExp, onOutput?: (stdout: string) => Promise<void>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader, not the tsx command: the command relays a signal to its child only once the
    // child has told it (over IPC, later under load) that it listens for it, and kills it outright before that.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: repoRoot, env: { ...process.env, PORT: '', HOST: '' } });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (untilOutput && onOutput && !triggered && untilOutput.test(stdout)) {
        triggered = true;
        onOutput(stdout).then(() => child.kill('SIGTERM'), reject);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

describe('npm run serve', () => {
  it('exits with status 1 and a clear message when the build folder is missing', async () => {
    const run = await runCli(['--dir', '/nonexistent/build', '--port', '0']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('serve: The build folder /nonexistent/build does not exist. Run `npm run build` first.');
    expect(run.stderr).not.toMatch(/ at .+:\d+:\d+/);
  });

  it('exits with status 1 on a bad port', async () => {
    const run = await runCli(['--port', 'eighty']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('--port must be a port number');
  });

  it('prints where it listens, serves, and stops cleanly on SIGTERM', async () => {
    const root = makeBuildFolder();
    cleanup.push(root);
    let served = '';
    const run = await runCli(['--dir', root, '--port', '0'], /at (http:\/\/\S+)/, async (stdout) => {
      const url = /at (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
      served = (await request(url, '/')).body.toString('utf8');
    });
    expect(run.stdout).toMatch(/Serving .+\/ at http:\/\/127\.0\.0\.1:\d+\//);
    expect(run.stdout).toContain('host 127.0.0.1');
    expect(served).toContain(PAGE_TEXT.home);
    expect(run.stdout).toContain('SIGTERM received');
    expect(run.stdout).toContain('Server stopped.');
    expect(run.exitCode).toBe(0);
    // This build folder was never precompressed: the operator is told.
    expect(run.stderr).toContain('the build has no precompressed files');
  });
});
