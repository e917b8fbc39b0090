// The commit-msg hook's check (.githooks/commit-msg runs it): a subject of at most 72 characters, and a
// blank second line when a body follows. Git passes the file with the message as the editor left it, so
// comment lines and everything below the scissors line of `git commit -v` are not part of it.
// Run by hand: `node scripts/check-commit-message.mjs FILE`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MAX_SUBJECT = 72;

/** What git will record: no comment lines, nothing from the scissors line on, no leading blank lines. */
export function messageLines(text, commentChar = '#') {
  const lines = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith(`${commentChar} `) && line.includes('>8')) break;
    if (!line.startsWith(commentChar)) lines.push(line);
  }
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1).trim() === '') lines.pop();
  return lines;
}

/** Each rule the message breaks, as a sentence; none for a good message (or an empty one: git refuses it). */
export function problems(text, commentChar = '#') {
  const [subject, second] = messageLines(text, commentChar);
  if (subject === undefined) return [];
  // `git commit --fixup/--squash` subjects are folded into their target by `rebase --autosquash`.
  if (/^(fixup|squash|amend)! /.test(subject)) return [];
  const found = [];
  const length = [...subject.trimEnd()].length; // characters, not UTF-16 units or bytes
  if (length > MAX_SUBJECT)
    found.push(`the subject is ${length} characters, more than ${MAX_SUBJECT}: say the rest in the body`);
  if (second !== undefined && second.trim() !== '')
    found.push('the second line is not blank: a subject, a blank line, then the body');
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-commit-message.mjs FILE');
    process.exit(2);
  }
  const found = problems(readFileSync(file, 'utf8'), process.env.COMMIT_COMMENT_CHAR || '#');
  if (found.length > 0) {
    for (const problem of found) console.error(`commit-msg: ${problem}.`);
    console.error(`commit-msg: the message is kept in ${file}; \`git commit -e -F ${file}\` edits it again.`);
    process.exit(1);
  }
}
