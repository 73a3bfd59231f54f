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
  if (Loaded !== null) return <Loaded />;
  return (
    <p role="status">
      {failed ? 'The inspector could not be loaded: reload the page to try again.' : 'The inspector runs in the browser with JavaScript: it is loading.'}
    </p>
  );
}
