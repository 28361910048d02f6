import { expect } from 'bun:test'
import { ConfigError, loadConfig } from '../../src/config/load'

/** The message of the ConfigError that loadConfig throws for `a`; fails the test when it takes the configuration. */
export function refusal(a: Parameters<typeof loadConfig>[0]): string {
  try {
    loadConfig(a)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as Error).message
  }
  throw new Error('expected a ConfigError')
}
