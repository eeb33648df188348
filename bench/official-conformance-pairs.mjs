// Which official conformance check answers which MCP Eval assertion, and for which requirement row
// of docs/conformance/requirements.md (L… are 2025-11-25 rows, M… 2026-07-28 rows). Read from the
// official checks' code (@modelcontextprotocol/conformance 0.2.0-alpha.12) and the assertions'.
// official-conformance.mjs refuses to run when a row here is not among its assertion's
// `requirements`, so the table cannot drift from core's definitions unnoticed.

/** The official server scenarios that need no diagnostic tool, each with the revisions it runs at. */
export const SCENARIOS = {
  'server-initialize': ['2025-11-25'],
  'server-session-lifecycle': ['2025-11-25'],
  ping: ['2025-11-25'],
  'logging-set-level': ['2025-11-25'],
  'completion-complete': ['2025-11-25', '2026-07-28'],
  'resources-subscribe': ['2025-11-25'],
  'resources-unsubscribe': ['2025-11-25'],
  'tools-list': ['2025-11-25', '2026-07-28'],
  'resources-list': ['2025-11-25', '2026-07-28'],
  'prompts-list': ['2025-11-25', '2026-07-28'],
  'dns-rebinding-protection': ['2025-11-25', '2026-07-28'],
  'server-sse-multiple-streams': ['2025-11-25', '2026-07-28'],
  'server-stateless': ['2026-07-28'],
  caching: ['2026-07-28'],
  'http-header-validation': ['2026-07-28'],
  'sep-2164-resource-not-found': ['2026-07-28'],
};

const SCHEMA_NOTE =
  'official: every message of the scenario against the revision JSON Schema; MCP Eval: the JSON-RPC envelope of every frame of its own workload, no JSON Schema (docs/conformance/requirements.md)';
const CACHE = { assertion: 'cache-fields', rows: ['M78'] };
const ENVELOPE = { assertion: 'envelope-required', rows: ['M12'] };
const REMOVED = { assertion: 'removed-methods', rows: ['M41', 'M86'] };
const LISTEN = { assertion: 'subscriptions-listen', rows: ['M61'] };

/**
 * Official check id (or `id@revision` where the revisions differ) → the assertion and rows.
 * - `rows: []` with `role`: the check is a control or a precondition of another, no row of its own.
 * - `gated`: the suite sends the method whatever the server declares; 2025-11-25 makes it
 *   conditional on that capability and MCP Eval then does not send it, so with the capability
 *   undeclared the two are not comparable (the bench reads the server's declared capabilities).
 * - `fixtureName`: the official check names one of the suite's own fixtures; a server without it
 *   fails the check whatever it implements, so a failure there is not compared.
 * - `note`: where the two test the row differently.
 */
export const PAIRS = {
  'server-initialize': { assertion: 'legacy-initialize', rows: ['L11'] },
  'server-session-id-visible-ascii': { assertion: 'http-session-lifecycle', rows: ['L30'] },
  // The suite posts notifications/initialized on the issued session and wants 2xx: L24, which
  // http-post-answers checks (with a cancellation notification); http-session-lifecycle posts none.
  'server-session-initialized-accepted': {
    assertion: 'http-post-answers',
    rows: ['L24'],
    note: 'official: notifications/initialized gets 2xx; MCP Eval: a posted cancellation gets 202 and no body, or an HTTP error status',
  },
  'server-session-delete-accepted': {
    assertion: 'http-session-lifecycle',
    rows: [],
    role: 'precondition of server-session-terminated-returns-404 (the revision pins no status for DELETE; 405 is allowed)',
  },
  'server-session-terminated-returns-404': { assertion: 'http-session-lifecycle', rows: ['L33'] },
  ping: { assertion: 'legacy-utilities', rows: ['L36'] },
  'logging-set-level': { assertion: 'legacy-utilities', rows: ['L66'], gated: 'logging' },
  'completion-complete': {
    assertion: 'legacy-utilities',
    rows: ['L65'],
    gated: 'completions',
    fixtureName: 'prompt test_prompt_with_arguments',
    note: "official: completes the suite's prompt test_prompt_with_arguments; MCP Eval: the first argument of the server's own first prompt or template",
  },
  // 2026-07-28 has no legacy utilities: an undeclared completion/complete must be refused instead.
  'completion-complete@2026-07-28': {
    assertion: 'declared-capabilities',
    rows: ['M81'],
    gated: 'completions',
    fixtureName: 'prompt test_prompt_with_arguments',
  },
  'resources-subscribe': {
    assertion: 'legacy-utilities',
    rows: ['L53'],
    gated: 'resources.subscribe',
    fixtureName: 'resource test://watched-resource',
  },
  'resources-unsubscribe': {
    assertion: 'legacy-utilities',
    rows: ['L53'],
    gated: 'resources.subscribe',
    fixtureName: 'resource test://watched-resource',
  },
  'tools-list': {
    assertion: 'tool-schemas',
    rows: ['L7', 'M9'],
    note: 'official: each tool has a name, description and inputSchema; MCP Eval: each schema is valid under its dialect',
  },
  'tools-name-format': { assertion: 'tool-names', rows: ['L43', 'M65'] },
  'tools-list-deterministic-order': { assertion: 'stable-ordering', rows: ['M64'] },
  'resources-list': {
    assertion: 'listed-resources-readable',
    rows: ['L50', 'M71'],
    note: 'official: each listed resource has a uri and a name; MCP Eval: each listed URI is a URI (not a template) and can be read',
  },
  // One requirement (DNS rebinding), two probes: the suite rebinds Host and Origin and accepts any 4xx,
  // MCP Eval sends a foreign Origin and wants 403.
  'localhost-host-rebinding-rejected': {
    assertion: 'origin-validation',
    rows: ['L21', 'M30'],
    note: 'official: foreign Host and Origin, any 4xx passes; MCP Eval: foreign Origin only, 403 required',
  },
  'localhost-host-valid-accepted': {
    assertion: 'origin-validation',
    rows: [],
    role: 'control of localhost-host-rebinding-rejected (a valid localhost request is served)',
  },
  'sep-2549-tools-list-caching-hints': CACHE,
  'sep-2549-prompts-list-caching-hints': CACHE,
  'sep-2549-resources-list-caching-hints': CACHE,
  'sep-2549-resources-templates-list-caching-hints': CACHE,
  'sep-2549-resources-read-caching-hints': CACHE,
  'sep-2549-ttl-non-negative': CACHE,
  'sep-2549-cache-scope-valid': CACHE,
  'sep-2164-no-empty-contents': { assertion: 'missing-resource-error', rows: ['M74'] },
  'sep-2164-error-code': { assertion: 'missing-resource-error', rows: ['M72'] },
  'sep-2243-server-reject-invalid-headers': { assertion: 'http-standard-headers', rows: ['M42', 'M43'] },
  'sep-2243-server-reject-error-code': { assertion: 'http-standard-headers', rows: ['M43'] },
  'sep-2575-request-meta-invalid-missing-meta': ENVELOPE,
  'sep-2575-request-meta-invalid-missing-protocol-version': ENVELOPE,
  'sep-2575-request-meta-invalid-missing-client-capabilities': ENVELOPE,
  'sep-2575-http-server-meta-invalid-400': ENVELOPE,
  'sep-2575-server-implements-discover': { assertion: 'discover-versions', rows: ['M18'] },
  'sep-2575-server-identifies-in-result-meta': { assertion: 'server-info-meta', rows: ['M14'] },
  'sep-2575-discover-capabilities-match-handlers': { assertion: 'declared-capabilities', rows: ['M63', 'M70', 'M76', 'M81'] },
  'sep-2575-server-unsupported-version-error': { assertion: 'unsupported-version-error', rows: ['M17'] },
  'sep-2575-http-server-unsupported-version-400': { assertion: 'unsupported-version-error', rows: ['M40'] },
  'sep-2575-http-server-header-mismatch-400': { assertion: 'header-mismatch-error', rows: ['M39'] },
  'sep-2575-server-rejects-undeclared-capability': { assertion: 'missing-capability-error', rows: ['M13'] },
  'sep-2575-missing-capability-http-400': { assertion: 'missing-capability-error', rows: ['M13'] },
  'sep-2575-http-server-method-not-found-404-ping': REMOVED,
  'sep-2575-http-server-method-not-found-404-logging-setlevel': REMOVED,
  'sep-2575-http-server-method-not-found-404-resources-subscribe': REMOVED,
  'sep-2575-http-server-method-not-found-404-resources-unsubscribe': REMOVED,
  'sep-2575-http-server-method-not-found-404': { assertion: 'unknown-method-error', rows: ['M41'] },
  'wire-schema-valid': { assertion: 'message-shape', rows: ['L1', 'M1'], note: SCHEMA_NOTE },
  'sep-2575-http-server-error-jsonrpc-id': { assertion: 'message-shape', rows: ['M5'] },
  // The reference answers 2026-07-28 requests in JSON, so only the legacy SSE streams compare.
  'server-accepts-multiple-post-streams@2025-11-25': {
    assertion: 'sse-streams',
    rows: [],
    role: 'no row: the revision lets a client hold several POST streams; the suite checks three concurrent POSTs are answered, sse-streams checks L28/L29 over its own streams',
  },
  'server-sse-streams-functional@2025-11-25': {
    assertion: 'sse-streams',
    rows: [],
    role: 'no row: the suite reads one event from each concurrent SSE stream, sse-streams checks L28/L29 over its own streams',
  },
  'sep-2575-http-server-no-independent-requests-on-stream': { assertion: 'server-initiated', rows: ['M52'] },
  'sep-2575-server-no-log-without-loglevel': { assertion: 'server-initiated', rows: ['M82'] },
  'sep-2575-server-sends-subscription-ack': LISTEN,
  'sep-2575-server-tags-subscription-id': { assertion: 'subscriptions-listen', rows: ['M15'] },
  'sep-2575-server-honors-notification-filter': LISTEN,
  'sep-2575-server-declares-prompts-in-discover': { assertion: 'declared-capabilities', rows: ['M76'] },
};

/** Official checks left unpaired, and why (printed beside each scenario's count). */
export const UNPAIRED = {
  'prompts-list': 'no row: the prompt listing structure (names present) is not a requirement row',
  'server-accepts-multiple-post-streams': '2026-07-28: the reference answers in JSON, so there is no SSE stream to compare',
  'server-sse-streams-functional': '2026-07-28: the reference answers in JSON, so there is no SSE stream to compare',
  'sep-2575-request-meta-client-info-optional': 'no row: that clientInfo may be omitted is a SHOULD on clients',
  'sep-2575-http-server-method-not-found-404-initialize':
    'not probed: removed-methods sends no enveloped initialize (a dual-era server may route it to its legacy leg)',
  'sep-2575-server-sends-prompts-list-changed-on-subscription': 'not probed: a client cannot make the prompt list change',
  'sep-2575-server-sends-tools-list-changed-on-subscription': 'not probed: a client cannot make the tool list change',
  'sep-2243-server-accepts-whitespace-header-value': 'not covered: no assertion sends Mcp-Name with surrounding whitespace',
  'sep-2243-header-name-case-insensitive':
    'not paired: M48 is checked by param-headers on Mcp-Param-* names; the suite checks Mcp-Method name case',
  'sep-2243-server-standard-setup': 'the suite’s own setup step (it lists tools), not a check of the server',
  'sep-2164-data-uri': 'no row: the uri in the error data is not a requirement row',
};

/**
 * A failing record of an assertion that cites several rows of one revision: the row its failure
 * label breaks (read from the assertion's labels). A failure label not listed is not attributed,
 * and the bench says so rather than guess.
 */
export const FAILURE_ROWS = {
  'http-session-lifecycle': {
    'session-id-invalid': 'L30',
    'sessionless-request-served': 'L32',
    'terminated-session-not-404': 'L33',
  },
  'subscriptions-listen': {
    'acknowledgement-missing': 'M61',
    'acknowledgement-not-first': 'M61',
    'unrequested-notification': 'M61',
    'subscription-id-missing': 'M15',
  },
  'server-initiated': {
    'request-undeclared-capability': 'L16',
    'list-changed-undeclared': 'L16',
    'updated-unsubscribed': 'L16',
    'log-undeclared': 'L60',
    'server-request': 'M52',
    'cancelled-outside-listen': 'M53',
    'log-without-level': 'M82',
  },
  // Each probe's failing results (`<probe>-not-empty`, `-malformed`, `-error`, `-no-answer`).
  'legacy-utilities': Object.fromEntries(
    Object.entries({ ping: 'L36', 'set-level': 'L66', complete: 'L65', subscribe: 'L53', unsubscribe: 'L53' }).flatMap(([probe, row]) =>
      ['not-empty', 'malformed', 'error', 'no-answer'].map((result) => [`${probe}-${result}`, row]),
    ),
  ),
};
