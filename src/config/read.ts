import { existsSync, readFileSync } from 'node:fs'
import { ConfigError, loadConfig } from './load'
import type { Config } from './schema'

/**
 * docs/operations.md#configuration-file: --config FILE, else $LEAD_SIGNALS_CONFIG, else ./lead-signals.toml when
 * present, else defaults.
 */
export function readConfig(flagPath: string | undefined, env = process.env): Config {
  // An unset variable in a compose file arrives empty: say that, not "no such file"
  // (docs/operations.md#configuration-file).
  if (flagPath?.trim() === '') throw new ConfigError('config: --config is empty: give it the configuration file')
  if (flagPath === undefined && env.LEAD_SIGNALS_CONFIG?.trim() === '')
    throw new ConfigError('config: LEAD_SIGNALS_CONFIG is set but empty: set it to the configuration file, or unset it')
  const path =
    flagPath ?? env.LEAD_SIGNALS_CONFIG ?? (existsSync('lead-signals.toml') ? 'lead-signals.toml' : undefined)
  // The file by the source that named it, not its path (docs/operations.md#logs): a problem in a file read without
  // --config (a stray ./lead-signals.toml) is otherwise a puzzle.
  const source =
    flagPath !== undefined
      ? 'given by --config'
      : env.LEAD_SIGNALS_CONFIG !== undefined
        ? 'given by LEAD_SIGNALS_CONFIG'
        : './lead-signals.toml'
  let fileText: string | undefined
  if (path !== undefined) {
    try {
      fileText = readFileSync(path, 'utf8')
    } catch (err) {
      const why = whyUnreadable(err)
      throw new ConfigError(`config: cannot read the configuration file ${source}${why ? `: ${why}` : ''}`)
    }
  }
  const file = path === undefined ? undefined : source.startsWith('given') ? `the file ${source}` : source
  return loadConfig({ fileText, file, env })
}

const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'this user may not read it (permission denied)',
  EPERM: 'this user may not read it (permission denied)',
}

/** Why a file could not be read, in words, from the error's code; undefined for a code without words here. */
export function whyUnreadable(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? UNREADABLE[code] : undefined
}
