// Swizzle wrap of @theme/MDXComponents: every Markdown table scrolls inside a focusable box (a scrolling region a keyboard can reach).
import type { ComponentProps, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  return (
    // tabIndex: on a narrow screen the table scrolls sideways, and a keyboard user scrolls it with the arrow keys.
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export default { ...MDXComponents, table: ScrollableTable };
