/**
 * @node-rs/bcrypt for the browser build. The in-process app is the server's, so the task service is wired
 * though the double never routes a request to it (it answers forecast paths only). Its Login asks for one
 * hash when it is built, to have something to verify unknown emails against: that promise stays pending
 * rather than rejecting, which would be an unhandled rejection on every page that starts the double.
 * Nothing ever waits on it. A call from anywhere else is refused.
 */
let asked = false;
export function hash(): Promise<string> {
  if (asked) return Promise.reject(new Error('bcrypt is not available in the browser build of the weather double'));
  asked = true;
  return new Promise<string>(() => {});
}
export function verify(): Promise<boolean> {
  return Promise.reject(new Error('bcrypt is not available in the browser build of the weather double'));
}
export default { hash, verify };
