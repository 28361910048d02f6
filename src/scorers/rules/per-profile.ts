/**
 * What the rules read from an ICP profile's name and description, read once per profile (docs/model.md#performance).
 * Profiles are few per team and reused on every call: the answer is kept by their text (at most PROFILES_KEPT, so that
 * a long-running server's memory stays flat), and in front of that by the profile object itself, while its name and
 * description are the same strings, which spares building and hashing the text's key on every call.
 */
import type { IcpProfile } from '../types'

const PROFILES_KEPT = 1000

export function perProfile<T>(read: (p: IcpProfile) => T): (p: IcpProfile) => T {
  const byText = new Map<string, T>()
  const byObject = new WeakMap<IcpProfile, { name: string; description: string; value: T }>()
  return (p) => {
    const seen = byObject.get(p)
    if (seen && seen.name === p.name && seen.description === p.description) return seen.value
    const key = `${p.name}\u0000${p.description}`
    let value = byText.get(key)
    if (value === undefined) {
      if (byText.size >= PROFILES_KEPT) byText.clear()
      value = read(p)
      byText.set(key, value)
    }
    byObject.set(p, { name: p.name, description: p.description, value })
    return value
  }
}
