import { isAbsolute } from 'node:path'

/** `file:PATH`, `file:///abs` or `:memory:` → a path for the engine; undefined for a server URL. */
export function localPathOf(url: string): string | undefined {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  if (!url.startsWith('file:')) return undefined
  const rest = url.slice('file:'.length).split('?')[0]
  return rest.startsWith('//') ? rest.replace(/^\/\/[^/]*/, '') : rest
}

/**
 * The database of `url` as a message names it (docs/operations.md#database-settings): a file by its path (a relative
 * one with the directory it is under), a server by its host alone, so a password or token in the URL never shows.
 */
export function databaseShown(url: string): string {
  const path = localPathOf(url)
  if (path === ':memory:') return 'in memory'
  if (path !== undefined) return isAbsolute(path) ? path : `${path} under the directory this command runs in`
  const host = serverHost(url)
  return host ? `the libSQL server at ${host}` : 'the libSQL server of database.url'
}

/** `host:port` of a server URL (what the operator recognises, never its credentials), or '' when it is not a URL. */
export function serverHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
