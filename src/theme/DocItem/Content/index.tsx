// Swizzle wrap of @theme/DocItem/Content: adds the "Copy page as Markdown" button and a <head> link to the page's Markdown twin; memo keeps the layout's re-render after hydration out of the content.
import React, { memo, type ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import Head from '@docusaurus/Head';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { twinPath } from '../../../plugins/llms/twin-path';
import CopyPageButton from './CopyPageButton';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

function ContentWrapper(props: Props): ReactNode {
  const markdownUrl = twinPath(useDoc().metadata.permalink);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={markdownUrl} />
      </Head>
      <div className={styles.actions}>
        <CopyPageButton markdownUrl={markdownUrl} className="button button--sm button--outline button--secondary" />
      </div>
      <Content {...props} />
    </>
  );
}

export default memo(ContentWrapper);
