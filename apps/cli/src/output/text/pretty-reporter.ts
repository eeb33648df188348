// One text built-in per chunk: a run loads only the reporters it names.
export { pretty } from '@mcp-eval/reporters';
