/**
 * Why a request got no JSON-RPC answer. Closed set: records and reports print these verbatim.
 * - `timeout`: no answer within the request's time limit.
 * - `cancelled`: the caller aborted the request.
 * - `closed`: the connection ended (stdout closed, stream ended) without a crash.
 * - `crashed`: the server process exited abnormally, or the HTTP connection was reset.
 * - `malformed`: the answer was not a JSON-RPC response to this request (bad JSON, wrong id).
 * - `oversized`: the answer exceeded the response-size cap.
 * - `http-status`: an HTTP status without a JSON-RPC body (e.g. 500 with HTML), or any redirect (never followed).
 * - `flooded`: the server sent more requests than the client will answer, or stopped reading its
 *   stdin while replies piled up; the connection was ended.
 */
export type FailureKind = 'timeout' | 'cancelled' | 'closed' | 'crashed' | 'malformed' | 'oversized' | 'http-status' | 'flooded';

export const FAILURE_KINDS: readonly FailureKind[] = [
  'timeout',
  'cancelled',
  'closed',
  'crashed',
  'malformed',
  'oversized',
  'http-status',
  'flooded',
];
