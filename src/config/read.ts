import { existsSync, readFileSync } from 'node:fs'
import { ConfigError, loadConfig } from './load'
import type { Config } from './schema'

/** docs/operations.md#configuration-file: --config FILE, else $LEAD_SIGNALS_CONFIG, else ./lead-signals.toml when present, else defaults. */
export function readConfig(flagPath: string | undefined, env = process.env): Config {
  const path =
    flagPath ?? env.LEAD_SIGNALS_CONFIG ?? (existsSync('lead-signals.toml') ? 'lead-signals.toml' : undefined)
  let fileText: string | undefined
  if (path !== undefined) {
    try {
      fileText = readFileSync(path, 'utf8')
    } catch {
      throw new ConfigError(
        `config: cannot read the configuration file given by ${flagPath ? '--config' : 'LEAD_SIGNALS_CONFIG'}`,
      )
    }
  }
  return loadConfig({ fileText, env })
}
