import type { Clock } from '../../application/tasks/ports.ts';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
