// Swizzle wrap of @theme/DocItem/Footer: memo, so the layout's render after hydration skips it (src/components/memoPart.ts).
import Original from '@theme-original/DocItem/Footer';
import { memoPart } from '../../../components/memoPart';

export default memoPart(Original);
