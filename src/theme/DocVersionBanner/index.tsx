// Swizzle wrap of @theme/DocVersionBanner: memo, so the layout's render after hydration skips it (src/components/memoPart.ts).
import Original from '@theme-original/DocVersionBanner';
import { memoPart } from '../../components/memoPart';

export default memoPart(Original);
