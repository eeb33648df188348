import type { FixtureTransport } from './evaluate-check.js';

/** Both eras, pinned, so a check is proven on each wire and not only on what `auto` picks. */
export const ERAS = ['2026-07-28', '2025-11-25'] as const;

/** Every transport and pinned era, as `it.each` rows. */
export const TRANSPORT_ERAS: readonly { readonly transport: FixtureTransport; readonly protocol: (typeof ERAS)[number] }[] = (
  ['stdio', 'http'] as const
).flatMap((transport) => ERAS.map((protocol) => ({ transport, protocol })));

/**
 * The same rows with the stdio process replaced by the in-memory channel (the same stdio binding,
 * no process): for checks whose subject is not the process. HTTP stays a real loopback socket.
 */
export const CHANNEL_ERAS: readonly { readonly transport: FixtureTransport; readonly protocol: (typeof ERAS)[number] }[] = (
  ['memory', 'http'] as const
).flatMap((transport) => ERAS.map((protocol) => ({ transport, protocol })));
