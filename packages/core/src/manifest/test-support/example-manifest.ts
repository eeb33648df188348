/** A manifest with a case of six checks and every top-level key of the first version (the `http` alternative stays a comment). */
export const EXAMPLE_MANIFEST = `version: 1
server:
  stdio: { command: node, args: [server.js], env: { LOG_LEVEL: warn }, cwd: . }
  # or: http: { url: http://127.0.0.1:3000/mcp, headers: { Authorization: "Bearer \${env:TOKEN}" } }
  protocol: auto            # auto | 2026-07-28 | 2025-11-25
  timeout_ms: 10000         # per request
sandbox: { name: scratch-copy }   # declare only for a server that is safe to mutate
repeat: 1                   # run every case N times; see gating
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: hello }          # the naive arguments
  - id: missing-item-is-honest
    dimension: error-honesty
    tool: get_item
    arguments: { id: does-not-exist }
    expect_retryable: false
    max_attempts: 3
  - id: restore-after-delete
    dimension: state-recovery
    failure:    { tool: get_item,   arguments: { id: a } }
    recovery:   { tool: create_item, arguments: { id: a }, mutating: true }
    validation: { tool: get_item,   arguments: { id: a } }
  - id: concurrent-sum
    dimension: contention
    tool: get-sum
    arguments: { a: 1, b: 2 }
  - id: token-budget
    probe: token-cost
    max_total_tokens: 4000
    max_tool_tokens: 600
`;
