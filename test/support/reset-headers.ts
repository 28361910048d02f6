/**
 * A platform's reset time `inSec` from now, on its own clock, with the `Date` it is read against
 * (docs/platforms.md#rate-limits): both from one instant in whole seconds, as an HTTP date has them, so the wait read
 * is `inSec` exactly. `iso`: Mastodon's ISO 8601 time; else epoch seconds (GitHub, X, Bluesky). Computed once, the
 * same headers may ride on several answers, as one window's reset does.
 */
export function resetIn(name: string, inSec: number, iso = false): Record<string, string> {
  const at = Math.floor(Date.now() / 1000) * 1000
  const reset = iso ? new Date(at + inSec * 1000).toISOString() : String(at / 1000 + inSec)
  return { date: new Date(at).toUTCString(), [name]: reset }
}
