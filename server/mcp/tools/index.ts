// The tool table: one entry per tool. The SDK reference's `get_symbol` and `get_custom_transaction` join it as one
// module and one line each once their model (generated/sdk-model.json) lands.
import { getOceanEndpoint } from './ocean-endpoint';
import { getPage } from './page';
import { getRpcMethod } from './rpc-method';
import { search } from './search';
import type { Tool } from './tool';
import { getType } from './type';

export const TOOLS: readonly Tool[] = [search, getRpcMethod, getOceanEndpoint, getType, getPage];
