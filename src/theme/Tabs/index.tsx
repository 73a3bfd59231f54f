// Swizzle eject of @theme/Tabs (@docusaurus/theme-classic 3.10.2; override `ejected-tabs` in src/overrides/MANIFEST.md): no remount of every Tabs after hydration (the account page rebuilt 2,699 of its 6,577 elements), and the tab a reader picks painted first, its panel in the next frame, the page's other groups after it.
/**
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 */

import React, { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useScrollPositionBlocker, useTabsContextValue, useTabs, sanitizeTabsChildren, TabsProvider } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/Tabs';
import { afterNextPaint } from '../../components/afterNextPaint';
import { warmWhenIdle } from '../../prism/warm';
import styles from './styles.module.css';

function TabList({ className }: { className?: string }) {
  const { selectedValue, selectValue, tabValues, block } = useTabs();

  const tabRefs: (HTMLLIElement | null)[] = [];
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker();

  const handleTabChange = (event: React.FocusEvent<HTMLLIElement> | React.MouseEvent<HTMLLIElement> | React.KeyboardEvent<HTMLLIElement>) => {
    const newTab = event.currentTarget;
    const newTabIndex = tabRefs.indexOf(newTab);
    const newTabValue = tabValues[newTabIndex]!.value;

    if (newTabValue !== selectedValue) {
      blockElementScrollPositionUntilNextRender(newTab);
      selectValue(newTabValue);
    }
  };

  const handleKeydown = (event: React.KeyboardEvent<HTMLLIElement>) => {
    let focusElement: HTMLLIElement | null = null;

    switch (event.key) {
      case 'Enter': {
        handleTabChange(event);
        break;
      }
      case 'ArrowRight': {
        const nextTab = tabRefs.indexOf(event.currentTarget) + 1;
        focusElement = tabRefs[nextTab] ?? tabRefs[0]!;
        break;
      }
      case 'ArrowLeft': {
        const prevTab = tabRefs.indexOf(event.currentTarget) - 1;
        focusElement = tabRefs[prevTab] ?? tabRefs[tabRefs.length - 1]!;
        break;
      }
      default:
        break;
    }

    focusElement?.focus();
  };

  return (
    <ul
      role="tablist"
      aria-orientation="horizontal"
      className={clsx(
        'tabs',
        {
          'tabs--block': block,
        },
        className,
      )}
    >
      {tabValues.map(({ value, label, attributes }) => (
        <li
          // TODO extract TabListItem
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(ref) => {
            tabRefs.push(ref);
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx('tabs__item', styles.tabItem, attributes?.className as string, {
            'tabs__item--active': selectedValue === value,
          })}
        >
          {label ?? value}
        </li>
      ))}
    </ul>
  );
}

function TabContent({ children }: { children: ReactNode }) {
  return <div className="margin-top--md">{children}</div>;
}

function TabsContainer({
  className,
  children,
  containerRef,
}: {
  className?: string;
  children: ReactNode;
  containerRef: React.RefObject<HTMLDivElement | null>;
}): ReactNode {
  return (
    <div
      ref={containerRef}
      className={clsx(
        ThemeClassNames.tabs.container,
        // former name kept for backward compatibility
        // see https://github.com/facebook/docusaurus/pull/4086
        'tabs-container',
        styles.tabList,
      )}
    >
      <TabList
        // Surprising but historical
        // className is applied on TabList, not on TabsContainer
        className={className}
      />
      <TabContent>{children}</TabContent>
    </div>
  );
}

export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  // Upstream keys the provider on useIsBrowser(), which throws away and rebuilds every tab panel once the page has
  // hydrated. That workaround (facebook/docusaurus#5653) serves a `defaultValue` computed in the browser (e.g. from
  // navigator.platform); this site's tabs have static defaults, and a stored or query-string choice is applied after
  // hydration as an ordinary state update (useTabsContextValue), so the remount only costs time.
  // Do not give a Tabs a browser-dependent defaultValue.
  //
  // The theme's selectValue stores the choice, and every group of the page with the same groupId re-renders at once
  // to follow it, in the task of the click (a store update, which React cannot cut into slices): on a reference page
  // with some forty groups, 240 ms at Lighthouse's 4x before the reader saw the tab change. Here a pick goes in three
  // steps, each painted before the next starts: the click's own render marks the picked tab; the task after that
  // frame renders the picked group's panel (a lazy panel the page has not rendered yet, whose code Prism highlights
  // then: 60-80 ms at 4x on its first use, src/prism/warm.ts); the task after the next frame runs the theme's
  // selectValue, and the other groups follow. The scroll position of the picked tab is held through that last update
  // as the theme holds it through its own.
  const { selectValue } = value;
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker();
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedPanel, setPickedPanel] = useState<string | null>(null);
  const latest = useRef<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const pick = useCallback(
    (next: string) => {
      latest.current = next;
      setPicked(next);
      afterNextPaint(() => {
        // A later pick has taken over: its own steps follow.
        if (latest.current !== next) return;
        // Rendered here, in this task: an ordinary update would wait for React's scheduler, whose task the browser
        // may run after the next frame, and the panel would then be painted with the other groups, not before them.
        flushSync(() => setPickedPanel(next));
        afterNextPaint(() => {
          if (latest.current !== next) return;
          latest.current = null;
          const tab = document.activeElement;
          if (tab instanceof HTMLElement && container.current?.contains(tab)) blockElementScrollPositionUntilNextRender(tab);
          selectValue(next);
          setPicked(null);
          setPickedPanel(null);
        });
      });
    },
    [selectValue, blockElementScrollPositionUntilNextRender],
  );
  // A new object each render, as useTabsContextValue's own is: the tab list follows the click at once.
  const list = { ...value, selectedValue: picked ?? value.selectedValue, selectValue: pick };
  const panelValue = pickedPanel ?? value.selectedValue;
  // The panels' own context changes only with the panel shown, so the click's render leaves them alone: they read
  // nothing of it but `selectedValue` and `lazy` (@theme/TabItem), which is why the other fields are not dependencies.
  const { lazy } = value;
  useEffect(() => {
    // The hidden panels of a lazy group are rendered, and highlighted, only when picked.
    if (lazy === true) warmWhenIdle();
  }, [lazy]);
  const panels = useMemo(() => ({ ...value, selectedValue: panelValue, selectValue: pick, lazy }), [panelValue, pick, lazy]);
  return (
    <TabsProvider value={list}>
      <TabsContainer className={props.className} containerRef={container}>
        <TabsProvider value={panels}>{sanitizeTabsChildren(props.children)}</TabsProvider>
      </TabsContainer>
    </TabsProvider>
  );
}
