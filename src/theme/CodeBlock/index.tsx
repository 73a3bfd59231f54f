// Replaces the theme's CodeBlock only to stop it remounting every code block after hydration in light mode (measured: 2763 of the account page's 6577 elements rebuilt); dark mode keeps the upstream remount.
import { isValidElement, Children, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useColorMode } from '@docusaurus/theme-common';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  // Only plain strings are left.
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  // Upstream keys the block on `isBrowser`, so every block is thrown away and rebuilt once the page has hydrated,
  // because the server renders the light Prism theme and the DOM styles of a dark-mode visitor would stay light.
  // The server's light rendering is already right for light mode: remount only when the client is in dark mode.
  const isBrowser = useIsBrowser();
  const { colorMode } = useColorMode();
  const children = maybeStringifyChildren(rawChildren);
  const remountKey = String(isBrowser && colorMode === 'dark');
  return typeof children === 'string' ? (
    <StringContent key={remountKey} {...props}>
      {children}
    </StringContent>
  ) : (
    <ElementContent key={remountKey} {...props}>
      {children}
    </ElementContent>
  );
}
