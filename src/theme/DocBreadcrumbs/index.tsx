// Swizzle wrap of @theme/DocBreadcrumbs: memo, so the layout's render after hydration skips it (src/components/memoPart.ts).
import Original from '@theme-original/DocBreadcrumbs';
import { memoPart } from '../../components/memoPart';

export default memoPart(Original);
