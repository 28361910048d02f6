import { randomBytes } from 'node:crypto'

const ID_BYTES = 12
// Random bytes are drawn a block at a time (341 ids): one call to the system's generator per id was a measurable
// part of a polling pass, which makes an id per signal (docs/performance.md#the-pipeline-second-round). Every byte
// is used once, so ids stay as unique and as unpredictable as when each drew its own.
const BLOCK = 4092
let block = Buffer.alloc(0)
let at = 0

/** Prefixed random ids (`team_…`, `sig_…`): readable in logs, no collisions across kinds. */
export function newId(prefix: string): string {
  if (at + ID_BYTES > block.length) {
    block = randomBytes(BLOCK)
    at = 0
  }
  const id = block.toString('base64url', at, at + ID_BYTES)
  at += ID_BYTES
  return `${prefix}_${id}`
}
