import { HTTPResponse, type H3Event } from 'h3';

/** Where an error no answer explains goes: the log, with its stack. */
export type ErrorReport = (error: unknown) => void;

export function errorReporter(log: { error(message: string, fields?: Record<string, unknown>): void }): ErrorReport {
  return (error) => {
    log.error('unhandled error while serving a request', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  };
}

/**
 * An app's `onError`: its own error answer, and a plain 500 when that answer itself fails. Without it h3
 * would answer its opaque {"unhandled":true} 500 and, silent, say nothing; here both errors are logged and
 * the answer says where to look.
 */
export function guardedErrorHook(
  answer: (error: unknown, event: H3Event) => HTTPResponse,
  report: ErrorReport,
): (error: unknown, event: H3Event) => HTTPResponse {
  return (error, event) => {
    try {
      return answer(error, event);
    } catch (hookError) {
      report(error);
      report(hookError);
      return new HTTPResponse(
        JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'An unexpected error; see the log.' }),
        { status: 500, headers: { 'content-type': 'application/problem+json' } },
      );
    }
  };
}
