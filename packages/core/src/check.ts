import type { TSchema } from 'typebox';
import type { Connection } from '@mcp-eval/protocol';

import type { CatalogBudget } from './catalog/catalog-budget.js';
import type { CatalogSnapshot } from './catalog/catalog-snapshot.js';
import type { StarterBuilder } from './starter/starter-case.js';
import type { CheckKind, Finding, Measurements } from './record.js';

/** A JSON Schema (2020-12) object, as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A check's parameter schema: a TypeBox schema (TypeBox 1.x builds plain JSON Schema 2020-12) of
 * an object, so a check derives its parameter type with `Static<typeof params>` instead of
 * restating it. The keys named here are the ones the manifest schema reads.
 */
export interface ParamsSchema extends TSchema {
  readonly type?: unknown;
  readonly properties?: unknown;
  readonly required?: unknown;
  readonly additionalProperties?: unknown;
  readonly $defs?: unknown;
}

/**
 * What a check returns. A pass may carry a label (e.g. `retryable-recovered`); every other status
 * must. `tool` and finding tools are raw names: the engine validates them at the record boundary.
 */
export type Outcome<L extends string> =
  | {
      readonly status: 'pass';
      readonly label?: L;
      readonly tool?: string;
      readonly measurements?: Measurements;
      readonly findings?: readonly Finding[];
    }
  | {
      readonly status: 'fail' | 'skip' | 'error';
      readonly label: L;
      readonly tool?: string;
      readonly measurements?: Measurements;
      readonly findings?: readonly Finding[];
    };

export interface CheckContext {
  /** The run's shared connection, already negotiated. */
  readonly connection: Connection;
  /** A fresh, independent connection (a new process on stdio); the engine closes it afterwards. */
  openConnection(): Promise<Connection>;
  /**
   * Over HTTP: a fresh connection to another instance of the server at `url` (the target's headers
   * and options); absent when the transport cannot (stdio). The engine closes it afterwards.
   */
  readonly openConnectionAt?: (url: string) => Promise<Connection>;
  /** True only with a declared `sandbox` and `--allow-mutation`. */
  readonly allowMutation: boolean;
  /** The per-request limit from the manifest or `--timeout`. */
  readonly timeoutMs: number;
  /**
   * The cut-off of each `tools/call` a check makes (`callTool`, `runLoad`), when the run sets one
   * shorter than `timeoutMs` (a scan's latency budget); absent, it is `timeoutMs`. Every other
   * request, the `tools/list` walk that finds the tool first of all, keeps `timeoutMs`.
   */
  readonly callTimeoutMs?: number;
  /** Aborted when the case's own time limit passes. */
  readonly signal: AbortSignal;
  /** The most any list walk may take in (manifest `server.max_catalog_bytes` / `max_catalog_tools`); default `DEFAULT_CATALOG_BUDGET`. */
  readonly catalogBudget?: CatalogBudget;
  /** The connection's shared tool catalog (read it with `catalogTools`); absent outside the engine. */
  readonly catalog?: CatalogSnapshot;
}

/** How strong a conformance requirement is: RFC 2119 MUST or SHOULD. */
export type AssertionLevel = 'must' | 'should';

/**
 * One check: its parameter schema, its closed label set and its run function. Checks never touch
 * files, `process` or the console; they get a connection and return an outcome.
 */
export interface CheckDefinition<P = unknown, L extends string = string> {
  /** kebab-case; equals the file name and the registry key. */
  readonly id: string;
  readonly kind: CheckKind;
  readonly title: string;
  /** One sentence: what passing means. Used in SARIF rule help and `mcp-eval probes`. */
  readonly summary: string;
  /**
   * Parameters, snake_case, as the manifest spells them; `additionalProperties: false`. A TypeBox
   * schema, so `run`'s parameter type is derived from it (`Static<typeof params>`), never restated.
   */
  readonly params: ParamsSchema;
  /** Every label the check can return, with what it means. */
  readonly labels: Readonly<Record<L, string>>;
  /**
   * The case `mcp-eval init` writes for this check, built from the server's catalog; absent when
   * init writes none. Returns `undefined` when no tool fits (init then says so in a comment).
   */
  readonly starter?: StarterBuilder;
  /**
   * The tools a case of this check calls, read from its parameters. The engine looks each up in the
   * connection's catalog before the case runs: one the catalog does not list makes the case
   * `error` / `tool-not-listed` and nothing is sent. Absent for checks that call no named tool.
   */
  calledTools?(params: P): readonly string[];
  /** SARIF `security-severity` (0.1-10) for checks with security impact. */
  readonly securitySeverity?: number;
  /**
   * Conformance assertions: the strength of the requirement checked. A `should` assertion's failure
   * does not fail `mcp-eval conformance` unless `--strict`. @default 'must'
   */
  readonly level?: AssertionLevel;
  /**
   * Conformance assertions: the keys (`L3`, `M12`) of the rows of docs/conformance/requirements.md
   * it checks. `requirements-table.test.ts` holds the table to these.
   */
  readonly requirements?: readonly string[];
  run(ctx: CheckContext, params: P): Promise<Outcome<L>>;
}

/**
 * Identity helper that keeps the label union checked against `labels`; `P` is the parameter type,
 * `Static<typeof params>` for a TypeBox `params`.
 */
export function defineCheck<P, L extends string>(check: CheckDefinition<P, L>): CheckDefinition<P, L> {
  return check;
}
