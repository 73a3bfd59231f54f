// Faults in the build folder must not take the server down: special files and files it may not read.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import { PAGE_TEXT, decodeBody, makeBuildFolder, request } from './server-helpers';

let root: string;
let running: RunningServer;

beforeAll(async () => {
  root = makeBuildFolder();
  execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
  fs.writeFileSync(path.join(root, 'private.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><title>PRIVATE</title></svg>');
  running = await startServer({ root, port: 0 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await running.close(100);
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${root}-secret.txt`, { force: true });
});

describe('a build folder holding a file the server cannot serve', () => {
  it('answers a named pipe with 404 at once, even many times over, and keeps serving pages', async () => {
    // Opening a pipe blocks until a writer comes; eight at once would tie up every file thread of the process.
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(running.url, '/pipe.txt')));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(decodeBody(answer)).toContain(PAGE_TEXT.notFound);
    }
    const home = await request(running.url, '/');
    expect(home.status).toBe(200);
    expect(decodeBody(home)).toContain(PAGE_TEXT.home);
  });

  it('answers a file it may not read with a bare 500, logs it, and keeps serving', async () => {
    // The tests may run as root, for whom permissions do not apply: deny the read check for this one file.
    const accessSync = fs.accessSync;
    vi.spyOn(fs, 'accessSync').mockImplementation((file, mode) => {
      if (String(file).endsWith('private.svg')) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      accessSync(file, mode);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const denied = await request(running.url, '/private.svg');
    expect(denied.status).toBe(500);
    const body = decodeBody(denied);
    expect(body).toBe('500 Internal Server Error.\n');
    expect(body).not.toContain('PRIVATE');
    expect(logged).toHaveBeenCalled();
    expect((await request(running.url, '/guide/')).status).toBe(200);
  });
});
