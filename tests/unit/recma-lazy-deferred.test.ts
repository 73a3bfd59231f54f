// The recma plugin that turns a <Deferred> section's children into a render function (src/plugins/recma-lazy-deferred).
import { compile, evaluate } from '@mdx-js/mdx';
import { createElement, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import * as devRuntime from 'react/jsx-dev-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import recmaLazyDeferred from '../../src/plugins/recma-lazy-deferred';

const SOURCE = [
  '## listAccounts',
  '',
  '<Deferred>',
  '',
  'Get **every** account.',
  '',
  '| Parameter | Type |',
  '| --- | --- |',
  '| `pagination` | `object` |',
  '',
  '</Deferred>',
  '',
  '## getAccount',
  '',
  '<Deferred>',
  '',
  'One account.',
  '',
  '</Deferred>',
  '',
  'After the sections.',
].join('\n');

/** Records how Deferred was called and renders its content, as the real component does once a section renders. */
function recordingDeferred(calls: string[]) {
  return function Deferred({ children, render }: { children?: ReactNode; render?: () => ReactNode }): ReactNode {
    calls.push(render === undefined ? 'children' : 'render');
    const content = render === undefined ? children : render();
    return createElement('div', { 'data-deferred': '' }, ...(Array.isArray(content) ? content : [content]));
  };
}

async function renderPage(options: { lazy: boolean; development?: boolean }): Promise<{ html: string; calls: string[] }> {
  const calls: string[] = [];
  const { default: Content } = await evaluate(SOURCE, {
    ...(options.development ? { ...devRuntime, development: true } : runtime),
    remarkPlugins: [(await import('remark-gfm')).default],
    recmaPlugins: options.lazy ? [recmaLazyDeferred] : [],
  } as Parameters<typeof evaluate>[1]);
  const html = renderToStaticMarkup(createElement(Content, { components: { Deferred: recordingDeferred(calls) } }));
  return { html, calls };
}

describe('recma-lazy-deferred', () => {
  it('hands every section its content as a function, in production and development builds', async () => {
    for (const development of [false, true]) {
      const code = String(await compile(SOURCE, { recmaPlugins: [recmaLazyDeferred], development }));
      expect(code.match(/render: \(\) =>/g), development ? 'development' : 'production').toHaveLength(2);
    }
  });

  it('renders the same page as the content passed as children', async () => {
    const lazy = await renderPage({ lazy: true });
    const eager = await renderPage({ lazy: false });
    expect(lazy.calls).toEqual(['render', 'render']);
    expect(eager.calls).toEqual(['children', 'children']);
    expect(lazy.html).toBe(eager.html);
    expect(lazy.html).toContain('<table>');
    expect(lazy.html).toContain('Get <strong>every</strong> account.');
  });

  it('leaves a section waiting with a function and no elements built for it', async () => {
    const seen: Array<{ render: string; children: boolean }> = [];
    const { default: Content } = await evaluate(SOURCE, { ...runtime, recmaPlugins: [recmaLazyDeferred] } as Parameters<typeof evaluate>[1]);
    // A Deferred that never renders its content, as a section out of view during hydration.
    const Waiting = ({ children, render }: { children?: ReactNode; render?: () => ReactNode }): ReactNode => {
      seen.push({ render: typeof render, children: children !== undefined });
      return null;
    };
    const html = renderToStaticMarkup(createElement(Content, { components: { Deferred: Waiting } }));
    expect(seen).toEqual([
      { render: 'function', children: false },
      { render: 'function', children: false },
    ]);
    expect(html).not.toContain('every');
    expect(html).toContain('After the sections.');
  });
});
