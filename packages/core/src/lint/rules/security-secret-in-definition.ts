import { isRecord } from '@mcp-eval/protocol';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import type { CatalogTool } from '../read-catalog.js';
import { shannonEntropy } from '../shannon-entropy.js';
import { walkJson } from '../walk-json.js';

type Label =
  | 'aws-access-key'
  | 'github-token'
  | 'private-key-block'
  | 'slack-token'
  | 'google-api-key'
  | 'stripe-key'
  | 'ai-provider-key'
  | 'jwt'
  | 'generic-credential';

// Shapes of well-known credentials, matched on the raw strings (case matters for these). A shape
// starts only where a token starts (the lookbehind), so text like `eyJ-eyJ-eyJ-…` costs one scan,
// not one per repetition.
const SHAPES: Readonly<Record<Exclude<Label, 'generic-credential'>, RegExp>> = {
  // AWS's documentation example keys end in EXAMPLE and are excluded.
  'aws-access-key': /(?<![A-Za-z0-9_-])(AKIA|ASIA|ABIA|ACCA)(?![0-9A-Z]{9}EXAMPLE)[0-9A-Z]{16}\b/,
  'github-token': /(?<![A-Za-z0-9_-])(gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/,
  'private-key-block': /-----BEGIN ((RSA|DSA|EC|OPENSSH|PGP|ENCRYPTED) )?PRIVATE KEY( BLOCK)?-----/,
  'slack-token': /(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,250}/,
  'google-api-key': /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}\b/,
  'stripe-key': /(?<![A-Za-z0-9_-])[sr]k_live_[0-9A-Za-z]{20,250}\b/,
  'ai-provider-key': /(?<![A-Za-z0-9_-])sk-(proj-|ant-(api\d\d-)?|or-v1-)?[A-Za-z0-9_-]{32,250}\b/,
  jwt: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,4096}/,
};

const CREDENTIAL_KEY =
  /(api[_-]?key|apikey|secret|token|passw(or)?d|passwd|pwd|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|bearer|credential)/i;
// `api_key=…` / `token: …` written into prose.
const ASSIGNMENT =
  /(api[_-]?key|apikey|secret|token|passw(or)?d|passwd|access[_-]?key|client[_-]?secret|auth[_-]?token|bearer)["']?\s{0,3}[:=]\s{0,3}["']?([A-Za-z0-9_\-+/=.]{16,256})/gi;
// Schema keywords whose string values a parameter named like a credential would leak.
const VALUE_KEYWORDS = ['default', 'const', 'example', 'examples', 'enum'];

/** Long, dense, and no spaces: what a random secret looks like and a placeholder does not. */
function looksSecret(value: string): boolean {
  return value.length >= 16 && value.length <= 512 && !/\s/.test(value) && shannonEntropy(value) >= 3.5;
}

function hasGenericCredential(tool: CatalogTool): boolean {
  let found = false;
  walkJson(tool.raw, (key, value) => {
    if (found) return;
    if (typeof value === 'string') {
      if (key !== undefined && CREDENTIAL_KEY.test(key) && looksSecret(value)) found = true;
      for (const match of value.matchAll(ASSIGNMENT)) if (looksSecret(match[3] ?? '')) found = true;
    }
  });
  // A parameter named like a credential, with a secret-looking default, example or enum value.
  for (const property of tool.properties) {
    if (found || !CREDENTIAL_KEY.test(property.name) || !isRecord(property.schema)) continue;
    for (const keyword of VALUE_KEYWORDS) {
      const value = Object.hasOwn(property.schema, keyword) ? property.schema[keyword] : undefined;
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && looksSecret(v))) found = true;
    }
  }
  return found;
}

export const securitySecretInDefinition = defineLintRule({
  id: 'security-secret-in-definition',
  layer: 'security',
  severity: 'critical',
  title: 'No secrets in the tool definition',
  summary:
    'No part of a tool definition holds a credential: cloud or API keys, tokens, private key blocks, or a high-entropy value given to a key-like name.',
  labels: {
    'aws-access-key': 'An AWS access key id (AKIA…, ASIA…).',
    'github-token': 'A GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_).',
    'private-key-block': 'A PEM private key block (-----BEGIN … PRIVATE KEY-----).',
    'slack-token': 'A Slack token (xoxb-, xoxp-, …).',
    'google-api-key': 'A Google API key (AIza…).',
    'stripe-key': 'A Stripe live secret or restricted key (sk_live_, rk_live_).',
    'ai-provider-key': 'An OpenAI, Anthropic or OpenRouter style key (sk-…, sk-proj-…, sk-ant-…).',
    jwt: 'A JSON Web Token (three base64url segments starting eyJ).',
    'generic-credential':
      'A high-entropy value (16+ characters, ≥3.5 bits per character) under a key-like name (`api_key`, `token`, `password`, …), as a field, a schema default/example/enum, or `name=value` text.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const labels: Label[] = (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).filter((label) =>
        tool.strings.some((text) => SHAPES[label].test(text)),
      );
      if (hasGenericCredential(tool)) labels.push('generic-credential');
      return labels;
    }),
});
