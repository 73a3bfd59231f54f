// Swizzle wrap of @theme/AnnouncementBar: shows a bar whose id changed, which the theme's pre-hydration script hid for anyone who dismissed an older one.
import { useEffect, type ReactNode } from 'react';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof AnnouncementBarType>;

/** The attribute the theme's inline script sets from the stored dismissal, whatever the bar's id. */
const INITIALLY_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    // Once React knows the bar is to be shown (a new id, or never dismissed), lift the early CSS hiding.
    if (isActive) document.documentElement.setAttribute(INITIALLY_DISMISSED_ATTRIBUTE, 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
