/**
 * Sends a reader who opens a page at an anchor that moved to another page on to that page's section.
 *
 * A reference page split into several (an RPC category, an SDK package) keeps its route, but the sections that went to
 * a further page take their heading ids with them, and the links written before the split (`/node/jellyfish/api/loan#getvault`)
 * keep pointing here. The fragment never reaches the server, so no server redirect can follow it: the page that lost
 * the anchors carries this component with where each one went, and it replaces the history entry with the section's
 * URL, as a redirect does. It renders nothing; an anchor the page still has is left alone.
 */
import { useEffect, useRef } from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import { movedTarget } from './target';

interface MovedAnchorsProps {
  /** The route the pages the anchors went to are below: the split category's or package's own route. */
  base: string;
  /** Each moved anchor and where it went: the page's slug below `base`, and `#anchor` where the id changed too. */
  to: Readonly<Record<string, string>>;
}

export default function MovedAnchors({ base, to }: MovedAnchorsProps): null {
  const { hash } = useLocation();
  const history = useHistory();
  // The router keeps this page on screen while the target's chunks load, with the location already changed: the
  // target is sent once, or each render until the next page shows would send it again.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    let anchor: string;
    try {
      anchor = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (anchor === '' || document.getElementById(anchor) !== null) return;
    const target = movedTarget(base, to, anchor);
    if (target === undefined || sent.current === target) return;
    sent.current = target;
    history.replace(target);
  }, [base, to, hash, history]);
  return null;
}
