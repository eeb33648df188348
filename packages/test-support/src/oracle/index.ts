// A raw JSON-RPC client for the corpus: Node built-ins only, sharing no code with the product.
export type { AnswerSummary, ListFacts, OracleFacts, ToolFacts } from './facts.js';
export { collectFacts, summarize } from './facts.js';
export type { OracleEra, OracleSession, OracleTarget } from './session.js';
export { LEGACY, MODERN, openSession } from './session.js';
export type { StdioLaunch } from './stdio-wire.js';
export type { Wire, WireAnswer } from './wire.js';
