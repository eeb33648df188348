/**
 * What a transport can do, as flags code tests instead of asking which transport it is. A new
 * transport declares its traits once (on its channel); the era layer, the probe classifier and
 * the conformance assertions read them.
 */
export interface TransportTraits {
  /**
   * Messages travel as HTTP requests: the era's headers are derived from each body
   * (`MCP-Protocol-Version`, `Mcp-Method`, …), a raw message's header overrides apply, and the
   * assertions about Streamable HTTP's headers and status codes apply.
   */
  readonly httpHeaders: boolean;
  /**
   * Each request owns its response stream and closing it gives the request up, which on the
   * 2026-07-28 revision is the cancellation (so no `notifications/cancelled` is sent).
   */
  readonly cancelByClosingStream: boolean;
  /**
   * A legacy session is named by a header on a shared endpoint, so a message sent without the
   * session id opens another session; without this, another session needs another connection.
   */
  readonly headerSessions: boolean;
  /**
   * The connection owns its server instance (a process, an in-process server): silence or an
   * ending on the `server/discover` probe is that server's answer (a legacy server), not an outage.
   */
  readonly ownsServer: boolean;
}
