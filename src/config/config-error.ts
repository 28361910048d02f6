/**
 * A configuration problem; the CLI prints the message and exits with status 2 (docs/operations.md#configuration-file).
 * Its own module, so a command line can tell it apart without loading the configuration's schema.
 */
export class ConfigError extends Error {}
