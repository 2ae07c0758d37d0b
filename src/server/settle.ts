// SQLite answers at once; the store's interface (store.ts) is asynchronous, as a database across
// the network needs. `settle` puts the one behind the other.

/** What `fn` returns, or what it throws, as a promise. */
export function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
