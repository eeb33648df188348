/**
 * Verbs that class what a tool does from its name. Classing by the first verb in the name (not any
 * word) keeps `list_drop_zones` a read and `github_delete_repo` destructive.
 */
export const DESTRUCTIVE_VERBS: ReadonlySet<string> = new Set([
  'delete', 'del', 'remove', 'rm', 'rmdir', 'unlink', 'drop', 'destroy', 'purge', 'erase', 'wipe',
  'truncate', 'overwrite', 'kill', 'terminate', 'revoke', 'uninstall', 'shred', 'nuke', 'expunge',
  'evict', 'ban', 'obliterate', 'discard', 'trash', 'flush',
]);

// Words that are as often nouns (`order`, `message`, `log`, `tag`) are left out: `order_history`
// must not read as a write.
export const WRITE_VERBS: ReadonlySet<string> = new Set([
  'create', 'insert', 'update', 'set', 'put', 'post', 'write', 'edit', 'modify', 'patch',
  'upload', 'send', 'move', 'rename', 'copy', 'merge', 'push', 'publish', 'deploy', 'install',
  'commit', 'save', 'submit', 'assign', 'archive', 'close', 'approve', 'reject', 'reset', 'clear',
  'enable', 'disable', 'start', 'stop', 'restart', 'apply', 'replace', 'append', 'import',
  'transfer', 'pay', 'invite', 'schedule', 'cancel', 'unlock', 'grant', 'register', 'unregister',
  'subscribe', 'unsubscribe', 'mark', 'reply', 'share', 'fork', 'clone', 'checkout', 'rebase',
  'revert', 'restore', 'click', 'fill', 'press', 'drag', 'upsert', 'mutate', 'configure',
  'provision', 'rotate', 'sync', 'buy', 'sell', 'notify', 'rollback', 'migrate', 'upgrade',
  'downgrade', 'resolve', 'toggle',
]);

export const READ_VERBS: ReadonlySet<string> = new Set([
  'get', 'list', 'read', 'fetch', 'search', 'find', 'query', 'describe', 'show', 'view', 'lookup',
  'look', 'check', 'count', 'inspect', 'browse', 'retrieve', 'download', 'export', 'analyze',
  'analyse', 'validate', 'verify', 'preview', 'explain', 'summarize', 'summarise', 'compare', 'diff',
  'estimate', 'calculate', 'compute', 'convert', 'translate', 'parse', 'render', 'watch', 'poll',
  'ping', 'whoami', 'help', 'load', 'scan', 'test', 'lint', 'evaluate', 'measure',
  'detect', 'identify', 'extract', 'match', 'filter', 'sort', 'screenshot', 'capture',
  'snapshot', 'wait', 'echo', 'info', 'status', 'stat', 'see', 'locate', 'discover', 'explore',
  'plan', 'suggest', 'recommend', 'predict', 'classify', 'index', 'map', 'trace', 'debug', 'audit',
  'monitor', 'track', 'tail', 'grep', 'head', 'cat', 'ls', 'recall', 'think', 'reason', 'ask',
  'answer', 'encode', 'decode', 'hash', 'sign', 'embed', 'transcribe', 'scrape', 'crawl', 'visit',
  'take', 'print', 'display', 'report', 'review', 'research', 'solve', 'plot', 'draw', 'chart',
]);

/**
 * Actions that say nothing about side effects: `run_query` may well be read-only, and `add` is as
 * often arithmetic as an insert.
 */
export const NEUTRAL_VERBS: ReadonlySet<string> = new Set([
  'run', 'execute', 'exec', 'call', 'invoke', 'trigger', 'perform', 'process', 'handle', 'use', 'do',
  'open', 'navigate', 'go', 'generate', 'make', 'build', 'compile', 'format', 'transform',
  'request', 'connect', 'login', 'logout', 'authenticate', 'authorize', 'refresh', 'add', 'compress',
  'decompress', 'zip', 'unzip', 'gzip', 'gunzip', 'simulate',
]);

/** Every verb the lint rules recognise as an action. */
export const ACTION_VERBS: ReadonlySet<string> = new Set([
  ...DESTRUCTIVE_VERBS,
  ...WRITE_VERBS,
  ...READ_VERBS,
  ...NEUTRAL_VERBS,
]);

export type ToolAction = 'destructive' | 'write' | 'read' | 'neutral';

/** What the first verb among the name's words says the tool does; `undefined` with no verb. */
export function toolAction(words: readonly string[]): ToolAction | undefined {
  for (const word of words) {
    if (DESTRUCTIVE_VERBS.has(word)) return 'destructive';
    if (NEUTRAL_VERBS.has(word)) return 'neutral';
    if (WRITE_VERBS.has(word)) return 'write';
    if (READ_VERBS.has(word)) return 'read';
  }
  return undefined;
}
