/**
 * A schema-shaped report whose every case is invalid (a status outside the closed set and an
 * unknown key), padded to about `bytes`: what a hostile `report` or `--baseline` file looks like
 * when it aims at the validator's time rather than its rules.
 */
export function hostileReportText(valid: object, bytes: number): string {
  const bad = {
    id: 'c',
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'flaky',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 0,
    extra: 1,
  };
  const one = JSON.stringify(bad).length + 1;
  const cases = Array.from({ length: Math.max(1, Math.floor(bytes / one)) }, () => bad);
  return JSON.stringify({ ...valid, cases });
}
