// The search box: the local-search plugin's bar with the `/` shortcut beside its own Ctrl+K / Cmd+K, a guard that stops it
// taking focus back from a reader who has tabbed on while its index was loading, and, while the focused box is empty,
// a line saying what it understands (the filters).
import { useEffect, type ReactNode } from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type { WrapperProps } from '@docusaurus/types';
import { guardRefocus } from './guard-refocus';

type Props = WrapperProps<typeof SearchBarType>;

/** The help under the box, which its input names as its description. */
const SEARCH_HELP_ID = 'search-help';

/** True when the key press belongs to a field the reader is typing in. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export default function SearchBarWrapper(props: Props): ReactNode {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const input = document.querySelector<HTMLInputElement>('.navbar__search-input');
      if (!input) return;
      event.preventDefault();
      input.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    const input = document.querySelector<HTMLInputElement>('.navbar__search-input');
    const unguard = input ? guardRefocus(input, document) : undefined;
    input?.setAttribute('aria-describedby', SEARCH_HELP_ID);
    // autocomplete.js makes the box a combobox that owns its list (aria-owns); ARIA 1.2 asks for aria-controls too.
    const onInput = (): void => {
      const owned = input?.getAttribute('aria-owns');
      if (owned) input?.setAttribute('aria-controls', owned);
    };
    input?.addEventListener('input', onInput);
    input?.addEventListener('focus', onInput);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      input?.removeEventListener('input', onInput);
      input?.removeEventListener('focus', onInput);
      unguard?.();
    };
  }, []);
  return (
    <>
      <SearchBar {...props} />
      <p id={SEARCH_HELP_ID} className="search-help">
        A method (<code>getBlockCount</code>, <code>getblockcount</code>), an endpoint path (<code>paths/best</code>), a type, words, or an error message as
        thrown. Filters: <code>rpc:</code> node RPCs, <code>ocean:</code> endpoints, <code>type:</code> types, <code>dftx:</code> custom transactions,{' '}
        <code>error:</code> error messages, <code>pkg:</code> one package (<code>pkg:jellyfish-address</code>), <code>since:3.0</code> added in 3.0 or later.
      </p>
    </>
  );
}
