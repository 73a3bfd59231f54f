// Swizzle wrap of @theme/MDXComponents: every Markdown table scrolls inside a focusable box (a scrolling region a keyboard can reach), and a link that is no footnote target is Docusaurus's Link without the empty class attribute the theme's A writes.
import type { ComponentProps, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import MDXComponents from '@theme-original/MDXComponents';

function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  return (
    // tabIndex: on a narrow screen the table scrolls sideways, and a keyboard user scrolls it with the arrow keys.
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/**
 * The theme's A only adds a class to footnote targets (links with an id) and otherwise writes `class=""`: 21 times on
 * the loan page's intro and type lists. Links without an id go straight to Link.
 */
function PlainLink(props: ComponentProps<'a'>): ReactNode {
  const ThemeA = (MDXComponents as Record<string, unknown>).a as (props: ComponentProps<'a'>) => ReactNode;
  return props.id === undefined ? <Link {...props} /> : <ThemeA {...props} />;
}

export default { ...MDXComponents, table: ScrollableTable, a: PlainLink };
