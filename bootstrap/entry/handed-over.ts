/**
 * Requests made for one in-process call alone, which the forecast's fetch may give the h3 app as they are
 * rather than copying them into a new Request: MSW's own copy of an intercepted request (msw.ts), which
 * no caller holds. A caller's own Request is never given on, since the app writes its context onto it.
 */
export const handedOver = new WeakSet<object>();
