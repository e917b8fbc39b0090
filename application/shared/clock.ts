/** The current time, as a port: tests and the forecast's issuance hours depend on controlling it. */
export interface Clock {
  now(): Date;
}
