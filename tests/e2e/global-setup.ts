// Starts what every browser test file shares, once for the run: the production server over build/ on a free port,
// and one Chromium that each file connects to (launching a browser per file cost a second or more each, and
// several at once on two cores).
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    buildDir: string;
    browserEndpoint: string;
  }
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const buildDir = path.resolve(__dirname, '../../build');
  const running = await startServer({ root: buildDir, port: 0 });
  const browser = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  project.provide('baseUrl', running.url);
  project.provide('buildDir', buildDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await running.close(1000);
  };
}
