import Type from 'typebox';
import type { Static } from 'typebox';
import { CheckIdSchema, CheckKindSchema, closed, def, ModelIdSchema, SourceLocationSchema, ToolNameSchema } from './record-primitives.js';

const REVIEWED_STATES = ['applied', 'stale', 'expired'] as const;
export type ReviewedState = (typeof REVIEWED_STATES)[number];

/**
 * One entry of the reviewed file and what became of it: `applied` (it matched a record), `stale` (it
 * matched nothing: remove it?) or `expired` (its `expires` date has passed, so it no longer applies).
 * The entry's keys and its location only; its justification stays in the file.
 */
export const ReviewedEntryStateSchema = def(
  'reviewedEntry',
  closed({
    family: CheckKindSchema,
    check: CheckIdSchema,
    tool: Type.Optional(ToolNameSchema),
    model: Type.Optional(ModelIdSchema),
    location: SourceLocationSchema,
    state: Type.Enum(REVIEWED_STATES),
  }),
);
export type ReviewedEntryState = Static<typeof ReviewedEntryStateSchema>;
