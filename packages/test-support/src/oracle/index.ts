// A raw JSON-RPC client for the corpus: Node built-ins only, sharing no code with the product.
export type { OracleFacts, ToolFacts } from './facts.js';
export { collectFacts } from './facts.js';
export type { OracleTarget } from './session.js';
export { LEGACY, MODERN, openSession } from './session.js';
