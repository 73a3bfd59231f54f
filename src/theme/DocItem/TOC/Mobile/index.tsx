// Wrapped in memo: the docs layout re-renders once after hydration, when the window size becomes known, and this part takes no props (it reads what it shows from context, which memo still follows).
import { memo } from 'react';
import Original from '@theme-original/DocItem/TOC/Mobile';

export default memo(Original);
