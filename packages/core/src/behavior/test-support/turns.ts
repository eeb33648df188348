import type { JsonValue } from '@mcp-eval/protocol';
import type { ModelToolCall } from '../../models/model-port.js';
import type { Turn } from '../conversation.js';

// Test support: model responses built by hand for the classifiers' unit tests.
let ids = 0;
export const call = (name: string, input: JsonValue = {}): ModelToolCall => ({ kind: 'call', id: `c${ids++}`, name, input });
export const unknown = (): ModelToolCall => ({ kind: 'unknown-tool', id: `c${ids++}` });
export const turn = (...calls: ModelToolCall[]): Turn => ({ calls, textChars: 0, textLooksLikeToolCall: false });
export const text = (looksLikeCall: boolean): Turn => ({ calls: [], textChars: 40, textLooksLikeToolCall: looksLikeCall });
