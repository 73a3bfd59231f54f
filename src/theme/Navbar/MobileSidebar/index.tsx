// Swizzle wrap of @theme/Navbar/MobileSidebar: traps focus in the open menu (the theme does not) and builds its closed contents off the load's critical path.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Elements a Tab press can reach inside the open menu (the hidden secondary panel is inert). */
function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[inert]') && element.getClientRects().length > 0);
}

/** How long an idle moment may be waited for before the closed menu is built anyway. */
const BUILD_TIMEOUT_MS = 2000;

/**
 * Builds the closed menu when the browser is next idle, as a transition React can interrupt. Upstream mounts it, the
 * whole docs sidebar included, in the render that follows hydration on a phone: one uninterruptible task of 10-20 ms
 * (four times that on a slow phone) for a panel nobody has opened yet.
 */
function useBuiltWhenIdle(): boolean {
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    const build = (): void => startTransition(() => setBuilt(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(build, { timeout: BUILD_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(build, 0);
    return () => window.clearTimeout(handle);
  }, []);
  return built;
}

export default function MobileSidebarWrapper(): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();
  const built = useBuiltWhenIdle();

  useEffect(() => {
    if (!shown) return undefined;
    const panel = document.querySelector<HTMLElement>('.navbar-sidebar');
    const toggleButton = document.querySelector<HTMLElement>('.navbar__toggle');
    if (!panel) return undefined;
    // The panel fades in with a visibility transition and cannot take focus until it is visible: retry each frame.
    let frame = 0;
    let attempts = 0;
    const focusFirst = (): void => {
      const first = focusablesIn(panel)[0];
      first?.focus();
      attempts += 1;
      if (first && document.activeElement !== first && attempts < 60) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);

    function onKeyDown(event: KeyboardEvent): void {
      if (!panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        toggle();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(panel);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && panel.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      // Closed with focus left in the menu (or lost): give it back to the button that opened it.
      const active = document.activeElement;
      if (!active || active === document.body || panel.contains(active)) toggleButton?.focus();
    };
  }, [shown, toggle]);

  // Opened before the idle moment came: build it now, in the same render as the opening.
  return built || shown ? <MobileSidebar /> : null;
}
