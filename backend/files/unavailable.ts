/** A file store that did not answer: its own module, so that the drivers and the store's factory share it. */
/** The store did not answer in time, or could not be reached: an outage (503), not the request's fault. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super("The file store did not answer.", { cause });
    this.name = "StoreUnavailable";
  }
}
