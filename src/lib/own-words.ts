/**
 * Set on an error whose message is the reason in the service's own words (errors.ts's AppError): wrapped by a query
 * builder (a libSQL server that cannot be reached, inside drizzle's query error), that message is what a log line
 * says (lib/log.ts). A module of its own: the console's code imports errors.ts, and the logger needs Node.
 */
export const OWN_WORDS: unique symbol = Symbol('own words')
