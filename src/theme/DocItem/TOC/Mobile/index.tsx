// Swizzle wrap of @theme/DocItem/TOC/Mobile: memo, so the layout's render after hydration skips it (src/components/memoPart.ts).
import Original from '@theme-original/DocItem/TOC/Mobile';
import { memoPart } from '../../../../components/memoPart';

export default memoPart(Original);
