import type { JsonObject, ModelTool } from '@mcp-eval/core';
import { tokenize } from './tokenize.js';

/** BM25 term-frequency saturation (the usual Robertson/Spärck Jones default). */
export const BM25_K1 = 1.2;
/** BM25 length normalization (the usual default). */
export const BM25_B = 0.75;
/**
 * Field weights, applied by repeating a field's terms: a tool's name says most about it, its
 * parameter names next, descriptions least (they are long and share vocabulary).
 */
export const LEXICAL_FIELD_WEIGHTS = { name: 3, parameterName: 2, description: 1, parameterDescription: 1 } as const;

export interface ToolScore {
  readonly name: string;
  readonly score: number;
}

function repeat(terms: readonly string[], times: number): string[] {
  return Array.from({ length: times }, () => terms).flat();
}

function properties(schema: JsonObject): [string, string][] {
  const props = schema['properties'];
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return [];
  return Object.entries(props).map(([name, value]) => {
    const description =
      typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value['description'] === 'string'
        ? value['description']
        : '';
    return [name, description];
  });
}

/** The terms BM25 indexes for one tool, field weights applied. */
export function toolTerms(tool: ModelTool): string[] {
  const params = properties(tool.inputSchema);
  return [
    ...repeat(tokenize(tool.name), LEXICAL_FIELD_WEIGHTS.name),
    ...repeat(tokenize(tool.description ?? ''), LEXICAL_FIELD_WEIGHTS.description),
    ...repeat(
      params.flatMap(([name]) => tokenize(name)),
      LEXICAL_FIELD_WEIGHTS.parameterName,
    ),
    ...repeat(
      params.flatMap(([, description]) => tokenize(description)),
      LEXICAL_FIELD_WEIGHTS.parameterDescription,
    ),
  ];
}

/**
 * Okapi BM25 of `query` against each tool (idf = ln(1 + (N − n + 0.5)/(n + 0.5)), never
 * negative), best first; ties broken by name so the order is the same every run.
 */
export function rankTools(query: string, tools: readonly ModelTool[]): ToolScore[] {
  const documents = tools.map((tool) => ({ name: tool.name, terms: toolTerms(tool) }));
  const counts = documents.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc.terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const total = documents.length;
  const averageLength = total === 0 ? 0 : documents.reduce((sum, doc) => sum + doc.terms.length, 0) / total;
  const queryTerms = [...new Set(tokenize(query))];
  const scores = documents.map((doc, index) => {
    const tf = counts[index] ?? new Map<string, number>();
    let score = 0;
    for (const term of queryTerms) {
      const frequency = tf.get(term) ?? 0;
      if (frequency === 0) continue;
      const containing = counts.filter((c) => c.has(term)).length;
      const idf = Math.log(1 + (total - containing + 0.5) / (containing + 0.5));
      const norm = averageLength === 0 ? 1 : 1 - BM25_B + (BM25_B * doc.terms.length) / averageLength;
      score += (idf * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * norm);
    }
    return { name: doc.name, score };
  });
  return scores.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
