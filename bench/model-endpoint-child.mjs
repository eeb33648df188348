#!/usr/bin/env node
// The scripted model endpoint in its own process for bench/model-overhead.mjs (a model endpoint
// is never in the evaluator's process, and sharing one event loop would charge the server's work
// to whichever client is measured). Prints its base URL; answers `count` over IPC with the
// requests received so far; closes when the parent disconnects.
import { startModelEndpoint } from '@mcp-eval/fixture-models';

const endpoint = await startModelEndpoint();
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count: endpoint.requests() });
});
process.on('disconnect', () => void endpoint.close().then(() => process.exit(0)));
process.send?.({ baseUrl: endpoint.baseUrl });
