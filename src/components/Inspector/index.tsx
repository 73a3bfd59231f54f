/**
 * The transaction inspector of /ecosystem/inspect, loaded as a chunk of its own once the page has rendered: the
 * decoder, the custom transaction layouts and the form stay out of the page's first load. Until the chunk arrives (or
 * with scripts off) the page shows what it needs and why.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export default function TransactionInspector(): ReactNode {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./Inspector').then(
      (module) => {
        if (live) setLoaded(() => module.default);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  // One element from the server's markup on: the article's off-screen marks (src/client/skipOffscreen.ts) go on the
  // blocks the page has when it loads, and the inspector fills this one. A block formatting context of its own keeps
  // its children's margins inside it, as the containment of a marked block does, so it is as tall with the off-screen
  // rules as without them.
  return (
    <div style={{ display: 'flow-root' }}>
      {Loaded !== null ? (
        <Loaded />
      ) : (
        <p role="status">
          {failed ? 'The inspector could not be loaded: reload the page to try again.' : 'The inspector runs in the browser with JavaScript: it is loading.'}
        </p>
      )}
    </div>
  );
}
