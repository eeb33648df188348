import type { HttpTarget, ProtocolChoice, ServerTarget, StdioTarget } from '@mcp-eval/protocol';

import {
  DEFAULT_MAX_PENDING_REPLIES,
  DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE,
  DEFAULT_MAX_STDIN_BACKLOG_BYTES,
  type FloodLimits,
} from './flood-limits.js';
import { DEFAULT_WIRE_LOG_LIMITS, type WireLogLimits } from './wire-recorder.js';

/** What to connect to: protocol's one server-target shape (`transport: 'stdio' | 'http'`). */
export type Target = ServerTarget;
export type { HttpTarget, StdioTarget };

export interface ConnectorOptions extends Partial<FloodLimits>, Partial<WireLogLimits> {
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
  ...DEFAULT_WIRE_LOG_LIMITS,
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
    maxWireFrames: options.maxWireFrames ?? DEFAULT_OPTIONS.maxWireFrames,
    maxWireBytes: options.maxWireBytes ?? DEFAULT_OPTIONS.maxWireBytes,
    clientInfo: { ...(options.clientInfo ?? DEFAULT_OPTIONS.clientInfo) },
  };
}
