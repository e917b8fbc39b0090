import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '../../application/tasks/ports.ts';

export class UuidIdGenerator implements IdGenerator {
  newId(): string {
    return randomUUID();
  }
}
