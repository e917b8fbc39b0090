/** The store cannot be opened; the message is for the operator and names the file. Start-up stops on it. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}
