// Preloaded with `node --require` by catalog-cost.mjs: appends this process's peak RSS (KiB, the
// kernel's high-water mark) to the file BENCH_PEAK_RSS_FILE names when it exits, so a bench can
// read any child's peak, whatever the child is (the CLI bundle, an SDK script, `node -e`).
const file = process.env.BENCH_PEAK_RSS_FILE;
if (file) {
  const { appendFileSync } = require('node:fs');
  process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
