// Wraps the mobile menu because the theme does not trap focus in it: Tab stays inside while open, Escape closes, focus returns to the toggle.
import { useEffect, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Elements a Tab press can reach inside the open menu (the hidden secondary panel is inert). */
function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

export default function MobileSidebarWrapper(): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();

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

  return <MobileSidebar />;
}
