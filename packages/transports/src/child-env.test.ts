import { describe, expect, it } from 'vitest';

import { childEnv, INHERITED_ENV_NAMES } from './child-env.js';

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

  it('is exactly the documented allowlist', () => {
    expect(INHERITED_ENV_NAMES).toEqual(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR', 'SystemRoot']);
  });

  it('passes proxy and npm variables only when named, unchanged', () => {
    const parent = {
      PATH: '/bin',
      HTTPS_PROXY: 'http://proxy.test:3128',
      https_proxy: 'http://p:1',
      NO_PROXY: 'localhost',
      npm_config_registry: 'https://r.test/',
    };
    expect(childEnv(parent)).toEqual({ PATH: '/bin' });
    expect(childEnv(parent, {}, ['HTTPS_PROXY', 'npm_config_registry'])).toEqual({
      PATH: '/bin',
      HTTPS_PROXY: 'http://proxy.test:3128',
      npm_config_registry: 'https://r.test/',
    });
  });

  it('leaves out a named variable the parent does not set, and the target env still wins', () => {
    expect(childEnv({ PATH: '/bin', TOKEN: 'parent' }, { TOKEN: 'target' }, ['TOKEN', 'UNSET'])).toEqual({ PATH: '/bin', TOKEN: 'target' });
  });
});
