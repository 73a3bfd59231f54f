/**
 * recma plugin (MDX's JavaScript stage) that hands each `<Deferred>` section of the generated reference its content
 * as a function, `render`, instead of as `children`.
 *
 * MDX compiles a page into one function that creates every element of the page whenever the page renders, those
 * of sections Deferred keeps as server markup included: on the Account page that was about 40 ms of a phone's load
 * spent creating elements nobody rendered. Wrapped in a function, a section's elements are created when it renders.
 * The compiled calls are rewritten on the syntax tree: `_jsx(Deferred, { children: X })` becomes
 * `_jsx(Deferred, { render: () => X })`, for `_jsxs` and the development build's `_jsxDEV` alike.
 *
 * Each section's content then moves out of the page function into a function of its own, kept in a list at the top
 * of the module: `render: () => _deferredContent[3](props, _components, Deferred, …)` calls
 * `function (props, _components, Deferred, …) { return X; }` with the page function's own variables. (In a list, not
 * as named functions: a minifier puts a function called once back where it is called.) V8 compiles a function on its first call and parses its whole body to do so, the
 * functions nested in it included: left inside, every section's content made the page function the size of the page
 * (140 KB on Account), parsed on the main thread in the middle of hydration (15-18 ms here, four times that on a slow
 * phone). Out of it, the page function is a few KB and each section's content is parsed when that section renders.
 */
import type {
  ArrowFunctionExpression,
  Expression,
  FunctionDeclaration,
  FunctionExpression,
  Identifier,
  MemberExpression,
  Node,
  ObjectExpression,
  Pattern,
  Program,
  Property,
} from 'estree';

/** The component the generator wraps sections in (registered in src/theme/MDXComponents). */
export const DEFERRED = 'Deferred';
/** Names MDX gives the automatic JSX runtime's functions in compiled documents. */
const JSX_CALLS = new Set(['_jsx', '_jsxs', '_jsxDEV']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Calls `enter` on every node of `value` (a node or a list of nodes), parents first; a node for which `enter` returns
 * false keeps its children unvisited.
 */
function walk(value: unknown, enter: (node: Node) => boolean | void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, enter);
    return;
  }
  if (!isNode(value) || enter(value) === false) return;
  for (const [key, child] of Object.entries(value)) if (key !== 'loc' && key !== 'range' && key !== 'position') walk(child, enter);
}

/** The props object of a compiled `<Deferred>` element (`_jsx(Deferred, { … })`), if `node` is one. */
function deferredProps(node: Node): ObjectExpression | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !JSX_CALLS.has(node.callee.name)) return undefined;
  const [component, props] = node.arguments;
  return component?.type === 'Identifier' && component.name === DEFERRED && props?.type === 'ObjectExpression' ? props : undefined;
}

/** The plain `key: value` property of `props` named `name`. */
function propertyNamed(props: ObjectExpression | undefined, name: string): Property | undefined {
  return props?.properties.find(
    (property): property is Property => property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === name,
  );
}

/** Rewrites every Deferred call of `tree` in place; returns how many it rewrote. */
export function lazyDeferredChildren(tree: Program): number {
  let rewritten = 0;
  walk(tree, (node) => {
    const children = propertyNamed(deferredProps(node), 'children');
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
  });
  return rewritten;
}

/** Names a pattern binds (`{ Deferred, Tabs } = _components` binds Deferred and Tabs). */
function boundNames(pattern: Pattern, into: string[]): string[] {
  switch (pattern.type) {
    case 'Identifier':
      into.push(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) boundNames(property.type === 'RestElement' ? property.argument : property.value, into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) boundNames(element, into);
      break;
    case 'RestElement':
      boundNames(pattern.argument, into);
      break;
    case 'AssignmentPattern':
      boundNames(pattern.left, into);
      break;
    case 'MemberExpression':
      break;
  }
  return into;
}

/** The variables a top-level function declares for its whole body: its parameters and its top-level declarations. */
function ownVariables(fn: FunctionDeclaration): string[] {
  const names: string[] = [];
  for (const param of fn.params) boundNames(param, names);
  for (const statement of fn.body.body) {
    if (statement.type === 'VariableDeclaration') for (const declarator of statement.declarations) boundNames(declarator.id, names);
    else if (statement.type === 'FunctionDeclaration' && statement.id) names.push(statement.id.name);
  }
  return [...new Set(names)];
}

/** Every identifier name used anywhere in `tree`, so that new names cannot collide. */
function usedNames(tree: Node): Set<string> {
  const names = new Set<string>();
  walk(tree, (node) => {
    if (node.type === 'Identifier') names.add(node.name);
  });
  return names;
}

const identifier = (name: string): Identifier => ({ type: 'Identifier', name });

/**
 * Moves the body of every render function that {@link lazyDeferredChildren} made inside a top-level function out to
 * a function of its own, in a list declared after the last such function, each taking the variables of the function
 * it came from as parameters. Returns how many it moved. A body that reads `this` or `arguments` stays where it is
 * (it would mean something else outside).
 */
export function hoistDeferredContent(tree: Program): number {
  const taken = usedNames(tree);
  let list = '_deferredContent';
  while (taken.has(list)) list = `_${list}`;
  const moved: FunctionExpression[] = [];
  let after = -1;
  tree.body.forEach((statement, index) => {
    const fn = statement.type === 'FunctionDeclaration' ? statement : undefined;
    if (!fn) return;
    const variables = ownVariables(fn);
    walk(fn, (node) => {
      // Functions nested in fn have variables of their own: their bodies are left as they are.
      if (node !== fn && (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression')) return false;
      const render = renderProperty(node);
      if (render && !readsContext(render.value.body)) {
        const callee: MemberExpression = {
          type: 'MemberExpression',
          object: identifier(list),
          property: { type: 'Literal', value: moved.length },
          computed: true,
          optional: false,
        };
        moved.push({
          type: 'FunctionExpression',
          params: variables.map(identifier),
          body: { type: 'BlockStatement', body: [{ type: 'ReturnStatement', argument: render.value.body as Expression }] },
          async: false,
          generator: false,
        });
        render.value.body = { type: 'CallExpression', callee, arguments: variables.map(identifier), optional: false };
        after = index;
        return false;
      }
      return true;
    });
  });
  if (moved.length === 0) return 0;
  // Read only when a section renders, long after the module has run: declared after the functions that use it.
  tree.body.splice(after + 1, 0, {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [{ type: 'VariableDeclarator', id: identifier(list), init: { type: 'ArrayExpression', elements: moved } }],
  });
  return moved.length;
}

/** The `render: () => X` property of a rewritten Deferred call. */
function renderProperty(node: Node): (Property & { value: ArrowFunctionExpression }) | undefined {
  const render = propertyNamed(deferredProps(node), 'render');
  const isArrow = (property: Property): property is Property & { value: ArrowFunctionExpression } =>
    property.value.type === 'ArrowFunctionExpression' && property.value.params.length === 0 && property.value.expression;
  return render !== undefined && isArrow(render) ? render : undefined;
}

/** Whether `node` uses `this` or `arguments` outside a function of its own (the development runtime passes `this`). */
function readsContext(node: Node): boolean {
  let found = false;
  walk(node, (child) => {
    if (child.type === 'ThisExpression' || (child.type === 'Identifier' && child.name === 'arguments')) found = true;
    return !found && child.type !== 'FunctionDeclaration' && child.type !== 'FunctionExpression';
  });
  return found;
}

export default function recmaLazyDeferred(): (tree: Program) => void {
  return (tree) => {
    if (lazyDeferredChildren(tree) > 0) hoistDeferredContent(tree);
  };
}
