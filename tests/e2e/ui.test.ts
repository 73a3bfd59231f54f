// The interface states of SPEC §4: colour mode, announcement bar, mobile menu, navbar on scroll, skip link, TOC levels.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_ID } from '../../config/site';
import { DESKTOP, buildDir, frames, hydrated, browserSession, openPage, ownChunksOf, overrideChunk, readContentModule, siteUrl } from './support';

const session = browserSession();

const theme = (page: Page) => page.getAttribute('html', 'data-theme');
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));
/** Relative luminance (0 black … 1 white) of the body text colour. */
const textLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).color.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
const colourToggle = (page: Page) => page.locator('.navbar button[aria-label^="Switch between dark and light mode"]').first();

describe('colour mode', () => {
  it('is light by default', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'no-preference' });
    const page = await openPage(context, '/');
    expect(await theme(page)).toBe('light');
    expect(await storedTheme(page)).toBeNull();
    // The page really is light: dark text.
    expect(await textLuminance(page)).toBeLessThan(0.2);
  });

  it('follows the system preference, also when it changes', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'dark' });
    const page = await openPage(context, '/ecosystem/');
    expect(await theme(page)).toBe('dark');
    expect(await textLuminance(page)).toBeGreaterThan(0.6);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    // Following the system is not a choice the site stores.
    expect(await storedTheme(page)).toBeNull();
  });

  it('switches with the toggle, stores the choice under "theme", and keeps it on the next visit', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'light' });
    const page = await openPage(context, '/');
    await expect(colourToggle(page).getAttribute('aria-label')).resolves.toContain('system mode');
    await colourToggle(page).click(); // system → light
    expect(await storedTheme(page)).toBe('light');
    await colourToggle(page).click(); // light → dark
    expect(await theme(page)).toBe('dark');
    expect(await storedTheme(page)).toBe('dark');
    await expect(colourToggle(page).getAttribute('aria-label')).resolves.toContain('dark mode');

    // Stored: a new page in the same browser opens dark although the system is light, with no flash of light.
    const next = await context.newPage();
    await next.goto(siteUrl('/node/'), { waitUntil: 'commit' });
    await next.waitForSelector('html[data-theme]', { state: 'attached' });
    expect(await theme(next)).toBe('dark');
    await hydrated(next);
    expect(await theme(next)).toBe('dark');

    await colourToggle(page).click(); // dark → back to the system (light)
    expect(await theme(page)).toBe('light');
    expect(await storedTheme(page)).toBeNull();
  });

  it('switches every colour at once: the change starts no transition, and hover fades work again after it', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'light' });
    const page = await openPage(context, '/ecosystem/');
    await colourToggle(page).click(); // system → light: no colour changes
    await page.mouse.move(0, 400);
    // The toggle's hover background fades out; what the page's own transitions do from here on is the change's.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    // Every transition the page creates from here on, by the element's tag and the property it animates.
    await page.evaluate(() => {
      const started: string[] = [];
      (window as unknown as { started: string[] }).started = started;
      document.addEventListener('transitionrun', (event) => started.push(`${(event.target as Element).tagName} ${event.propertyName}`));
    });
    const started = () => page.evaluate(() => (window as unknown as { started: string[] }).started.splice(0));
    // light → dark: every colour of the page changes (clicked without moving the pointer, whose hover would fade in)
    await colourToggle(page).dispatchEvent('click');
    expect(await theme(page)).toBe('dark');
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-switching-mode'));
    // A transition starts at the style change's frame: two frames on, any that the change set off has run.
    await frames(page);
    expect(await started()).toEqual([]);
    // The hold was for the change only: the toggle's hover background still fades in.
    await colourToggle(page).hover();
    await expect.poll(started).not.toEqual([]);
  });

  it('syncs across tabs', async () => {
    const context = await session.context({ ...DESKTOP, colorScheme: 'light' });
    const first = await openPage(context, '/');
    const second = await openPage(context, '/ocean/');
    expect(await theme(second)).toBe('light');
    await colourToggle(first).click(); // light
    await colourToggle(first).click(); // dark
    await second.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { timeout: 5000 });
    await colourToggle(second).click(); // dark → system
    await first.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { timeout: 5000 });
  });
});

describe('announcement bar', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');

  it('shows its message until dismissed, and stays dismissed by id', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/');
    expect(await bar(page).isVisible()).toBe(true);
    expect((await bar(page).textContent())?.trim().length).toBeGreaterThan(20);
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await page.waitForSelector('.theme-announcement-bar', { state: 'detached' });
    expect(await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    expect(await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.id'))).toBe(ANNOUNCEMENT_ID);

    // The server-rendered bar is removed once the page knows it was dismissed.
    const later = await openPage(context, '/node/');
    await later.waitForSelector('.theme-announcement-bar', { state: 'detached', timeout: 5000 });
    expect(await bar(later).count()).toBe(0);
  });

  it('shows again when the bar has a new id', async () => {
    const context = await session.context(DESKTOP);
    // A reader who dismissed an earlier announcement.
    await context.addInitScript(() => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.sessionStorage.setItem('seeded', 'yes');
        window.localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement');
        window.localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      }
    });
    const page = await openPage(context, '/');
    // Once the page has recorded the new id, the bar must be in sight.
    await page.waitForFunction((id) => window.localStorage.getItem('docusaurus.announcement.id') === id, ANNOUNCEMENT_ID);
    await frames(page);
    expect(await bar(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  });
});

describe('mobile menu', () => {
  const toggle = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
  const menuOpen = (page: Page) => page.evaluate(() => document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show') ?? false);

  it('is used at 996 px and below, not above', async () => {
    const context = await session.context({ viewport: { width: 996, height: 800 } });
    const page = await openPage(context, '/node/');
    expect(await toggle(page).isVisible()).toBe(true);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(false);
    await page.setViewportSize({ width: 997, height: 800 });
    await page.waitForFunction(() => document.querySelector('.theme-doc-sidebar-container') !== null);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(true);
  });

  it('opens and closes', async () => {
    const context = await session.context({ viewport: { width: 800, height: 800 } });
    const page = await openPage(context, '/node/');
    expect(await menuOpen(page)).toBe(false);
    await toggle(page).click();
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
    // The area's sidebar is inside: its pages are one tap away (once the panel has slid in and rendered its items).
    await page.locator('.navbar-sidebar a[href="/node/design"]').waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
  });

  it('closes on navigation', async () => {
    const context = await session.context({ viewport: { width: 800, height: 800 } });
    const page = await openPage(context, '/node/');
    await toggle(page).click();
    await page.locator('.navbar-sidebar a[href="/node/design"]').click();
    await page.waitForURL(siteUrl('/node/design'));
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
  });

  /** A phone whose browser never finds an idle moment until the test hands it one (runIdle). */
  async function phoneWithoutIdle() {
    const context = await session.context({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      const queued: IdleRequestCallback[] = [];
      Object.assign(window, { queuedIdle: queued });
      window.requestIdleCallback = (callback: IdleRequestCallback) => queued.push(callback);
      window.cancelIdleCallback = () => undefined;
    });
    return context;
  }
  const runIdle = (page: Page) =>
    page.evaluate(() => {
      const queued = (window as unknown as { queuedIdle: IdleRequestCallback[] }).queuedIdle;
      for (const callback of queued.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    });
  const menuBuilt = (page: Page) => page.locator('.navbar-sidebar').count();

  it('is built while the browser is idle, not in the render that follows hydration', async () => {
    const page = await openPage(await phoneWithoutIdle(), '/node/jellyfish/api/account');
    // The renders and effects that follow hydration have painted by five frames on.
    await frames(page, 5);
    expect(await menuBuilt(page)).toBe(0);
    await runIdle(page);
    await page.locator('.navbar-sidebar a[href="/node/design"]').waitFor({ state: 'attached', timeout: 5_000 });
    // Built, with the area's sidebar in it, and still closed.
    expect(await menuOpen(page)).toBe(false);
    expect(await page.locator('.navbar-sidebar a[href="/node/design"]').isVisible()).toBe(false);
  });

  it('opens with its links when tapped before the browser was ever idle', async () => {
    const page = await openPage(await phoneWithoutIdle(), '/node/');
    expect(await menuBuilt(page)).toBe(0);
    await toggle(page).click();
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
    await page.locator('.navbar-sidebar a[href="/node/design"]').waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
  });

  it('closes when the window grows to desktop width', async () => {
    const context = await session.context({ viewport: { width: 800, height: 800 } });
    const page = await openPage(context, '/node/');
    await toggle(page).click();
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar-sidebar--show'));
    // Back on a narrow window it stays closed until asked.
    await page.setViewportSize({ width: 800, height: 800 });
    // The resize's re-render has painted two frames on.
    await frames(page);
    expect(await menuOpen(page)).toBe(false);
  });
});

describe('docs sidebar', () => {
  it('cannot be hidden on desktop', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/');
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Collapse sidebar' }).count()).toBe(0);
  });
});

describe('navbar on scroll', () => {
  it('hides on scroll down and shows again on scroll up', async () => {
    const context = await session.context({ viewport: { width: 1280, height: 500 } });
    const page = await openPage(context, '/');
    const navbarTop = () => page.evaluate(() => document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? -1);
    expect(await navbarTop()).toBeGreaterThan(0);
    for (let step = 0; step < 4; step += 1) {
      await page.mouse.wheel(0, 150);
      await frames(page);
    }
    // Hidden means out of sight.
    await page.waitForFunction(() => (document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 1) <= 0);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(() => (document.querySelector('.navbar')?.getBoundingClientRect().top ?? -1) >= 0);
  });
});

describe('skip to content', () => {
  it('is the first stop of the keyboard and moves focus to the page content', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/design');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    // The next Tab continues inside the content, past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('nav.navbar, .theme-doc-sidebar-container') === null)).toBe(true);
  });
});

describe('table of contents', () => {
  /** Pairs of [level, id] of the article's headings, and the ids the TOC links to. */
  async function headingsAndToc(page: Page): Promise<{ headings: Array<[number, string]>; toc: string[] }> {
    return page.evaluate(() => ({
      headings: Array.from(document.querySelectorAll('article .markdown :is(h2, h3, h4, h5, h6)[id]')).map(
        (heading) => [Number(heading.tagName.slice(1)), heading.id] as [number, string],
      ),
      toc: Array.from(document.querySelectorAll('.theme-doc-toc-desktop a.table-of-contents__link')).map((link) =>
        decodeURIComponent(link.getAttribute('href')?.replace(/^#/, '') ?? ''),
      ),
    }));
  }

  it('lists exactly the second- and third-level headings of each hand-written page', async () => {
    const context = await session.context(DESKTOP);
    const page = await context.newPage();
    let pagesWithToc = 0;
    for (const route of [
      '/ecosystem/',
      '/node/',
      '/node/design',
      '/node/usage',
      '/ocean/',
      '/testing/testcontainers',
      '/testing/jellyfish-testing',
      '/legacy/',
      '/legacy/dex',
    ]) {
      await page.goto(siteUrl(route));
      await hydrated(page);
      const { headings, toc } = await headingsAndToc(page);
      const expected = headings.filter(([level]) => level >= 2 && level <= 3).map(([, id]) => id);
      expect(toc, route).toEqual(expected);
      if (toc.length > 0) pagesWithToc += 1;
    }
    expect(pagesWithToc, 'at least one page has headings to list').toBeGreaterThan(0);
  });

  it('leaves out level 4 and deeper even when a page has them', async () => {
    const context = await session.context(DESKTOP);
    const page = await openPage(context, '/node/');
    // The page's content module, served with a heading outline from level 2 to 5 (the theme filters it in the browser).
    const [contentChunk] = (await ownChunksOf(session.browser(), '/node/design', '/node/usage')).filter((chunk) =>
      readContentModule(fs.readFileSync(path.join(buildDir(), chunk), 'utf8'))?.exportNames.includes('toc'),
    );
    expect(contentChunk).toBeDefined();
    const outline = [
      { value: 'Level two', id: 'level-two', level: 2 },
      { value: 'Level three', id: 'level-three', level: 3 },
      { value: 'Level four', id: 'level-four', level: 4 },
      { value: 'Level five', id: 'level-five', level: 5 },
      { value: 'Another level two', id: 'another-level-two', level: 2 },
    ];
    const source = overrideChunk(fs.readFileSync(path.join(buildDir(), contentChunk ?? ''), 'utf8'), { toc: JSON.stringify(outline) });
    await page.route(
      (url) => url.pathname === contentChunk,
      (route) => route.fulfill({ contentType: 'text/javascript', body: source }),
    );
    await page.locator('.theme-doc-sidebar-menu a[href="/node/design"]').click();
    await page.waitForSelector('.theme-doc-toc-desktop a.table-of-contents__link');
    const toc = await page.locator('.theme-doc-toc-desktop a.table-of-contents__link').allTextContents();
    expect(toc).toEqual(['Level two', 'Level three', 'Another level two']);
  });
});
