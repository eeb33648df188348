import { ACTION_VERBS } from './tool-verbs.js';

/** Verbs descriptions open with that tool names rarely do ("Returns …", "Provides …"). */
const DESCRIPTION_VERBS: ReadonlySet<string> = new Set([
  'return',
  'provide',
  'give',
  'produce',
  'output',
  'allow',
  'let',
  'perform',
  'tell',
  'send',
  'retrieve',
  'obtain',
  'determine',
  'look',
  'query',
  'change',
  'add',
  'manage',
  'control',
  'handle',
  'lookup',
  'access',
  'collect',
  'gather',
  'append',
  'attach',
  'post',
  'enumerate',
  'emit',
  'yield',
]);

/** The base forms a word may be an inflection of: `returns`, `fetched`, `running` → their verbs. */
function baseForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  if (word.endsWith('ied')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ed')) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  // `stopped`, `running`: a doubled final consonant.
  for (const form of forms.slice(1)) if (/(.)\1$/.test(form)) forms.push(form.slice(0, -1));
  return forms;
}

/** Whether a lower-case word is (an inflection of) an action verb. */
export function isActionWord(word: string): boolean {
  return baseForms(word).some((form) => ACTION_VERBS.has(form) || DESCRIPTION_VERBS.has(form));
}
