import { stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';

/** The `server:` block of a manifest for a fixture over stdio, with extra env for the fixture. */
export function stdioServerYaml(fixture: FixtureName, protocol = 'auto', env: Readonly<Record<string, string>> = {}): string {
  const spec = stdioFixture(fixture, env);
  const envYaml = Object.keys(spec.env).length === 0 ? '' : `\n    env: ${JSON.stringify(spec.env)}`;
  return `server:
  stdio:
    command: ${JSON.stringify(spec.command)}
    args: ${JSON.stringify(spec.args)}${envYaml}
  protocol: ${JSON.stringify(protocol)}
  timeout_ms: 15000`;
}

/** The `server:` block for an HTTP endpoint. */
export function httpServerYaml(url: string, protocol = 'auto'): string {
  return `server:
  http: { url: ${JSON.stringify(url)} }
  protocol: ${JSON.stringify(protocol)}
  timeout_ms: 15000`;
}
