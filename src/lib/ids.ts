import { randomBytes } from 'node:crypto'

/** Prefixed random ids (`team_…`, `sig_…`): readable in logs, no collisions across kinds. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`
