import { sha256Hex } from '../../lib/hash'

const KEY_PREFIX = 'lsk_'
// `lsk_` + base64url of 32 random bytes is exactly 43 characters after the prefix.
const KEY_SHAPE = /^lsk_[A-Za-z0-9_-]{43}$/
const DISPLAY_LENGTH = 12

export type RandomBytes = (size: number) => Uint8Array

/** A new key: the secret (shown once), its hash (stored) and a display prefix (stored, shown in lists). */
export function generateApiKey(randomBytes: RandomBytes) {
  const apiKey = KEY_PREFIX + Buffer.from(randomBytes(32)).toString('base64url')
  return { apiKey, hash: hashApiKey(apiKey), prefix: displayPrefix(apiKey) }
}

/** The start of a key that lists show and `key revoke` takes. */
export const displayPrefix = (apiKey: string) => apiKey.slice(0, DISPLAY_LENGTH)

export const hashApiKey = (apiKey: string) => sha256Hex(apiKey)

/** Rejects what cannot be a key before touching the database. */
export const looksLikeApiKey = (text: string) => KEY_SHAPE.test(text)
