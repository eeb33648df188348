import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import Ajv04Import from 'ajv-draft-04';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { Log } from 'sarif';

// Both packages are CJS with `module.exports = X; exports.default = X`; under NodeNext the default
// import is typed as the module object, so `.default` is right in types and at run time.
const Ajv04 = Ajv04Import.default;
const addFormats: FormatsPlugin = addFormatsImport.default;

const require = createRequire(import.meta.url);

/** The official OASIS SARIF 2.1.0 (rtm.5) schema, as shipped in `@microsoft/jest-sarif`. */
const schema: object = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as object;

// Draft-04 needs ajv-draft-04; two of the schema's patterns are invalid under the `u` flag.
const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile<Log>(schema);

/** Errors against the official SARIF 2.1.0 schema; empty when valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}

/** GitHub code scanning's limits (docs "SARIF support for code scanning"). */
export const GITHUB_LIMITS = {
  runs: 20,
  resultsPerRun: 25_000,
  rulesPerRun: 25_000,
  locationsPerResult: 1_000,
  tagsPerRule: 20,
  gzipBytes: 10 * 1024 * 1024,
};

/**
 * What the schema cannot catch but GitHub rejects or mishandles: a result without a physical
 * location (the whole upload fails), fingerprints, rule help, run and result counts, one run per
 * (tool, category), the compressed size, and security-severity as an in-range string.
 */
export function githubProfileErrors(text: string): string[] {
  const errors: string[] = [];
  const log = JSON.parse(text) as Log;
  // The parsed text is what is being checked: its declared type is the claim, not a guarantee.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (log.version !== '2.1.0') errors.push('version must be 2.1.0');
  if (typeof log.$schema !== 'string' || log.$schema === '') errors.push('$schema is required');
  if (!Array.isArray(log.runs) || log.runs.length === 0) errors.push('at least one run is required');
  if (log.runs.length > GITHUB_LIMITS.runs) errors.push(`more than ${GITHUB_LIMITS.runs} runs`);
  const gzipBytes = gzipSync(text).byteLength;
  if (gzipBytes >= GITHUB_LIMITS.gzipBytes) errors.push(`gzip size ${gzipBytes} is over 10 MB`);

  const categories = new Set<string>();
  log.runs.forEach((run, r) => {
    const where = `runs[${r}]`;
    const driver = run.tool.driver;
    if (driver.name === '') errors.push(`${where}: tool.driver.name is empty`);
    const id = run.automationDetails?.id ?? '';
    const category = `${driver.name}\u0000${id.slice(0, Math.max(0, id.lastIndexOf('/')))}`;
    if (categories.has(category)) errors.push(`${where}: tool and category repeat another run's`);
    categories.add(category);
    const rules = driver.rules ?? [];
    if (rules.length > GITHUB_LIMITS.rulesPerRun) errors.push(`${where}: too many rules`);
    const ruleIds = new Set<string>();
    rules.forEach((rule, i) => {
      const at = `${where}.rules[${i}] (${rule.id})`;
      ruleIds.add(rule.id);
      if (!nonEmpty(rule.shortDescription?.text, 1024)) errors.push(`${at}: shortDescription.text missing or over 1024`);
      if (!nonEmpty(rule.fullDescription?.text, 1024)) errors.push(`${at}: fullDescription.text missing or over 1024`);
      if (!nonEmpty(rule.help?.text)) errors.push(`${at}: help.text missing`);
      const tags: unknown = rule.properties?.tags;
      if (tags !== undefined && (!Array.isArray(tags) || tags.length > GITHUB_LIMITS.tagsPerRule)) errors.push(`${at}: tags`);
      const severity: unknown = rule.properties?.['security-severity'];
      if (severity !== undefined) {
        const score = typeof severity === 'string' ? Number(severity) : Number.NaN;
        if (!(score >= 0.1 && score <= 10)) errors.push(`${at}: security-severity must be a string in 0.1-10.0`);
      }
    });
    if (!Array.isArray(run.results)) {
      errors.push(`${where}: results is required`);
      return;
    }
    if (run.results.length > GITHUB_LIMITS.resultsPerRun) errors.push(`${where}: ${run.results.length} results is over the limit`);
    run.results.forEach((result, i) => {
      const at = `${where}.results[${i}]`;
      if (!nonEmpty(result.ruleId) || !ruleIds.has(result.ruleId ?? '')) errors.push(`${at}: ruleId missing or not a rule`);
      if (!nonEmpty(result.message.text)) errors.push(`${at}: message.text missing`);
      const locations = result.locations ?? [];
      if (locations.length === 0) errors.push(`${at}: no locations (GitHub rejects the whole file)`);
      if (locations.length > GITHUB_LIMITS.locationsPerResult) errors.push(`${at}: too many locations`);
      const physical = locations[0]?.physicalLocation;
      const uri = physical?.artifactLocation?.uri;
      if (!nonEmpty(uri)) errors.push(`${at}: no artifact uri`);
      else if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri ?? '') || (uri ?? '').startsWith('/'))
        errors.push(`${at}: uri is not repository-relative`);
      const line = physical?.region?.startLine;
      if (line === undefined || !Number.isInteger(line) || line < 1) errors.push(`${at}: region.startLine missing`);
      if (!nonEmpty(result.partialFingerprints?.['primaryLocationLineHash']))
        errors.push(`${at}: partialFingerprints.primaryLocationLineHash missing`);
    });
  });
  return errors;
}

function nonEmpty(text: string | undefined, max = Number.POSITIVE_INFINITY): boolean {
  return typeof text === 'string' && text.length > 0 && text.length <= max;
}
