import { ConnectError } from '@mcp-eval/protocol';
import type { Connection, Connector } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import type { CheckContext, CheckDefinition, Outcome } from '../check.js';
import type { ConnectionSlot } from './connection-slot.js';
import type { RunOutcome } from './run-outcome.js';
import { engineError, sanitizeOutcome } from './run-outcome.js';
import { unlistedTool } from './unlisted-tool.js';

export interface CaseRun {
  readonly check: CheckDefinition;
  readonly params: unknown;
  /** The worker's connection, or `undefined` when none could be opened. */
  readonly connection: Connection | undefined;
  /** Where the connection came from: a timed-out case's connection is discarded there. */
  readonly slot: ConnectionSlot;
  readonly connector: Connector;
  readonly allowMutation: boolean;
  readonly timeoutMs: number;
  /** The cut-off of each tool call, when shorter than `timeoutMs` (see `CheckContext.callTimeoutMs`). */
  readonly callTimeoutMs?: number;
  readonly caseTimeoutMs: number;
  readonly catalogBudget?: CatalogBudget;
  readonly signal?: AbortSignal;
  /** Every connection the check sees goes through this (the run's trace context). */
  readonly wrapConnection?: (connection: Connection) => Connection;
}

const TIMED_OUT = Symbol('timed-out');

/** Runs one case once: never throws, never outlives its time limit, closes what it opened. */
export async function runCaseOnce(run: CaseRun): Promise<RunOutcome> {
  const { connection } = run;
  if (!connection) return engineError('connect-failed');

  const controller = new AbortController();
  const onOuterAbort = (): void => controller.abort();
  run.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const opened: Connection[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(TIMED_OUT);
    }, run.caseTimeoutMs);
  });

  const wrap = run.wrapConnection ?? ((c: Connection) => c);
  const openWith = async (connector: Connector): Promise<Connection> => {
    const fresh = await connector.connect({ signal: controller.signal });
    opened.push(fresh);
    return wrap(fresh);
  };
  const { at } = run.connector;
  const ctx: CheckContext = {
    connection: wrap(connection),
    openConnection: () => openWith(run.connector),
    ...(at ? { openConnectionAt: (url: string) => openWith(at(url)) } : {}),
    allowMutation: run.allowMutation,
    timeoutMs: run.timeoutMs,
    ...(run.callTimeoutMs === undefined ? {} : { callTimeoutMs: run.callTimeoutMs }),
    signal: controller.signal,
    ...(run.catalogBudget ? { catalogBudget: run.catalogBudget } : {}),
    ...(run.slot.catalog ? { catalog: run.slot.catalog } : {}),
  };

  try {
    // A stale manifest (a tool renamed or removed) is told apart before any call: nothing is sent.
    const checked = async (): Promise<Outcome<string>> => {
      const unlisted = await unlistedTool(run.check, run.params, ctx);
      return unlisted === undefined ? run.check.run(ctx, run.params) : { status: 'error', label: 'tool-not-listed', tool: unlisted };
    };
    const settled = await Promise.race([checked(), timedOut]);
    if (settled === TIMED_OUT) {
      await run.slot.discard();
      return engineError('case-timeout');
    }
    return sanitizeOutcome(run.check, settled);
  } catch (error) {
    return engineError(error instanceof ConnectError ? 'connect-failed' : 'evaluator-error');
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener('abort', onOuterAbort);
    controller.abort();
    await Promise.allSettled(opened.map((c) => c.close()));
  }
}
