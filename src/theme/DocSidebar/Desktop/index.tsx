// Swizzle wrap of @theme/DocSidebar/Desktop: a phone keeps the hidden server markup instead of hydrating it (DesktopOnly).
import React, { type ReactNode } from 'react';
import Desktop from '@theme-original/DocSidebar/Desktop';
import type DesktopType from '@theme/DocSidebar/Desktop';
import type { WrapperProps } from '@docusaurus/types';
import DesktopOnly from '@site/src/components/DesktopOnly';

type Props = WrapperProps<typeof DesktopType>;

export default function DocSidebarDesktopWrapper(props: Props): ReactNode {
  return (
    <DesktopOnly>
      <Desktop {...props} />
    </DesktopOnly>
  );
}
