import { HTTP_URL_EXPECTED, isHttpUrl, isRecord } from '@mcp-eval/protocol';

import { scanEnvTemplate } from './env-template.js';
import { expandColumnValue } from './expand-env-string.js';
import type { ManifestError } from './manifest-error.js';
import type { ModelColumnSpec } from './manifest-types.js';
import { serverValueProblem } from './server-values.js';
import type { YamlLocator } from './yaml-locator.js';

/** The text of a value with its `${env:…}` references left out: what is known before expansion. */
function literal(value: string): string {
  return scanEnvTemplate(value)
    .parts.map((p) => (p.kind === 'text' ? p.text : ''))
    .join('');
}

/**
 * A column's `base_url` and `api_key` as the outbound client will use them, checked when the
 * manifest is read: a URL must be http(s) with no `user:password@` and no control character; a
 * key, sent as a header value, must pass the MCP header check. Messages name the place, never
 * the value (either may be a secret). A value with a reference is held to what its literal text
 * shows (a control character); `checkExpandedModelEndpoints` checks the expanded value.
 */
export function validateModelEndpoints(data: unknown, file: string, locator: YamlLocator): ManifestError[] {
  const columns = isRecord(data) && Array.isArray(data.models) ? data.models : [];
  const errors: ManifestError[] = [];
  columns.forEach((column: unknown, index) => {
    if (!isRecord(column)) return;
    const where = (key: string) => ({ file, ...locator.value(['models', index, key]) });
    if (typeof column.base_url === 'string') {
      const text = column.base_url;
      const referenced = scanEnvTemplate(text).active;
      const problem = serverValueProblem('url', literal(text));
      if (problem !== undefined) errors.push({ ...where('base_url'), message: `\`models[${index}].base_url\` ${problem}` });
      else if (!referenced && !isHttpUrl(text))
        errors.push({ ...where('base_url'), message: `\`models[${index}].base_url\` ${HTTP_URL_EXPECTED}` });
    }
    if (typeof column.api_key === 'string') {
      const problem = serverValueProblem('header-value', literal(column.api_key));
      if (problem !== undefined) errors.push({ ...where('api_key'), message: `\`models[${index}].api_key\` ${problem}` });
    }
  });
  return errors;
}

/**
 * The same checks on a column's `base_url` and `api_key` once `${env:…}` is expanded (by
 * `expandEnv`, before anything connects). A value with an unset variable is not checked: it means
 * "no key" or an unavailable column, and nothing is sent for it.
 */
export function checkExpandedModelEndpoints(
  models: readonly ModelColumnSpec[],
  env: Readonly<Record<string, string | undefined>>,
): ManifestError[] {
  const expanded = (value: string): string | undefined => (scanEnvTemplate(value).active ? expandColumnValue(value, env) : undefined);
  const errors: ManifestError[] = [];
  models.forEach((column, index) => {
    const once = 'once `${env:…}` is expanded';
    const url = column.baseUrl === undefined ? undefined : expanded(column.baseUrl);
    if (url !== undefined) {
      const problem = serverValueProblem('url', url) ?? (isHttpUrl(url) ? undefined : HTTP_URL_EXPECTED);
      if (problem !== undefined) errors.push({ ...column.location, message: `\`models[${index}].base_url\` ${problem} ${once}` });
    }
    const key = column.apiKey === undefined ? undefined : expanded(column.apiKey);
    const problem = key === undefined ? undefined : serverValueProblem('header-value', key);
    if (problem !== undefined) errors.push({ ...column.location, message: `\`models[${index}].api_key\` ${problem} ${once}` });
  });
  return errors;
}
