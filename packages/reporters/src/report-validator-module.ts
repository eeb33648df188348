import { standaloneModule } from '@mcp-eval/core';
import { reportJsonSchema, schemaFingerprint } from '@mcp-eval/core/record';

import { createReportAjv } from './report-ajv.js';
import { REPORT_VALIDATOR_KEY } from './report-validator-key.js';

/**
 * The source of dist/precompiled-report-validator.js: the report schema's validator as ajv
 * standalone code with parseReport's options, and the table `precompiledReportValidators`.
 */
export function reportValidatorModule(): string {
  const ajv = createReportAjv({ source: true });
  const schema = reportJsonSchema();
  ajv.addSchema(schema, REPORT_VALIDATOR_KEY);
  const entry = `${JSON.stringify(REPORT_VALIDATOR_KEY)}: { fingerprint: ${JSON.stringify(schemaFingerprint(schema))}, validate: validator0 }`;
  return `${standaloneModule(ajv, { validator0: REPORT_VALIDATOR_KEY })}export const precompiledReportValidators = { ${entry} };\n`;
}
