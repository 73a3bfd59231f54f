// The chunk loaded on first use: the symbol index and its engine.
import index from '@symbol-index';
import { SymbolEngine } from './engine';

export const engine = new SymbolEngine(index);
