// Test helpers shared across the workspace (a private package: never published).
export type { InstallPackedOptions, PackedProject } from './pack-install.js';
export { installPacked } from './pack-install.js';
export { installedPackages, MAX_NODE_MODULES_NESTING } from './installed-packages.js';
export { GITHUB_LIMITS, githubProfileErrors, sarifSchemaErrors } from './sarif-validators.js';
export { ORPHAN_SETTLE_MS, orphanedChildren, runningChildren } from './running-children.js';
export { hostileReportText } from './hostile-report.js';
export type { OracleFacts, OracleTarget, ToolFacts } from './oracle/index.js';
export { collectFacts, LEGACY, MODERN, openSession } from './oracle/index.js';
