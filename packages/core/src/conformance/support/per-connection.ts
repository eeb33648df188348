import type { Connection } from '@mcp-eval/protocol';

/**
 * A memo of one piece of work per run's connection (the same object for every case of a run) and
 * key: the first asker starts it, everyone after shares its promise, and it goes with the
 * connection. `keep` decides, once the work is done, whether later askers may reuse it (a walk
 * that stopped early is not kept, so the next asker tries again).
 */
export function perConnection<K, V>(keep: (value: V) => boolean = () => true) {
  const memos = new WeakMap<Connection, Map<K, Promise<V>>>();
  return (connection: Connection, key: K, make: () => Promise<V>): Promise<V> => {
    let byKey = memos.get(connection);
    if (!byKey) {
      byKey = new Map();
      memos.set(connection, byKey);
    }
    const held = byKey.get(key);
    if (held) return held;
    const made = make();
    byKey.set(key, made);
    const memo = byKey;
    void made.then(
      (value) => {
        if (!keep(value) && memo.get(key) === made) memo.delete(key);
      },
      () => undefined,
    );
    return made;
  };
}
