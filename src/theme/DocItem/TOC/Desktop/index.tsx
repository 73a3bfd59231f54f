// Swizzle wrap of @theme/DocItem/TOC/Desktop: a phone keeps the hidden server markup instead of hydrating it (DesktopOnly).
import React, { type ReactNode } from 'react';
import Desktop from '@theme-original/DocItem/TOC/Desktop';
import DesktopOnly from '@site/src/components/DesktopOnly';

export default function DocItemTOCDesktopWrapper(): ReactNode {
  return (
    <DesktopOnly>
      <Desktop />
    </DesktopOnly>
  );
}
