// Swizzle wrap of @theme/DocVersionBadge: memo, so the layout's render after hydration skips it (src/components/memoPart.ts).
import Original from '@theme-original/DocVersionBadge';
import { memoPart } from '../../components/memoPart';

export default memoPart(Original);
