/**
 * The import walls of the repository, checked by `pnpm deps` (the first step of `pnpm test`).
 *
 * 1. No import cycle anywhere in `packages/` or `apps/`, tests included.
 * 2. The layers of `@mcp-eval/core`, bottom to top (docs/architecture.md, "Inside core", names
 *    every folder and what it may import; `packages/core/src/core-folders.test.ts` fails when a
 *    folder is missing there):
 *      record          record.ts, record-*.ts, copy-record.ts, report-schema.ts, terminal-text.ts
 *      utilities       tool-name.ts, json-pointer.ts, parse-json-unique.ts, canonical-json.ts, models/, validators/
 *      catalog         catalog/
 *      check contract  check.ts, evaluated-nothing.ts, starter/
 *      calls           calls/
 *      families        checks/, conformance/, lint/, behavior/, drift/, baseline/, reviewed/, manifest/
 *      engine          engine/, trace/
 *      entries         scan/, plan/, conformance/run-conformance.ts, testing/, index.ts, record-exports.ts
 *    Each rule below is one direct-import wall; a module's tests may reach higher (a family's test
 *    runs its check through the engine), so the layer rules read source files only.
 *
 * `KNOWN` lists the imports that break a wall today, each with why it is left: the rules hold for
 * every other file, so a new violation fails. Remove an entry when its import is gone.
 */
const CORE = '^packages/core/src/';
const TEST = '(\\.test\\.ts$|/test-support/)';

// record-exports.ts (the `/record` subpath's index) matches too; it is an entry, excluded where it is a source.
const RECORD = `${CORE}(record[a-z-]*|copy-record|report-schema|terminal-text)\\.ts$`;
const UTILITIES = `${CORE}((tool-name|json-pointer|parse-json-unique|canonical-json)\\.ts$|models/|validators/)`;
const CHECK_CONTRACT = `${CORE}((check|evaluated-nothing)\\.ts$|starter/)`;
const FAMILIES = `${CORE}(checks|conformance|lint|behavior|drift|baseline|reviewed|manifest)/`;
const ENGINE = `${CORE}(engine|trace)/`;
/** The entries: commands' runners and the public indexes, above the engine. */
const ENTRIES = `${CORE}((scan|plan|testing)/|conformance/run-conformance\\.ts$|(index|record-exports)\\.ts$)`;

/** Imports that break a wall today, by rule: `[from, to, why]`. Each is outside this change's files. */
const KNOWN = {};

/** A rule's `from.pathNot`: tests, and the known violations' sources (matched with their targets below). */
function known(rule) {
  return (KNOWN[rule] ?? []).map(([from]) => `${CORE}${from}`);
}

/**
 * One wall: `from` may not import `to`. A known violation is exempt only for its own target, so the
 * same file importing anything else behind the wall still fails.
 */
function wall(name, comment, from, to, extra = {}) {
  const allowed = extra.allowed ?? [];
  const fromNot = extra.fromNot ?? [];
  const rule = (fromRule, toNot) => ({
    name,
    comment,
    severity: 'error',
    from: fromRule,
    to: toNot.length === 0 ? { path: to } : { path: to, pathNot: toNot },
  });
  return [
    rule({ path: from, pathNot: [TEST, ...fromNot, ...known(name)] }, allowed),
    ...(KNOWN[name] ?? []).map(([source, target]) => rule({ path: `${CORE}${source}` }, [...allowed, `${CORE}${target}`])),
  ];
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle in packages/ or apps/, tests included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...wall(
      'record-imports-nothing',
      'The record (record.ts, record-*.ts, copy-record.ts, report-schema.ts, terminal-text.ts) imports nothing else of core.',
      RECORD,
      CORE,
      { allowed: [RECORD], fromNot: [`${CORE}record-exports\\.ts$`] },
    ),
    ...wall('utilities-below-catalog', 'The utilities import the record and each other only.', UTILITIES, CORE, {
      allowed: [RECORD, UTILITIES, `${CORE}check\\.ts$`],
    }),
    ...wall('catalog-below-checks', 'catalog/ imports only the record, the utilities and itself.', `${CORE}catalog/`, CORE, {
      allowed: [RECORD, UTILITIES, `${CORE}catalog/`],
    }),
    ...wall(
      'check-contract-below-calls',
      'check.ts, evaluated-nothing.ts and starter/ import only the record, the utilities and catalog/.',
      CHECK_CONTRACT,
      CORE,
      { allowed: [RECORD, UTILITIES, `${CORE}catalog/`, CHECK_CONTRACT] },
    ),
    ...wall(
      'calls-below-families',
      'calls/ imports only the record, the utilities, catalog/, the check contract and itself: no family, no engine.',
      `${CORE}calls/`,
      CORE,
      { allowed: [RECORD, UTILITIES, `${CORE}catalog/`, CHECK_CONTRACT, `${CORE}calls/`] },
    ),
    ...wall(
      'families-not-engine',
      'No family (checks/, conformance/, lint/, behavior/, drift/, baseline/, reviewed/, manifest/) imports the engine or an entry.',
      FAMILIES,
      `(${ENGINE}|${ENTRIES})`,
      { fromNot: [ENTRIES] },
    ),
    ...wall(
      'manifest-not-behavior',
      'manifest/ never imports behavior/ (the model layer reads the manifest, not the other way).',
      `${CORE}manifest/`,
      `${CORE}behavior/`,
    ),
    ...wall(
      'lint-not-manifest',
      'lint/ never imports manifest/: lint runs on a catalog without a manifest.',
      `${CORE}lint/`,
      `${CORE}manifest/`,
    ),
    ...wall('engine-not-entries', 'The engine never imports a command runner or a public index.', ENGINE, ENTRIES),
    {
      name: 'core-not-apps-or-transports',
      comment: "Core never imports the CLI or transports (core's tests may import transports, as a dev dependency).",
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: { path: '(^|/)(apps/|packages/transports/|@mcp-eval/transports$|mcp-eval$)' },
    },
    {
      name: 'core-tests-not-apps',
      comment: "Core's tests never import the CLI.",
      severity: 'error',
      from: { path: CORE },
      to: { path: '(^|/)(apps/|mcp-eval$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
