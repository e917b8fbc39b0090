import type { FieldIssue } from '../shared/domain-error.ts';
import { ValidationError } from './errors.ts';
import {
  LIMITS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  charLength,
  hasNonBlank,
  hasNul,
  hasVisibleText,
  isCalendarDate,
  isEmailShaped,
  isTaskPriority,
  isTaskStatus,
} from './rules.ts';
import type { TaskChanges } from './task.ts';

// Invariants checked inside the use cases, so that a library caller who bypasses HTTP gets the same
// guarantees as an HTTP client. Messages are the ones the API shows.

export const messages = {
  name: `must be 1 to ${LIMITS.nameMax} characters, at least one visible (not a space, control or format character) and none U+0000`,
  email: `must look like local@domain.tld in at most ${LIMITS.emailMax} characters, with no control or invisible format character`,
  password: `must be ${LIMITS.passwordMinChars} to ${LIMITS.passwordMaxChars.toLocaleString('en-US')} characters, not all blank`,
  /** Login asks only for presence and the upper bound: any other wrong value is just a wrong password. */
  loginPasswordTooLong: `must be at most ${LIMITS.passwordMaxChars.toLocaleString('en-US')} characters`,
  title: `must be 1 to ${LIMITS.titleMax} characters, at least one visible (not a space, control or format character) and none U+0000`,
  description: `must be a string of at most ${LIMITS.descriptionMax} characters without U+0000, or null`,
  status: `must be one of ${TASK_STATUSES.join(', ')}`,
  priority: `must be one of ${TASK_PRIORITIES.join(', ')}`,
  due_date: 'must be a real calendar date as YYYY-MM-DD, or null',
  /**
   * The words of the HTTP adapter's own refusal, made while it reads a body (read-json-body.ts, shared with
   * the forecast side, which may not import this module).
   */
  notText: 'contains an unpaired UTF-16 surrogate (such as \\ud800), which is not text',
} as const;

/**
 * The issue of a text field that is stored, if any. A lone UTF-16 surrogate is no character: HTTP never
 * lets one through, but a library caller reaches the use cases directly, and PostgreSQL stored U+FFFD in
 * its place (so the answer showed one text and the store kept another) or, inside an Idempotency-Key's
 * record, failed. So no store is given one, whatever the way in.
 */
function textIssue(path: string, value: unknown, valid: boolean, message: string): FieldIssue | undefined {
  if (typeof value === 'string' && !value.isWellFormed()) return { path, message: messages.notText };
  return valid ? undefined : { path, message };
}

/**
 * A label shown as the account's or the task's: one character of it must show (a zero-width space or a NUL
 * alone reads as empty), and none may be U+0000 (see hasNul).
 */
function isLabel(v: string, max: number): boolean {
  return isWithinChars(v, max) && hasVisibleText(v) && !hasNul(v);
}

export function isValidName(v: unknown): v is string {
  return typeof v === 'string' && isLabel(v, LIMITS.nameMax);
}
export function isValidPassword(v: unknown): v is string {
  return (
    typeof v === 'string' && isWithinPasswordLength(v) && charLength(v) >= LIMITS.passwordMinChars && hasNonBlank(v)
  );
}
/** At most passwordMaxChars characters, counted without walking more of the string than that. */
export function isWithinPasswordLength(v: string): boolean {
  return isWithinChars(v, LIMITS.passwordMaxChars);
}
/**
 * At most `max` characters (code points). Each is one or two UTF-16 units, so the length in units settles it
 * without a walk unless it lies between `max` and twice that: a title or description is checked on every
 * create and edit (twice: by the HTTP adapter and by the use case), and nearly all are short.
 */
function isWithinChars(v: string, max: number): boolean {
  if (v.length <= max) return true;
  if (v.length > 2 * max) return false;
  return charLength(v) <= max;
}
export function isValidTitle(v: unknown): v is string {
  return typeof v === 'string' && isLabel(v, LIMITS.titleMax);
}
export function isValidDescription(v: unknown): v is string | null {
  return v === null || (typeof v === 'string' && isWithinChars(v, LIMITS.descriptionMax) && !hasNul(v));
}
export function isValidDueDate(v: unknown): v is string | null {
  return v === null || (typeof v === 'string' && isCalendarDate(v));
}

export function assertAccountFields(fields: { name: unknown; email: unknown; password: unknown }): void {
  const issues: FieldIssue[] = [];
  const name = textIssue('name', fields.name, isValidName(fields.name), messages.name);
  if (name) issues.push(name);
  const emailValid = typeof fields.email === 'string' && isEmailShaped(fields.email);
  const email = textIssue('email', fields.email, emailValid, messages.email);
  if (email) issues.push(email);
  if (!isValidPassword(fields.password)) issues.push({ path: 'password', message: messages.password });
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * Login's presence rule: the spec answers 400 "when email or password is missing", and an empty or blank
 * string is as missing as an absent field (sign-up refuses blank values too, so no account has one). Any
 * other wrong value is just a wrong credential, answered 401.
 */
export function assertLoginFields(fields: { email: unknown; password: unknown }): void {
  const issues: FieldIssue[] = [];
  if (typeof fields.email !== 'string' || !hasNonBlank(fields.email))
    issues.push({ path: 'email', message: 'is required' });
  if (typeof fields.password !== 'string' || !hasNonBlank(fields.password))
    issues.push({ path: 'password', message: 'is required' });
  else if (!isWithinPasswordLength(fields.password))
    issues.push({ path: 'password', message: messages.loginPasswordTooLong });
  if (issues.length > 0) throw new ValidationError(issues);
}

/** Checks only the fields that are present; `title` presence on create is the caller's concern. */
export function assertTaskFields(fields: TaskChanges): void {
  const issues = taskFieldIssues(fields);
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * What assertTaskFields refuses, one issue per bad field present (title, description, status, priority,
 * due_date, in that order); none when all are good. Any value is checked, typed or not (a parsed JSON body).
 */
export function taskFieldIssues(fields: { readonly [K in keyof TaskChanges]?: unknown }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const title = 'title' in fields && textIssue('title', fields.title, isValidTitle(fields.title), messages.title);
  if (title) issues.push(title);
  const description =
    'description' in fields &&
    textIssue('description', fields.description, isValidDescription(fields.description), messages.description);
  if (description) issues.push(description);
  if ('status' in fields && !isTaskStatus(fields.status)) issues.push({ path: 'status', message: messages.status });
  if ('priority' in fields && !isTaskPriority(fields.priority))
    issues.push({ path: 'priority', message: messages.priority });
  if ('due_date' in fields && !isValidDueDate(fields.due_date))
    issues.push({ path: 'due_date', message: messages.due_date });
  return issues;
}
