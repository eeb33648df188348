// The machine's load average, printed by every bench beside its figures: on a shared machine the
// ratio is the figure, and the load says how much the absolute times are inflated.
import { loadavg } from 'node:os';

/** "1.23 0.98 0.75" (1, 5 and 15 minutes). */
function loadAverage() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Takes the load now; `line()` later prints it with the load at that point: "load average before: … after: …". */
export function loadAverageSpan() {
  const before = loadAverage();
  return { line: () => `load average (1, 5, 15 min) before: ${before}   after: ${loadAverage()}` };
}
