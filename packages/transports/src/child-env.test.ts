import { describe, expect, it } from 'vitest';

import { childEnv } from './child-env.js';

describe('childEnv', () => {
  it('keeps only allowlisted parent variables, then adds the target env', () => {
    const env = childEnv(
      { PATH: '/bin', HOME: '/home/u', OP_SERVICE_ACCOUNT_TOKEN: 'secret', GITHUB_TOKEN: 'x', LANG: undefined },
      { LOG_LEVEL: 'warn' },
    );
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', LOG_LEVEL: 'warn' });
  });

  it('lets the target override an inherited variable', () => {
    expect(childEnv({ PATH: '/bin' }, { PATH: '/opt/bin' })).toEqual({ PATH: '/opt/bin' });
  });
});
