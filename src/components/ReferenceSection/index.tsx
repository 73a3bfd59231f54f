/**
 * The body of one section of a generated reference page, rendered from the page's data (generator/render/section-data.ts):
 * the heading stays in the page's MDX, the body comes from here, inside Deferred (rendered by React when the reader
 * nears it; the server markup stands meanwhile). The section's elements are created only when it renders.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import MDXComponents from '@theme/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Deferred from '../Deferred';
import LazyDetails from '../LazyDetails';
import { renderNode, type Components, type SectionNode } from '../../../contract/section-nodes';

// A list item of a section is the plain element, and a link Docusaurus's Link (which checks it at build time): the
// theme's Li and A mark footnote targets, which these sections have none of, and wrote an empty class attribute on
// each of a page's thousand-odd items and links otherwise.
const COMPONENTS: Components = { ...(MDXComponents as Components), li: undefined, a: Link, Link, Tabs, TabItem, LazyDetails };

export default function ReferenceSection({ content }: { content: readonly SectionNode[] }): ReactNode {
  return <Deferred render={() => content.map((node) => renderNode(node, COMPONENTS))} />;
}
