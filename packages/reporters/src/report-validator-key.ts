/** The key of the saved report's validator in the build-time table. */
export const REPORT_VALIDATOR_KEY = 'report';
