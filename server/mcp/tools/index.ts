// The tool table: one entry per tool. A reference of the other SDK packages' symbols (`get_symbol`) joins it as one
// module and one line once its model lands in generated/.
import { getCustomTransaction } from './custom-transaction';
import { getOceanEndpoint } from './ocean-endpoint';
import { getPage } from './page';
import { getRpcMethod } from './rpc-method';
import { search } from './search';
import type { Tool } from './tool';
import { getType } from './type';

export const TOOLS: readonly Tool[] = [search, getRpcMethod, getOceanEndpoint, getType, getCustomTransaction, getPage];
