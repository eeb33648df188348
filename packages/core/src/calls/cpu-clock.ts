/**
 * The evaluator's own CPU time (user + system, all threads of this process), in milliseconds, so
 * a load figure can show the client side was not the bottleneck. A server over stdio or HTTP runs
 * in another process and is not counted; an in-memory server is.
 */
export function cpuTimeMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}
