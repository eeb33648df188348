// One text built-in per chunk: a run loads only the reporters it names.
export { junit } from '@mcp-eval/reporters';
