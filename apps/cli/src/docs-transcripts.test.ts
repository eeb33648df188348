import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { recordTranscripts, transcriptBlocks, withoutTimings, withTranscripts } from './test-support/docs-transcripts.js';

// The getting-started page's transcripts are recorded, not written: this test records them again
// and compares, times masked (they follow the machine's load; nothing else may differ).
// `pnpm --filter mcp-eval docs:transcripts` writes the fresh recording into the page instead.
const page = fileURLToPath(new URL('../../../docs/getting-started.md', import.meta.url));
const write = process.env['MCP_EVAL_WRITE_TRANSCRIPTS'] === '1';

describe('docs/getting-started.md', () => {
  it(
    'shows the transcripts a walk through server-filesystem records today',
    async () => {
      const text = await readFile(page, 'utf8');
      const recorded = await recordTranscripts();
      if (write) await writeFile(page, withTranscripts(text, recorded));
      const shown = transcriptBlocks(write ? await readFile(page, 'utf8') : text);
      expect(Object.keys(shown).sort()).toEqual(Object.keys(recorded).sort());
      for (const [name, transcript] of Object.entries(recorded)) {
        // Line by line, so a failure shows the lines that differ.
        expect(
          withoutTimings(shown[name] ?? '').split('\n'),
          `transcript ${name} (regenerate: pnpm --filter mcp-eval docs:transcripts)`,
        ).toEqual(withoutTimings(transcript).split('\n'));
      }
    },
    // A scan, an init and four runs of a published server, one after another, on a loaded machine.
    300_000,
  );
});
