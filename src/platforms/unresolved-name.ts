import type { Config } from '../config/schema'
import { doesNotResolve, unresolvedHost } from '../lib/network-reason'
import { PlatformUnreachableError } from './upstream-errors'

// The settings of a platform's table that hold an address its requests go to (config.example.toml).
const ADDRESS_KEYS = ['base_url', 'auth_url', 'stream_url'] as const

/** A platform that could not be reached for a name that does not resolve: the name, and the setting holding it. */
export type UnresolvedName = { host: string; setting: string | null }

/**
 * The name a platform's request could not look up, and which of the platform's settings holds it
 * (`platforms.hackernews.base_url`; null when none does, as a Mastodon instance's own streaming address); undefined
 * for any other failure.
 */
export function unresolvedName(
  config: Pick<Config, 'platforms'>,
  platform: string,
  err: unknown,
): UnresolvedName | undefined {
  const host = err instanceof PlatformUnreachableError ? unresolvedHost(err.because) : undefined
  if (!host) return undefined
  const table = (config.platforms as Record<string, Record<string, unknown> | undefined>)[platform] ?? {}
  const holds = (value: unknown) =>
    [value ?? []].flat().some((u) => typeof u === 'string' && URL.canParse(u) && new URL(u).hostname === host)
  const key = ADDRESS_KEYS.find((k) => holds(table[k]))
  return { host, setting: key ? `platforms.${platform}.${key}` : null }
}

/** `hackernews could not be reached: the name … does not resolve: check platforms.hackernews.base_url for …`. */
export const unresolvedWords = (platform: string, name: UnresolvedName) =>
  `${platform} could not be reached: ${doesNotResolve(name.host, name.setting ?? undefined)}`

/**
 * For the operator (a log line, poll --once, platforms check): a platform that could not be reached for a name that
 * does not resolve, said so with the setting to check, rather than in the resolver's `getaddrinfo ENOTFOUND host`.
 * Any other error as it is. Source health and the API keep the platform's own message, which names no address.
 */
export function withUnresolvedName(config: Pick<Config, 'platforms'>, platform: string, err: unknown): unknown {
  const name = unresolvedName(config, platform, err)
  return name ? unresolvedWords(platform, name) : err
}
