// Code blocks: what the server highlighted is what the reader gets, in either colour mode, with working buttons,
// whether the block kept its server markup through hydration (src/theme/CodeBlock/Content) or React rendered it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, browserSession, openPage } from './support';
import { TOKEN_CLASSES } from '../../contract/prism/styled-types';

const session = browserSession();

const ACCOUNT = '/node/jellyfish/api/account';
/** The set-up block at the top of the Account page: in view at load, with a line too long for a phone. */
const SETUP = '.theme-code-block:has([class*="codeBlockTitle"]:text-is("account.setup.ts"))';
/**
 * A long page, the Blockchain category (one page of some 156 KB of HTML; Account is split in several short ones,
 * generator/extract/rpc/pages.ts), and its set-up block, in view at load.
 */
const LONG = '/node/jellyfish/api/blockchain';
const LONG_SETUP = '.theme-code-block:has([class*="codeBlockTitle"]:text-is("blockchain.setup.ts"))';
/** A block of Blockchain's last method's section, far below the first screen: React renders it once it comes near. */
const LAST_SECTION = 'h2#getchaintxstats + [data-deferred]';

const colourToggle = (page: Page) => page.locator('.navbar button[aria-label^="Switch between dark and light mode"]').first();

/** The colour of the first `keyword` token of the first code block under `scope`. */
function keywordColour(page: Page, scope: string): Promise<string> {
  return page
    .locator(`${scope} pre .${TOKEN_CLASSES.keyword}`)
    .first()
    .evaluate((token) => getComputedStyle(token).color);
}

/** Whether React owns the <pre> of the first code block under `scope`. */
function reactOwnsPre(page: Page, scope: string): Promise<boolean> {
  return page
    .locator(`${scope} pre`)
    .first()
    .evaluate((pre) => Object.keys(pre).some((key) => key.startsWith('__reactFiber')));
}

async function renderLastSection(page: Page): Promise<void> {
  await page.locator(LAST_SECTION).scrollIntoViewIfNeeded();
  await expect.poll(() => reactOwnsPre(page, LAST_SECTION)).toBe(true);
}

/**
 * Picks the curl tab of the first of two code tab groups that React renders near the top of Account (the first
 * sections hydrate with the page) and returns what the page shows at the click's render and then at every animation
 * frame until all groups follow: "tab of the picked group / its panel / tab of the other group". With `paintFirst`,
 * every message posted through a MessageChannel (React's scheduler) is delivered only after the next frame.
 */
async function pickSteps(page: Page, paintFirst: boolean): Promise<string[]> {
  const steps = await page.evaluate(async (delayMessages) => {
    if (delayMessages) {
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        requestAnimationFrame(() => setTimeout(() => void Reflect.apply(post, this, args), 0));
      } as typeof post;
    }
    const owned = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    const groups = Array.from(document.querySelectorAll('.tabs-container')).filter((group) => {
      const tabs = Array.from(group.querySelectorAll('[role="tab"]'));
      return owned(group) && tabs.some((tab) => tab.textContent === 'JSON-RPC (curl)') && tabs.some((tab) => tab.getAttribute('aria-selected') === 'false');
    });
    const [first, second] = groups;
    if (first === undefined || second === undefined) return null;
    const tabOf = (group: Element): string | null | undefined => group.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
    const panelOf = (group: Element): string =>
      (group.querySelector('[role="tabpanel"]:not([hidden]) pre')?.textContent ?? '').includes('curl ') ? 'curl' : 'ts';
    const state = (): string =>
      `${tabOf(first) === 'JSON-RPC (curl)' ? 'curl' : 'ts'}/${panelOf(first)}/${tabOf(second) === 'JSON-RPC (curl)' ? 'curl' : 'ts'}`;
    const seen = [state()];
    const tab = Array.from(first.querySelectorAll<HTMLElement>('[role="tab"]')).find((candidate) => candidate.textContent === 'JSON-RPC (curl)');
    tab?.click();
    // React renders a click's updates in a microtask queued by the click (a discrete event), ahead of these.
    for (let turn = 0; turn < 3; turn += 1) await Promise.resolve();
    seen.push(state());
    for (let frame = 0; frame < 120 && seen.at(-1) !== 'curl/curl/curl'; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (state() !== seen.at(-1)) seen.push(state());
    }
    return seen;
  }, paintFirst);
  expect(steps, 'two code tab groups rendered by React near the top of the page').not.toBeNull();
  return steps ?? [];
}

describe('code blocks', () => {
  it('keep the server tokens in light mode, without loading the grammars', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'light' });
    // A page that never goes idle: the grammars' only loader on load is the idle warm-up (src/prism/warm.ts).
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await openPage(context, LONG);
    const setup = page.locator(LONG_SETUP);
    expect(await setup.locator(`pre .${TOKEN_CLASSES.keyword}`).count()).toBeGreaterThan(0);
    expect(await reactOwnsPre(page, LONG_SETUP)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { Prism?: { languages: Record<string, unknown> } }).Prism?.languages.typescript)).toBeUndefined();
    // A block React renders later (with the grammars, loaded then) looks the same.
    const serverColour = await keywordColour(page, LONG_SETUP);
    await renderLastSection(page);
    expect(await keywordColour(page, LAST_SECTION)).toBe(serverColour);
  });

  it('have Prism ready for the hidden tab panels once the page is idle, before a tab is picked (src/prism/warm.ts)', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, ACCOUNT);
    // Ready: both grammars built, and every top-level greedy pattern of theirs has had its first run (Prism then swaps
    // in a global copy of its expression), token by token in idle periods.
    const ready = (): Promise<boolean> =>
      page.evaluate(() => {
        type Pattern = RegExp | { pattern: RegExp; greedy?: boolean };
        const prism = (window as unknown as { Prism?: { languages: Record<string, Record<string, Pattern | Pattern[]> | undefined> } }).Prism;
        const grammars = [prism?.languages.bash, prism?.languages.typescript];
        return grammars.every(
          (grammar) =>
            grammar !== undefined &&
            Object.values(grammar)
              .flat()
              .every((pattern) => pattern instanceof RegExp || pattern.greedy !== true || pattern.pattern.global),
        );
      });
    await expect.poll(ready, { timeout: 15_000 }).toBe(true);
    expect(await page.locator('article [role="tabpanel"]:not([hidden]) pre').filter({ hasText: 'curl ' }).count()).toBe(0);
  });

  it('show the dark theme to a dark-mode reader, as a block React renders does', async () => {
    const light = await session.context({ ...DESKTOP, colorScheme: 'light' });
    const lightColour = await keywordColour(await openPage(light, LONG), LONG_SETUP);
    const context = await session.context({ ...DESKTOP, colorScheme: 'dark' });
    const page = await openPage(context, LONG);
    await expect.poll(() => keywordColour(page, LONG_SETUP)).not.toBe(lightColour);
    const darkColour = await keywordColour(page, LONG_SETUP);
    await renderLastSection(page);
    expect(await keywordColour(page, LAST_SECTION)).toBe(darkColour);
  });

  it('follow the colour toggle both ways without losing their code', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'light' });
    const page = await openPage(context, ACCOUNT);
    const setup = page.locator(SETUP);
    const text = await setup.locator('pre').innerText();
    const light = await keywordColour(page, SETUP);
    // The toggle cycles system (light here) → light → dark → system.
    await colourToggle(page).click();
    await colourToggle(page).click();
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark');
    await expect.poll(() => keywordColour(page, SETUP)).not.toBe(light);
    await colourToggle(page).click();
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('light');
    await expect.poll(() => keywordColour(page, SETUP)).toBe(light);
    expect(await setup.locator('pre').innerText()).toBe(text);
  });

  it('copy their code and wrap long lines on a phone, straight from the server markup', async () => {
    const context = await session.context({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await openPage(context, ACCOUNT);
    const setup = page.locator(SETUP);
    expect(await reactOwnsPre(page, SETUP)).toBe(false);
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    const shown = lines(await setup.locator('pre code').innerText());
    expect(shown).toContain("const client = new JsonRpcClient('http://user:pass@127.0.0.1:8554');");
    await setup.getByRole('button', { name: /copy code/i }).click();
    expect(lines(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(shown);

    const pre = setup.locator('pre');
    const wraps = () =>
      pre.evaluate((element) => ({
        scrolls: element.scrollWidth > element.clientWidth,
        whiteSpace: getComputedStyle(element.querySelector('code') as Element).whiteSpace,
      }));
    expect(await wraps()).toEqual({ scrolls: true, whiteSpace: 'pre' });
    await setup.getByRole('button', { name: /word wrap/i }).click();
    await expect.poll(wraps).toEqual({ scrolls: false, whiteSpace: 'pre-wrap' });
  });
  it('show each line of the code on a line of its own, blank lines kept, as Copy copies it', async () => {
    const context = await session.context({ ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await openPage(context, '/node/jellyfish/api/blockchain');
    for (const title of ['blockchain.getBlockCount.ts', 'Response of getblockchaininfo']) {
      const block = page.locator(`.theme-code-block:has([class*="codeBlockTitle"]:text-is("${title}"))`).first();
      // A section's buttons come with React's render of it, once the reader nears it.
      await block.scrollIntoViewIfNeeded();
      await block.getByRole('button', { name: /copy code/i }).click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const shown = await block.locator('pre code').evaluate((code) => {
        const style = getComputedStyle(code);
        const height = code.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return { text: (code as HTMLElement).innerText.replace(/\n$/, ''), lines: Math.round(height / parseFloat(style.lineHeight)) };
      });
      expect(shown.text, title).toBe(copied);
      expect(shown.lines, title).toBe(copied.split('\n').length);
    }
  });
  it("mark the picked tab in the click's own render, show its panel in the next frame, and sync the page's other groups after that (src/theme/Tabs)", async () => {
    const page = await openPage(await session.context(DESKTOP), ACCOUNT);
    expect(await pickSteps(page, false)).toEqual(['ts/ts/ts', 'curl/ts/ts', 'curl/curl/ts', 'curl/curl/curl']);
  });

  it("keep those three steps in three frames when the browser runs React's scheduled work after its next frame", async () => {
    // A browser may run a frame before a task React's scheduler queued (its MessageChannel message); a loaded CI host
    // did, and the panel was then painted with the other groups. Here every message waits for the next frame.
    const page = await openPage(await session.context(DESKTOP), ACCOUNT);
    expect(await pickSteps(page, true)).toEqual(['ts/ts/ts', 'curl/ts/ts', 'curl/curl/ts', 'curl/curl/curl']);
  });

  it('render the curl tab, which the HTML leaves out, when the reader picks it, and keep the choice on the next page', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/jellyfish/api/blockchain');
    const section = page.locator('h2#getblockcount + [data-deferred]');
    await section.scrollIntoViewIfNeeded();
    expect(await section.locator('pre').filter({ hasText: '"method":"getblockcount"' }).count()).toBe(0);
    await section.getByRole('tab', { name: 'JSON-RPC (curl)' }).click();
    const curl = section.locator('[role="tabpanel"]:not([hidden]) pre');
    await expect.poll(() => curl.innerText()).toContain('"method":"getblockcount","params":[]');
    const next = await openPage(context, '/node/jellyfish/api/misc');
    const shown = next.locator('h2#verifymessage + [data-deferred]');
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.locator('[role="tab"][aria-selected="true"]').first().innerText()).toBe('JSON-RPC (curl)');
    await expect.poll(() => shown.locator('[role="tabpanel"]:not([hidden]) pre').first().innerText()).toContain('"method":"verifymessage"');
  });
});
