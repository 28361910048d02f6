import type { Logger } from '../../src/lib/log'

/** A logger that writes nothing, for tests whose log lines are not what they check. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
