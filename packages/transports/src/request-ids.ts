/**
 * A connection's own request ids: integers from 1. Raw sends bring their own ids; giving those a
 * string form keeps them clear of these.
 */
export class RequestIds {
  #next = 1;

  next(): number {
    const id = this.#next;
    this.#next += 1;
    return id;
  }
}
