// The tool table: one entry per tool.
import { getCustomTransaction } from './custom-transaction';
import { decodeTransaction } from './decode-transaction';
import { findError } from './error-lookup';
import { getOceanEndpoint } from './ocean-endpoint';
import { getPage } from './page';
import { getRpcMethod } from './rpc-method';
import { search } from './search';
import { getSymbol } from './symbol';
import type { Tool } from './tool';
import { getType } from './type';

export const TOOLS: readonly Tool[] = [search, getRpcMethod, getOceanEndpoint, getType, getSymbol, getCustomTransaction, findError, getPage, decodeTransaction];
