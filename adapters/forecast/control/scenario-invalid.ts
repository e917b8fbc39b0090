// Apart from the schema (scenario-schema.ts), so the library's published declarations can name the error
// without loading valibot's.

/** A scenario that does not match the schema, with where: `alerts[0].onset`. */
export class ScenarioInvalid extends Error {
  override readonly name = 'ScenarioInvalid';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path === '' ? 'the scenario' : path}: ${reason}`);
  }
}
