export * from './errors.ts';
export * from './rules.ts';
export * from './task.ts';
export * from './user.ts';
export * from './invariants.ts';
export { DomainError, type FieldIssue } from '../shared/domain-error.ts';
export { ServiceUnavailable } from '../shared/service-unavailable.ts';
export { OutcomeUnknown } from '../shared/outcome-unknown.ts';
export * from './task-limit.ts';
