import { stdioFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';

import { recordingConnector } from './recording-connector.js';

describe('recordingConnector', () => {
  it('reads the wire log through to the connection it recorded', async () => {
    const { connector, attempts } = recordingConnector(createConnector(stdioFixture('garbage-lines')));
    const connection = await connector.connect();
    try {
      await connection.request('tools/list');
      const [attempt] = attempts;
      if (attempt?.outcome !== 'connected') throw new Error('expected a connected attempt');
      const frames = attempt.wireLog().frames;
      expect(frames.filter((frame) => frame.direction === 'sent')).toHaveLength(2);
      expect(connection.wireLog().frames).toHaveLength(frames.length);
    } finally {
      await connection.close();
    }
  });
});
