// Starts the production server once for the browser suite, against build/, on a free port.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    buildDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const buildDir = path.resolve(__dirname, '../../build');
  const running = await startServer({ root: buildDir, port: 0 });
  project.provide('baseUrl', running.url);
  project.provide('buildDir', buildDir);
  return () => running.close(1000);
}
