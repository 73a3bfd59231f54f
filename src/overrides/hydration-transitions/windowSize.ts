// Docusaurus's useWindowSize contract (theme-common: 'ssr' while hydrating, then 'desktop' above 996 px, else
// 'mobile'), with the first measurement after hydration made as a transition: see ./index.ts.
import { startTransition, useEffect, useState } from 'react';

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** Infima's breakpoint, which the theme's CSS uses too. */
const DESKTOP_BREAKPOINT = 996;

export function useWindowSize({ desktopBreakpoint = DESKTOP_BREAKPOINT }: { desktopBreakpoint?: number } = {}): WindowSize {
  // The server cannot know the width: hydration must render what it rendered.
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const measure = (): WindowSize => (window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile');
    startTransition(() => setSize(measure()));
    const onResize = (): void => setSize(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [desktopBreakpoint]);
  return size;
}
