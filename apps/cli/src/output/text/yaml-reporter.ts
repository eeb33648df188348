// One text built-in per chunk: a run loads only the reporters it names.
export { yaml } from '@mcp-eval/reporters';
