import type { LintRule } from '../lint-rule.js';
import { protocolAdditionalPropertiesValid } from './protocol-additional-properties-valid.js';
import { protocolAnnotationHintTypes } from './protocol-annotation-hint-types.js';
import { protocolAnnotationsObject } from './protocol-annotations-object.js';
import { protocolCatalogListing } from './protocol-catalog-listing.js';
import { protocolDescriptionPresent } from './protocol-description-present.js';
import { protocolInputSchemaPresent } from './protocol-input-schema-present.js';
import { protocolInputSchemaTypeObject } from './protocol-input-schema-type-object.js';
import { protocolNamePresent } from './protocol-name-present.js';
import { protocolNameUnique } from './protocol-name-unique.js';
import { protocolNameValid } from './protocol-name-valid.js';
import { protocolOutputSchemaObject } from './protocol-output-schema-object.js';
import { protocolPropertiesObject } from './protocol-properties-object.js';
import { protocolPropertySchemaObject } from './protocol-property-schema-object.js';
import { protocolPropertyTypeValid } from './protocol-property-type-valid.js';
import { protocolRequiredArray } from './protocol-required-array.js';
import { protocolRequiredExist } from './protocol-required-exist.js';
import { protocolSchemaDepth } from './protocol-schema-depth.js';
import { protocolTextFieldsString } from './protocol-text-fields-string.js';
import { protocolToolObject } from './protocol-tool-object.js';
import { qualityAnnotationsPresent } from './quality-annotations-present.js';
import { qualityDeprecated } from './quality-deprecated.js';
import { qualityDescriptionActionable } from './quality-description-actionable.js';
import { qualityDescriptionExplainsUsage } from './quality-description-explains-usage.js';
import { qualityDescriptionLength } from './quality-description-length.js';
import { qualityDescriptionNoFiller } from './quality-description-no-filler.js';
import { qualityNamingConsistent } from './quality-naming-consistent.js';
import { qualityNamingVerbPrefix } from './quality-naming-verb-prefix.js';
import { qualityNearDuplicate } from './quality-near-duplicate.js';
import { qualityParamDescribed } from './quality-param-described.js';
import { qualityParamTyped } from './quality-param-typed.js';
import { qualityRequiredDefault } from './quality-required-default.js';
import { qualityToolPreference } from './quality-tool-preference.js';
import { securityAnnotationConsistency } from './security-annotation-consistency.js';
import { securityBroadPermissions } from './security-broad-permissions.js';
import { securityDestructiveGuard } from './security-destructive-guard.js';
import { securityExfiltration } from './security-exfiltration.js';
import { securityHiddenUnicode } from './security-hidden-unicode.js';
import { securityPromptInjection } from './security-prompt-injection.js';
import { securitySecretInDefinition } from './security-secret-in-definition.js';
import { securityUnconstrainedCommand } from './security-unconstrained-command.js';
import { securityUnconstrainedLocator } from './security-unconstrained-locator.js';
import { securityUnconstrainedQuery } from './security-unconstrained-query.js';

/**
 * Every lint rule, protocol first, then quality, then security (alphabetical within a layer). The
 * id of each is its file name and its docs page (`docs/lint/<id>.md`).
 */
export const LINT_RULES = [
  protocolAdditionalPropertiesValid,
  protocolAnnotationHintTypes,
  protocolAnnotationsObject,
  protocolCatalogListing,
  protocolDescriptionPresent,
  protocolInputSchemaPresent,
  protocolInputSchemaTypeObject,
  protocolNamePresent,
  protocolNameUnique,
  protocolNameValid,
  protocolOutputSchemaObject,
  protocolPropertiesObject,
  protocolPropertySchemaObject,
  protocolPropertyTypeValid,
  protocolRequiredArray,
  protocolRequiredExist,
  protocolSchemaDepth,
  protocolTextFieldsString,
  protocolToolObject,
  qualityAnnotationsPresent,
  qualityDeprecated,
  qualityDescriptionActionable,
  qualityDescriptionExplainsUsage,
  qualityDescriptionLength,
  qualityDescriptionNoFiller,
  qualityNamingConsistent,
  qualityNamingVerbPrefix,
  qualityNearDuplicate,
  qualityParamDescribed,
  qualityParamTyped,
  qualityRequiredDefault,
  qualityToolPreference,
  securityAnnotationConsistency,
  securityBroadPermissions,
  securityDestructiveGuard,
  securityExfiltration,
  securityHiddenUnicode,
  securityPromptInjection,
  securitySecretInDefinition,
  securityUnconstrainedCommand,
  securityUnconstrainedLocator,
  securityUnconstrainedQuery,
] as const satisfies readonly LintRule<string>[];

export function findLintRule(id: string): LintRule | undefined {
  return (LINT_RULES as readonly LintRule[]).find((rule) => rule.id === id);
}
