import type { BaselineJudgementInput, CaseRecord } from '@mcp-eval/core';
import { judgeAgainstBaseline } from '@mcp-eval/core';

import type { Io } from '../io.js';
import { writeModelBaselineNote } from '../models/model-baseline-note.js';
import { writeBaselineNote } from './baseline-note.js';

export type RunBaselineInput = BaselineJudgementInput;

/**
 * `--baseline` for a `run` and for `merge`: core's judgement (judgeAgainstBaseline), then its notes
 * on stderr; returns every record, judged.
 */
export function applyRunBaseline(io: Io, input: RunBaselineInput): readonly CaseRecord[] {
  const judged = judgeAgainstBaseline(input);
  if (judged.modelComparison !== undefined) writeModelBaselineNote(io, judged.modelComparison);
  if (judged.comparison !== undefined) writeBaselineNote(io, judged.comparison, input.baseline.cases);
  return judged.records;
}
