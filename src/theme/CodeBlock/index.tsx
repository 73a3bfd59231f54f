// Swizzle replace of @theme/CodeBlock: no remount of every code block after hydration (ocean/poolpairs rebuilt 5,150 of its 6,848 elements).
import { isValidElement, Children, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  // Only plain strings are left.
  return Array.isArray(children) ? children.join('') : children;
}

// Upstream keys the block on useIsBrowser(), so every block is thrown away and rebuilt once the page has hydrated,
// lest a dark-mode visitor keep the light Prism styles the server rendered. Here tokens are coloured by class for both
// colour modes (generated/prism-tokens.css), so the server's markup is right in either mode and needs no rebuild.
export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? <StringContent {...props}>{children}</StringContent> : <ElementContent {...props}>{children}</ElementContent>;
}
