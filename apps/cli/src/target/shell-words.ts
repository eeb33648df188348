import { UsageError } from '../cli-error.js';

/**
 * Splits a command line the way a POSIX shell splits words, and nothing more: whitespace
 * separates words, 'single quotes' keep everything literally, "double quotes" keep everything but
 * `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next character. No
 * variables, globs, pipes or redirections: `--stdio` spawns the command directly, without a shell,
 * so what the user quoted is exactly what the server gets.
 */
export function splitShellWords(line: string, flag: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? '';
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] ?? '')) word += line[++i];
      else word += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\') {
      if (i + 1 >= line.length) throw new UsageError(`${flag}: the command line ends with a lone backslash`);
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new UsageError(`${flag}: unterminated ${quote === "'" ? 'single' : 'double'} quote in the command line`);
  if (inWord) words.push(word);
  return words;
}
