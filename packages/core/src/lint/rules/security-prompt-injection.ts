import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { matchingLabels } from '../match-text.js';
import { preferenceTargets } from '../preference-targets.js';

type Label =
  | 'instruction-override'
  | 'concealment'
  | 'hidden-directive-tag'
  | 'role-impersonation'
  | 'cross-tool-directive'
  | 'preference-manipulation';

// Written for normalized text (NFKC, invisibles removed, lower case, single spaces). No `g` flag:
// `test` must not carry `lastIndex` between strings. Every repetition is bounded.
// Preference manipulation is judged by whom it points at (`preference-targets.ts`).
const PATTERNS: Readonly<Record<Exclude<Label, 'preference-manipulation'>, readonly RegExp[]>> = {
  'instruction-override': [
    /\b(ignore|disregard|forget|override|bypass|skip)( (all|any|the|your|of|these|those|every)){0,3} (previous|prior|above|earlier|preceding|original|system|other|existing|safety) (instructions?|prompts?|rules?|directions?|directives?|guidelines?|messages?|context|constraints?)\b/,
    /\bnew (system )?instructions ?:/,
  ],
  concealment: [
    /\b(do not|don't|dont|never|must not|should not|shouldn't) (tell|inform|mention|reveal|show|disclose|notify|alert|let)( (this|it|anything))?( to)? (the |your )?user\b(?!'s)/,
    /\bwithout (telling|informing|notifying|alerting|asking|showing) (the |your )?user\b/,
    /\b(hide|conceal|keep) (this|it|these|that)( (hidden|secret))? from (the |your )?user\b/,
    /\b(the )?user (must|should|need) not (know|see|be told|notice)\b/,
  ],
  'hidden-directive-tag': [
    /<\s{0,3}\/?\s{0,3}(important|system|instructions?|secret|hidden|admin|sudo|system[-_ ]prompt)\s{0,3}>/,
    /\[\s{0,3}\/?(inst|system|sys)\s{0,3}\]/,
    /<\|(im_start|im_end|system|endoftext|start_header_id|end_header_id|eot_id)\|>/,
  ],
  'role-impersonation': [
    /\byou are now (a|an|the|in)\b/,
    /\bfrom now on,? (you|the assistant)\b/,
    /\b(system prompt|system message|developer message) ?:/,
    /\bact as (a|an|the) (system|admin|administrator|developer|root)\b/,
  ],
  'cross-tool-directive': [
    /\b(before|instead of|prior to) (using|calling|invoking|running) (any|all|every|the)( other)? tools?\b/,
    /\b(always|must|first) (call|use|invoke|run) this tool (first|before)\b/,
    /\bwhen(ever)? (the user|you) (call|use|invoke)s? (any|another|other|the [\w.-]{1,64}) tools?\b.{0,80}\b(also|first|instead)\b/,
  ],
};

export const securityPromptInjection = defineLintRule({
  id: 'security-prompt-injection',
  layer: 'security',
  severity: 'critical',
  title: 'No prompt injection in the tool definition',
  summary:
    'No description, title, schema text or property name tries to steer the model: overriding instructions, hiding things from the user, directive tags, role changes or steering other tool calls.',
  labels: {
    'instruction-override': 'Text tells the model to ignore, forget or override its previous or system instructions.',
    concealment: 'Text tells the model to keep something from the user (“do not tell the user”).',
    'hidden-directive-tag': 'Text holds a pseudo-markup directive such as `<IMPORTANT>`, `<system>`, `[INST]` or a chat-template token.',
    'role-impersonation': 'Text speaks as the system or reassigns the model’s role (“you are now…”, “system prompt:”).',
    'cross-tool-directive': 'Text dictates how other tools are used (“before using any other tool…”), i.e. tool shadowing.',
    'preference-manipulation':
      'Text pushes the model to always pick this tool or to avoid the others, naming something outside this catalog or no tool at all (preferring one of its own tools over others of the same catalog is `quality-tool-preference`).',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool): Label[] => [
      ...matchingLabels(tool, PATTERNS),
      ...(preferenceTargets(tool, catalog).has('elsewhere') ? (['preference-manipulation'] as const) : []),
    ]),
});
