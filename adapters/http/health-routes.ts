import type { H3 } from 'h3';
import type { Clock } from '../../application/tasks/ports.ts';
import { route } from './tasks/task-routes.ts';

export function registerHealthRoute(app: H3, clock: Clock): void {
  route(app, '/health', {
    GET: async () => ({ status: 'ok', timestamp: clock.now().toISOString() }),
  });
}
