import Type from 'typebox';
import type { Static } from 'typebox';
import { CheckIdSchema, CheckKindSchema, closed, def, safeText } from './record-primitives.js';

/** A lint rule's layer: a record field (`CheckInfo.layer`), so the vocabulary lives here and lint reads it. */
export type LintLayer = 'protocol' | 'quality' | 'security';
export const LINT_LAYERS: readonly LintLayer[] = ['protocol', 'quality', 'security'];

/** A lint rule's severity (also a model check's, for its score): a record field, like the layer. */
export type LintSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const LINT_SEVERITIES: readonly LintSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];

const LayerSchema = def('layer', Type.Unsafe<LintLayer>({ description: "A lint rule's layer.", enum: [...LINT_LAYERS] }));
const SeveritySchema = def('severity', Type.Unsafe<LintSeverity>({ description: "A lint rule's severity.", enum: [...LINT_SEVERITIES] }));

/** What a report says about each check it ran, so a saved report re-renders without core's registry. */
export const CheckInfoSchema = def(
  'check',
  closed({
    id: CheckIdSchema,
    kind: CheckKindSchema,
    title: safeText({ minLength: 1, maxLength: 255 }),
    summary: safeText({ minLength: 1, maxLength: 1024 }),
    /** SARIF `security-severity` (0.1-10) for checks with security impact. */
    securitySeverity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10 })),
    /** Lint rules: their layer and severity. */
    layer: Type.Optional(LayerSchema),
    severity: Type.Optional(SeveritySchema),
  }),
);
export type CheckInfo = Static<typeof CheckInfoSchema>;
