#!/usr/bin/env node
import { main } from './main.js';

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
process.exitCode = code;
// Servers are closed by then; a straggling handle must not keep CI waiting.
setTimeout(() => process.exit(code), 2_000).unref();
