// Shared by the browser tests: the run's one Chromium (started by global-setup.ts, each file connects to it), the served
// build's URL, and tools to observe or alter script chunks.
import { parse } from 'acorn';
import type { CallExpression, FunctionExpression, Node, Property } from 'acorn';
import { simple } from 'acorn-walk';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/**
 * The run's Chromium: a file connects to the browser that global-setup.ts launched, so the suite starts one browser
 * however many files it has. Closing the connection leaves the browser running for the other files, and closes the
 * contexts this connection made.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export interface BrowserSession {
  /** The file's connection to the run's Chromium, made before its first test. */
  browser(): Browser;
  /** A fresh browser context for the running test, closed when the test ends. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** Registers the hooks of a test file that uses one Chromium and a new context per test. */
export function browserSession(): BrowserSession {
  let browser: Browser | undefined;
  let current: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });
  const session: BrowserSession = {
    browser() {
      if (browser === undefined) throw new Error('the browser starts in beforeAll: use it inside a test');
      return browser;
    },
    async context(options = {}) {
      current = await session.browser().newContext(options);
      return current;
    },
  };
  return session;
}

export const baseUrl = (): string => inject('baseUrl');
export const buildDir = (): string => inject('buildDir');

/** Absolute URL of a site path. */
export const siteUrl = (path: string): string => new URL(path, baseUrl()).toString();

/** Path (and query and hash) of a URL of the site. */
export const sitePath = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true };

/**
 * Resolves after the page has painted `count` more frames: what a style change, a resize or a scroll sets off (a
 * transition starting, a re-render) has happened by then, so a check that something did not happen waits on the
 * frames that would carry it rather than on a clock that load can outrun.
 */
export async function frames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (remaining) =>
      new Promise<void>((resolve) => {
        const next = (left: number): void => {
          if (left === 0) resolve();
          else requestAnimationFrame(() => next(left - 1));
        };
        next(remaining);
      }),
    count,
  );
}

/**
 * Has the context's pages count the idle callbacks they have asked for and not yet had run (`requestIdleCallback`,
 * which the site's link prefetching works through, one page per idle period). `idleWorkDone` waits on that count.
 */
export async function trackIdleWork(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const pending = new Set<number>();
    const request = window.requestIdleCallback.bind(window);
    const cancel = window.cancelIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => {
      const id = request((deadline) => {
        pending.delete(id);
        callback(deadline);
      }, options);
      pending.add(id);
      return id;
    };
    window.cancelIdleCallback = (id) => {
      pending.delete(id);
      cancel(id);
    };
    (window as unknown as { idleWorkPending: () => number }).idleWorkPending = () => pending.size;
  });
}

/**
 * Resolves once a page of a context set up by `trackIdleWork` has no idle callback left to run, two frames after
 * what was in view was reported (IntersectionObserver delivers on a frame): whatever the page was going to prefetch
 * on its own has been asked for by then, however slow the host, so a check that nothing was fetched waits on that
 * rather than on a clock.
 */
export async function idleWorkDone(page: Page): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await frames(page);
    await page.waitForFunction(() => (window as unknown as { idleWorkPending: () => number }).idleWorkPending() === 0);
  }
}

/** Resolves once React has hydrated the page (Docusaurus sets this attribute after hydration). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
}

export async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(siteUrl(path));
  await hydrated(page);
  return page;
}

/** Makes `navigator.connection` report the given network, as a phone on a slow or metered network would. */
export async function emulateConnection(context: BrowserContext, connection: { effectiveType: string; saveData: boolean }): Promise<void> {
  await context.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ ...value, addEventListener() {} }) });
  }, connection);
}

/** The script chunks (paths under /assets/js/) a page requests when opened directly and hydrated. */
async function chunksOf(browser: Browser, path: string): Promise<Set<string>> {
  const context = await browser.newContext(DESKTOP);
  // No prefetching: only what the page itself needs.
  await emulateConnection(context, { effectiveType: '4g', saveData: true });
  const page = await context.newPage();
  const chunks = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/js/')) chunks.add(path);
  });
  await page.goto(siteUrl(path));
  await hydrated(page);
  await context.close();
  return chunks;
}

/** Chunks that `path` needs and `sibling` (a page of the same area) does not: the page's own content. */
export async function ownChunksOf(browser: Browser, path: string, sibling: string): Promise<string[]> {
  const [mine, theirs] = [await chunksOf(browser, path), await chunksOf(browser, sibling)];
  const own = [...mine].filter((chunk) => !theirs.has(chunk));
  if (own.length === 0) throw new Error(`${path} loads no chunk of its own compared with ${sibling}`);
  return own;
}

interface ChunkModule {
  /** Source of the chunk array the chunk pushes to, e.g. `(self.webpackChunkx=self.webpackChunkx||[])` */
  chunkArray: string;
  chunkIds: string;
  moduleId: string;
  /** Source of the module function, e.g. `function(e,s,i){...}` */
  factory: string;
  exportNames: string[];
}

/** Reads a chunk (`(self.webpackChunk…||[]).push([[ids],{id(e,s,i){…}}])`) with acorn, to find the module exporting `default`. */
export function readContentModule(source: string): ChunkModule | undefined {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  let found: ChunkModule | undefined;
  simple(program, {
    CallExpression(node: CallExpression) {
      if (found || node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return;
      if (node.callee.property.name !== 'push') return;
      const [arg] = node.arguments;
      if (arg?.type !== 'ArrayExpression') return;
      const [ids, modules] = arg.elements;
      if (ids?.type !== 'ArrayExpression' || modules?.type !== 'ObjectExpression') return;
      for (const property of modules.properties) {
        if (property.type !== 'Property') continue;
        const exportNames = definedExports(property.value);
        if (!exportNames.includes('default')) continue;
        const key = property.key;
        const moduleId = key.type === 'Literal' ? String(key.value) : key.type === 'Identifier' ? key.name : '';
        const value = property.value as FunctionExpression;
        const params = value.params.map((param) => source.slice(param.start, param.end)).join(',');
        found = {
          chunkArray: source.slice(node.callee.object.start, node.callee.object.end),
          chunkIds: source.slice(ids.start, ids.end),
          moduleId: JSON.stringify(moduleId),
          factory: `function(${params})${source.slice(value.body.start, value.body.end)}`,
          exportNames,
        };
        return;
      }
    },
  });
  return found;
}

/** Names passed to the bundler's export helper `r.d(exports, {name: () => …})` inside a module factory. */
function definedExports(factory: Node): string[] {
  const names: string[] = [];
  simple(factory, {
    CallExpression(node: CallExpression) {
      if (node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier' || node.callee.property.name !== 'd') return;
      const object = node.arguments[1];
      if (object?.type !== 'ObjectExpression') return;
      for (const property of object.properties) {
        const key = (property as Property).key;
        if (key?.type === 'Identifier') names.push(key.name);
      }
    },
  });
  return names;
}

/**
 * A replacement chunk: the original module runs into a private object, and the page sees its exports with some
 * replaced. `overrides` maps export names to JS expressions evaluated in the module (`require` is the loader).
 */
export function overrideChunk(source: string, overrides: Record<string, string>): string {
  const module = readContentModule(source);
  if (!module) throw new Error('no module with a default export in this chunk');
  const names = [...new Set([...module.exportNames, ...Object.keys(overrides)])];
  const getters = names
    .map((name) => `${JSON.stringify(name)}: () => ${name in overrides ? `overridden[${JSON.stringify(name)}]` : `original[${JSON.stringify(name)}]`}`)
    .join(',');
  const values = Object.entries(overrides)
    .map(([name, expression]) => `${JSON.stringify(name)}: ${expression}`)
    .join(',');
  return `"use strict";(${module.chunkArray}).push([${module.chunkIds},{${module.moduleId}(module, exports, require){
  const original = {}; (${module.factory})(module, original, require);
  const overridden = {${values}};
  require.r(exports); require.d(exports, {${getters}});
}}]);`;
}
