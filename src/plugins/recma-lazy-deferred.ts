/**
 * recma plugin (MDX's JavaScript stage) that hands each `<Deferred>` section of the generated reference its content
 * as a function, `render`, instead of as `children`.
 *
 * MDX compiles a page into one function that creates every element of the page whenever the page renders, those
 * of sections Deferred keeps as server markup included: on the Account page that was about 40 ms of a phone's load
 * spent creating elements nobody rendered. Wrapped in a function, a section's elements are created when it renders.
 * The compiled calls are rewritten on the syntax tree: `_jsx(Deferred, { children: X })` becomes
 * `_jsx(Deferred, { render: () => X })`, for `_jsxs` and the development build's `_jsxDEV` alike.
 */
import type { ArrowFunctionExpression, Expression, Node, Program, Property } from 'estree';

/** The component the generator wraps sections in (registered in src/theme/MDXComponents). */
export const DEFERRED = 'Deferred';
/** Names MDX gives the automatic JSX runtime's functions in compiled documents. */
const JSX_CALLS = new Set(['_jsx', '_jsxs', '_jsxDEV']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function childrenProperty(node: Node): Property | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !JSX_CALLS.has(node.callee.name)) return undefined;
  const [component, props] = node.arguments;
  if (component?.type !== 'Identifier' || component.name !== DEFERRED || props?.type !== 'ObjectExpression') return undefined;
  return props.properties.find(
    (property): property is Property =>
      property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === 'children',
  );
}

/** Rewrites every Deferred call of `tree` in place; returns how many it rewrote. */
export function lazyDeferredChildren(tree: Program): number {
  let rewritten = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value)) return;
    const children = childrenProperty(value);
    if (children !== undefined) {
      const render: ArrowFunctionExpression = {
        type: 'ArrowFunctionExpression',
        params: [],
        body: children.value as Expression,
        expression: true,
        async: false,
        generator: false,
      };
      children.key = { type: 'Identifier', name: 'render' };
      children.value = render;
      children.shorthand = false;
      rewritten += 1;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'loc' && key !== 'range' && key !== 'position') visit(child);
    }
  };
  visit(tree);
  return rewritten;
}

export default function recmaLazyDeferred(): (tree: Program) => void {
  return (tree) => {
    lazyDeferredChildren(tree);
  };
}
