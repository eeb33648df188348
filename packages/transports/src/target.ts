import type { ProtocolChoice } from '@mcp-eval/core';

import {
  DEFAULT_MAX_PENDING_REPLIES,
  DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE,
  DEFAULT_MAX_STDIN_BACKLOG_BYTES,
  type FloodLimits,
} from './flood-limits.js';

/** What to connect to: a command to spawn, or a Streamable HTTP endpoint. */
export type Target =
  | {
      readonly kind: 'stdio';
      readonly command: string;
      readonly args?: readonly string[];
      /** Added to a small allowlist of the parent's variables; nothing else is inherited. */
      readonly env?: Readonly<Record<string, string>>;
      /** Names of parent variables passed through unchanged (values are read at spawn, never stored). */
      readonly passEnv?: readonly string[];
      /** Used as given: the caller resolves relative paths. */
      readonly cwd?: string;
    }
  | {
      readonly kind: 'http';
      readonly url: string;
      /** Sent with every request, under the protocol's own headers. */
      readonly headers?: Readonly<Record<string, string>>;
    };

export type StdioTarget = Extract<Target, { kind: 'stdio' }>;
export type HttpTarget = Extract<Target, { kind: 'http' }>;

export interface ConnectorOptions extends Partial<FloodLimits> {
  /** Negotiate (`auto`, the default) or pin one era. */
  readonly protocol?: ProtocolChoice;
  /** Per request, handshake included. Default 10 000 ms. */
  readonly timeoutMs?: number;
  /** A larger answer fails `oversized`. Default 16 MiB. */
  readonly maxResponseBytes?: number;
  /** How much stderr to keep in memory; the byte count stays exact. Default 64 KiB. */
  readonly stderrCapBytes?: number;
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

export type ResolvedOptions = Required<ConnectorOptions>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  protocol: 'auto',
  timeoutMs: 10_000,
  maxResponseBytes: 16 * 1024 * 1024,
  stderrCapBytes: 64 * 1024,
  maxPendingReplies: DEFAULT_MAX_PENDING_REPLIES,
  maxServerRequestsPerResponse: DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE,
  maxStdinBacklogBytes: DEFAULT_MAX_STDIN_BACKLOG_BYTES,
  clientInfo: { name: 'mcp-eval', version: '0.1.0' },
};

export function resolveOptions(options: ConnectorOptions = {}): ResolvedOptions {
  return {
    protocol: options.protocol ?? DEFAULT_OPTIONS.protocol,
    timeoutMs: options.timeoutMs ?? DEFAULT_OPTIONS.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_OPTIONS.maxResponseBytes,
    stderrCapBytes: options.stderrCapBytes ?? DEFAULT_OPTIONS.stderrCapBytes,
    maxPendingReplies: options.maxPendingReplies ?? DEFAULT_OPTIONS.maxPendingReplies,
    maxServerRequestsPerResponse: options.maxServerRequestsPerResponse ?? DEFAULT_OPTIONS.maxServerRequestsPerResponse,
    maxStdinBacklogBytes: options.maxStdinBacklogBytes ?? DEFAULT_OPTIONS.maxStdinBacklogBytes,
    clientInfo: { ...(options.clientInfo ?? DEFAULT_OPTIONS.clientInfo) },
  };
}
