// The recma plugin that turns a <Deferred> section's children into a render function (src/overrides/recma-lazy-deferred).
import { compile, evaluate } from '@mdx-js/mdx';
import { createElement, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import * as devRuntime from 'react/jsx-dev-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import recmaLazyDeferred from '../../src/overrides/recma-lazy-deferred';
import { parse } from 'acorn';
import type { FunctionDeclaration, Program } from 'estree';

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

  it('moves the content of each section out of the page function, into a list of functions at the top of the module', async () => {
    const code = String(await compile(SOURCE, { recmaPlugins: [recmaLazyDeferred] }));
    const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program;
    const page = program.body.find((node): node is FunctionDeclaration => node.type === 'FunctionDeclaration' && node.id?.name === '_createMdxContent');
    expect(page).toBeDefined();
    const pageSource = code.slice((page as unknown as { start: number }).start, (page as unknown as { end: number }).end);
    // The page function keeps the headings and what follows the sections, and calls into the list for the rest.
    expect(pageSource).toContain('listAccounts');
    expect(pageSource).toContain('After the sections.');
    expect(pageSource).not.toContain('every');
    expect(pageSource).not.toContain('One account.');
    expect(pageSource.match(/render: \(\) => _deferredContent\[\d\]\(props, _components, Deferred\)/g)).toHaveLength(2);
    const list = program.body.find((node) => node.type === 'VariableDeclaration' && node.declarations[0]?.id.type === 'Identifier' && node.declarations[0].id.name === '_deferredContent');
    expect(list?.type === 'VariableDeclaration' && list.declarations[0]?.init?.type === 'ArrayExpression' ? list.declarations[0].init.elements.length : 0).toBe(2);
    expect(code.indexOf('Get ')).toBeGreaterThan(code.indexOf('const _deferredContent'));
  });

  it('leaves content that reads this (the development runtime) inside the page function, and renders it the same', async () => {
    const code = String(await compile(SOURCE, { recmaPlugins: [recmaLazyDeferred], development: true }));
    expect(code).not.toContain('_deferredContent');
    const lazy = await renderPage({ lazy: true, development: true });
    const eager = await renderPage({ lazy: false, development: true });
    expect(lazy.calls).toEqual(['render', 'render']);
    expect(lazy.html).toBe(eager.html);
  });

  it('picks a name for the list that the document does not already use', async () => {
    const source = `export const _deferredContent = 'taken';\n\n${SOURCE}\n\n{_deferredContent}`;
    const code = String(await compile(source, { recmaPlugins: [recmaLazyDeferred] }));
    expect(code).toContain('const __deferredContent = [function');
    const calls: string[] = [];
    const { default: Content } = await evaluate(source, { ...runtime, recmaPlugins: [recmaLazyDeferred] } as Parameters<typeof evaluate>[1]);
    const html = renderToStaticMarkup(createElement(Content, { components: { Deferred: recordingDeferred(calls) } }));
    expect(calls).toEqual(['render', 'render']);
    expect(html).toContain('Get <strong>every</strong> account.');
    expect(html).toContain('taken');
  });
});
