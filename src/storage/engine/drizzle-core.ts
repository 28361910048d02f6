import type { drizzle as Drizzle } from 'drizzle-orm/libsql'
import * as core from 'drizzle-orm/libsql/driver-core'

/**
 * drizzle-orm/libsql's `drizzle(client, config)` is its driver-core's `construct(client, config)`; the entry point
 * also imports @libsql/client, to offer `drizzle(url)`, which loads that client's HTTP and WebSocket clients (some 25
 * ms of a command's start) for a database file that uses neither (docs/performance.md#the-command-lines-start).
 * driver-core's JavaScript exports `construct`, its types do not (drizzle-orm is pinned in package.json): a drizzle
 * without it fails here, on load, by name, rather than at the first query.
 */
const construct = (core as unknown as { construct?: typeof Drizzle }).construct
if (typeof construct !== 'function')
  throw new Error('drizzle-orm/libsql/driver-core has no construct(): see src/storage/engine/drizzle-core.ts')

export const drizzle: typeof Drizzle = construct
