// Swizzle wrap of @theme/Layout: a page without a <main> of its own (the local-search results page) can ask for one.
import { createContext, useContext, type ReactNode } from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof LayoutType>;

/** True inside a page whose content should be wrapped in the <main> landmark by the Layout. */
export const MainLandmarkRequest = createContext(false);

export default function LayoutWrapper({ children, ...props }: Props): ReactNode {
  const wantsMain = useContext(MainLandmarkRequest);
  return <Layout {...props}>{wantsMain ? <main>{children}</main> : children}</Layout>;
}
