import { isRecord } from '@mcp-eval/protocol';

import { resolveAddress } from '../json-pointer.js';
import type { CallKind } from './classify-call.js';

/** Where error-honesty reads an error's stable code and retryable flag; pointers override. */
export interface ErrorPointers {
  readonly errorCodePointer?: string;
  readonly retryablePointer?: string;
}

export interface ErrorMetadata {
  /** A stable error code (string or number), if the error carries one. */
  readonly code?: string | number;
  /** The retryable flag, if the error declares one. */
  readonly retryable?: boolean;
}

/**
 * Reads the stable code and retryable flag of a failed call (docs/checks/error-honesty.md). JSON-RPC error:
 * code `error.data.code`, else `error.code`; flag `error.data.retryable`. Tool error: code
 * `structuredContent.code` or `structuredContent.error.code`; flag likewise. Pointers given by the
 * manifest are resolved against the error object (JSON-RPC) or the result (tool error).
 */
export function readErrorMetadata(call: CallKind, pointers: ErrorPointers = {}): ErrorMetadata | undefined {
  if (call.kind === 'rpc-error') {
    const root: unknown = call.error;
    const data = isRecord(call.error.data) ? call.error.data : undefined;
    const code = pointers.errorCodePointer ? resolveAddress(root, pointers.errorCodePointer) : (data?.code ?? call.error.code);
    const retryable = pointers.retryablePointer ? resolveAddress(root, pointers.retryablePointer) : data?.retryable;
    return pick(code, retryable);
  }
  if (call.kind === 'tool-error') {
    const root: unknown = call.result;
    const structured = isRecord(call.result.structuredContent) ? call.result.structuredContent : undefined;
    const nested = isRecord(structured?.error) ? structured.error : undefined;
    const code = pointers.errorCodePointer ? resolveAddress(root, pointers.errorCodePointer) : (structured?.code ?? nested?.code);
    const retryable = pointers.retryablePointer
      ? resolveAddress(root, pointers.retryablePointer)
      : (structured?.retryable ?? nested?.retryable);
    return pick(code, retryable);
  }
  return undefined;
}

function pick(code: unknown, retryable: unknown): ErrorMetadata {
  return {
    ...(typeof code === 'string' || (typeof code === 'number' && Number.isFinite(code)) ? { code } : {}),
    ...(typeof retryable === 'boolean' ? { retryable } : {}),
  };
}
