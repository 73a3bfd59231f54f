// Swizzle eject of @theme/CodeBlock (@docusaurus/theme-classic 3.10.2; override `ejected-code-block` in src/overrides/MANIFEST.md): no remount of every code block after hydration (ocean/poolpairs rebuilt 5,150 of its 6,848 elements).
/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 */

// The theme's source (src/theme/CodeBlock/index.tsx of the package) with one change: upstream keys the block on
// useIsBrowser(), so every block is thrown away and rebuilt once the page has hydrated, lest a dark-mode reader keep
// the light Prism styles the server rendered. Here tokens are coloured by class for both colour modes
// (generated/prism-tokens.css), so the server's markup is right in either mode and needs no rebuild.
// tests/unit/ejected-code-block.test.ts holds the copy to upstream's file: the same code once the key and its
// useIsBrowser() call are taken out of upstream's.
import React, { isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

// Plain string children are joined into one, which the copy button can copy; children holding elements are kept.
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  // Only plain strings are left.
  return Array.isArray(children) ? children.join('') : (children as string);
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  return <CodeBlockComp {...props}>{children as string}</CodeBlockComp>;
}
