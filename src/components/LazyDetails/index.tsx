/**
 * A disclosure whose content React creates only once the reader opens it: the server's HTML holds the summary alone,
 * so a list that most readers never open costs the page one line (the Errors of a reference section, written by
 * generator/render/errors.ts). The content stays in the page's data, where the Markdown twin reads it too (it finds the
 * disclosure by its summary; no class, as every byte of a reference page's HTML counts against its budget).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export default function LazyDetails({ summary, children }: { summary: string; children?: ReactNode }): ReactNode {
  const element = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // Opened in the server markup before React took over: the toggle event is gone, the open attribute tells.
  useEffect(() => {
    if (element.current?.open === true) setOpened(true);
  }, []);
  return (
    <details
      ref={element}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {opened ? children : null}
    </details>
  );
}
