// The data a generated reference section is rendered from (generator/render/section-data.ts writes it): HTML-like nodes, as
// MDX would have built the section's elements, in a compact JSON form.
import { createElement, type ElementType, type ReactNode } from 'react';

/**
 * A string, or `[name, props, ...children]`. A lower-case name is an element Markdown made (`p`, `li`, `code`, `a`,
 * `admonition`), rendered through the MDX components as MDX renders it; `=name` is an element the renderer wrote as
 * JSX (`=pre`, `=div`), rendered as that HTML element; a capitalised name is a component (`Link`, `Tabs`, `TabItem`).
 */
export type SectionNode = string | [name: string, props: Readonly<Record<string, unknown>> | null, ...children: SectionNode[]];

export type Components = Readonly<Record<string, ElementType | undefined>>;

/** The element a node names: its MDX component, its JSX component, or the HTML element. */
function elementType(name: string, components: Components): ElementType {
  if (name.startsWith('=')) return name.slice(1) as ElementType;
  const component = components[name];
  if (component !== undefined) return component;
  if (/^[A-Z]/.test(name)) throw new Error(`ReferenceSection: no component ${name}`);
  return name as ElementType;
}

/** React elements of a node; children are passed as arguments, as MDX passes static children (no keys needed). */
export function renderNode(node: SectionNode, components: Components): ReactNode {
  if (typeof node === 'string') return node;
  const [name, props, ...children] = node;
  return createElement(elementType(name, components), props, ...children.map((child) => renderNode(child, components)));
}
