import { createHmac } from 'node:crypto'
import type { RandomBytes } from '../keys/api-key'

const SECRET_PREFIX = 'whsec_'
// Standard Webhooks asks for a key of 24 to 64 random bytes; 32 is what HMAC-SHA256 is built for.
const SECRET_BYTES = 32

/** docs/webhooks.md#secrets: `whsec_` + base64 of random bytes, shown to the team once. */
export const newSecret = (randomBytes: RandomBytes) =>
  SECRET_PREFIX + Buffer.from(randomBytes(SECRET_BYTES)).toString('base64')

/**
 * The `webhook-signature` header (docs/webhooks.md#verifying): for each secret, `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's decoded bytes, space-separated, so that during a rotation a receiver
 * holding either secret can verify. Written with node:crypto rather than the `standardwebhooks` package: it is a few
 * lines on the runtime's native HMAC, and the tests verify with that package, an implementation independent of ours.
 */
export function signatureHeader(a: { id: string; timestamp: number; body: string; secrets: string[] }): string {
  const signed = `${a.id}.${a.timestamp}.${a.body}`
  return a.secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`
    })
    .join(' ')
}

/** The secrets that sign now: the current one, and the one it replaced while its grace period lasts. */
export function signingSecrets(
  e: { secret: string; previousSecret: string | null; previousSecretUntil: number | null },
  nowMs: number,
): string[] {
  const previousValid = e.previousSecret && e.previousSecretUntil !== null && e.previousSecretUntil > nowMs
  return previousValid ? [e.secret, e.previousSecret as string] : [e.secret]
}
