/** What a dependency says about itself for GET /ready. */
export interface DependencyState {
  readonly ok: boolean;
  /** Why it is not ok (or, when ok, what it cannot do meanwhile), in one sentence an operator can act on. */
  readonly detail?: string;
}

/**
 * A dependency the server needs to do its work (the store, the upstream API). `check` must be quick and
 * must not stay stuck on a past failure: a node taken out of rotation gets no traffic that could show it
 * has recovered, so a failing dependency probes itself when asked.
 */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<DependencyState>;
}
