import type { RequestLog } from '../shared/request-log.ts';
import type { Logger } from './logger.ts';

export type { RequestLine, RequestLog } from '../shared/request-log.ts';

/** Request lines through any Logger, at info, with the message `request`. */
export function requestLogOf(logger: Pick<Logger, 'info'>): RequestLog {
  return { request: (line) => logger.info('request', { ...line }) };
}
