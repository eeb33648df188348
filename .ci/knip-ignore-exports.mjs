// knip preprocessor: drops the unused-export findings the config lists by name, each list with its
// reason, because knip itself can ignore exports only per file (ignoreIssues) or by a JSDoc tag in
// the source. Listed names knip no longer reports are printed, so the lists shrink as consumers land.
const TYPES = ['exports', 'types'];

export default function ignoreListedExports(data) {
  const options = data.preprocessorOptions ? JSON.parse(data.preprocessorOptions) : {};
  const listed = options.ignoreExports ?? {};
  const stale = [];
  for (const [file, names] of Object.entries(listed)) {
    for (const name of names) {
      let found = false;
      for (const type of TYPES) {
        const issues = data.issues[type]?.[file];
        if (issues?.[name]) {
          delete issues[name];
          data.counters[type] -= 1;
          found = true;
        }
        if (issues && Object.keys(issues).length === 0) delete data.issues[type][file];
      }
      if (!found) stale.push(`${file}: ${name}`);
    }
  }
  if (stale.length > 0) {
    process.stderr.write(
      `knip: listed in preprocessorOptions.ignoreExports but no longer unused (remove them):\n  ${stale.join('\n  ')}\n`,
    );
  }
  return data;
}
