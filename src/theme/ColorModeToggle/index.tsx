// Swizzle wrap of @theme/ColorModeToggle: the colour mode changes with the page's CSS transitions held for that frame, so every colour switches at once and no transition is started.
import React, { useCallback, type ReactNode } from 'react';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type { WrapperProps } from '@docusaurus/types';
import { withoutTransitions } from './without-transitions';

type Props = WrapperProps<typeof ColorModeToggleType>;

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  const { onChange } = props;
  const change = useCallback<Props['onChange']>((mode) => withoutTransitions(() => onChange(mode)), [onChange]);
  return <ColorModeToggle {...props} onChange={change} />;
}
