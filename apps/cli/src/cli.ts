#!/usr/bin/env node
import { cliVersion } from './version.js';

// `mcp-eval --version` is what scripts and CI run to see which evaluator they have: it answers from
// package.json before the command table, the transports and the commands load (cac's own format,
// so it reads the same as `main`'s). Everything else goes through `main`.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`mcp-eval/${cliVersion()} ${process.platform}-${process.arch} node-${process.version}\n`);
} else {
  void start();
}

// No top-level await: a chunk the commands import may then come from this module without waiting on it.
async function start(): Promise<void> {
  const [{ exitOnSignals }, { main }] = await Promise.all([import('./exit-on-signals.js'), import('./main.js')]);
  exitOnSignals();
  const code = await main(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
  process.exitCode = code;
  // Servers are closed by then; a straggling handle must not keep CI waiting.
  setTimeout(() => process.exit(code), 2_000).unref();
}
