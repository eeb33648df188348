#!/usr/bin/env node
'use strict';
// The published bin. CommonJS so `mcp-eval --version` skips Node's ES module loader, which costs
// more than the answer: it answers from package.json (the line cac prints, as dist/cli.js does).
// Everything else is the bundled CLI, loaded as the ES module it is.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  const { version } = require('../package.json');
  process.stdout.write(`mcp-eval/${version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else {
  import('../dist/cli.js');
}
