import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { matchingLabels } from '../match-text.js';

type Label = 'send-to-external' | 'sensitive-file-reference' | 'credential-harvest' | 'smuggle-into-parameter';

// Written for normalized text (see match-text.ts); bounded repetitions only, no `g` flag.
const PATTERNS: Readonly<Record<Label, readonly RegExp[]>> = {
  'send-to-external': [
    /\b(sends?|sending|sent|forward(s|ed|ing)?|post(s|ed|ing)?|upload(s|ed|ing)?|transmit(s|ted|ting)?|exfiltrat(e|es|ed|ing)|leak(s|ed|ing)?|cop(y|ies|ied|ying)|e-?mail(s|ed|ing)?|mail(s|ed|ing)?|report(s|ed|ing)?|sync(s|ed|ing)?)\b[^.\n]{0,80}\b(to|into) (https?:\/\/|ftp:\/\/|an? (external|remote|third[- ]party|outside) |the following (url|address|endpoint|server|email)|[\w.+-]{1,64}@(?!example\.)[\w-]{1,64}\.[\w.]{2,})/,
    /\b(webhook\.site|requestbin|pipedream\.net|ngrok\.io|ngrok-free\.app|burpcollaborator|interact\.sh|oast\.(pro|live|fun|site|me))\b/,
  ],
  'sensitive-file-reference': [
    /\.ssh\b/,
    /\bid_(rsa|dsa|ecdsa|ed25519)\b/,
    /\/etc\/(passwd|shadow|sudoers)\b/,
    /\.aws\/credentials\b/,
    /(^|[\s/'"`(])\.(env|npmrc|netrc|pypirc|git-credentials|pgpass)\b/,
    /\.docker\/config\.json\b|\.kube\/config\b|\.config\/gcloud\b/,
    /\b(mcp\.json|claude_desktop_config\.json|\.cursor\/mcp)\b/,
  ],
  'credential-harvest': [
    // Any verb of taking, then the process environment.
    /\b(read|collect|gather|dump|include|send|pass|copy|extract|print|leak|harvest|attach|append|list) (out )?((all|the|your|every|any|of) ){0,3}(environment variables|env vars|process\.env|os\.environ)\b/,
    // Secrets only with a sweeping or possessive quantifier: a vault tool may "read secrets".
    /\b(read|collect|gather|dump|include|send|pass|copy|extract|print|leak|harvest|attach|append) (out )?(the )?(all|every|any|your|the user's|user's)( of the| of)? (secrets|credentials|api keys|access tokens|auth tokens|tokens|passwords|private keys|session cookies|ssh keys)\b/,
  ],
  'smuggle-into-parameter': [
    // "its"/"their" points back at something the text told the model to read first.
    /\b(pass|include|put|embed|append|attach|add|send) (its|their) ((full|entire|complete) )?(contents?|text|data|output) (as|in|into|via)\b/,
    /\b(pass|include|put|embed|append|attach|add) (it|them|this|that) (as|in|into) (the )?['"`]?(sidenote|side note|note|notes|hidden|metadata|extra)['"`]?\b/,
  ],
};

export const securityExfiltration = defineLintRule({
  id: 'security-exfiltration',
  layer: 'security',
  severity: 'critical',
  title: 'No exfiltration directives in the tool definition',
  summary:
    'No tool text tells the model to send data out, read SSH keys, `.env` or client configuration, harvest credentials, or smuggle file contents into a parameter.',
  labels: {
    'send-to-external':
      'Text tells the model to send or forward data to a URL, an e-mail address or an external party, or names a known capture host.',
    'sensitive-file-reference':
      'Text names a credential-bearing file: `~/.ssh`, private keys, `.env`, `/etc/passwd`, cloud or MCP client configuration.',
    'credential-harvest': 'Text asks the model to read, collect or pass on environment variables, secrets, tokens or passwords.',
    'smuggle-into-parameter': 'Text asks the model to put file contents or other data into a parameter (“pass its content as sidenote”).',
  },
  check: (catalog) => hitsPerTool(catalog, (tool) => matchingLabels(tool, PATTERNS)),
});
