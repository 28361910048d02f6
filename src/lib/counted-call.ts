import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Whether the code running now is the work of a counted call (domain/quota/charge.ts): a libSQL server's client sends
 * such a call's writes, as a model answer it stores, before the writes `serve` makes on its own
 * (storage/engine/write-turns.ts, docs/operations.md#a-slow-link-to-the-database).
 */
const calls = new AsyncLocalStorage<true>()

/** Runs `work` as a counted call's: the writes it makes, awaited or not, are the call's. */
export const asCountedCall = <T>(work: () => Promise<T>): Promise<T> => calls.run(true, work)

export const inCountedCall = () => calls.getStore() === true
