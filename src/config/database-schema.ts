import * as v from 'valibot'

// docs/operations.md#database-settings: the embedded database (file:) or a libSQL server, with its token.
const DatabaseEntries = v.strictObject({
  url: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(file:|https?:\/\/|libsql:\/\/|wss?:\/\/|:memory:$)/,
        'must start with file:, http(s)://, libsql:// or ws(s)://',
      ),
      // A file: address with nothing for a path (file:$DB with $DB unset, as a shell or a compose file passes it) named
      // no file, and the engine then failed with the file system's bare ENOENT: the path is the part before any ?,
      // after a file:// address's host, as storage/database-url.ts reads it.
      v.check(
        (url) => !/^file:(\/\/[^/?]*)?(\?|$)/.test(url),
        'a file: address needs the path of the database file, such as file:./data/lead-signals.db',
      ),
    ),
    'file:./data/lead-signals.db',
  ),
  auth_token: v.optional(v.string(), ''),
  // docs/operations.md#a-database-that-does-not-answer-at-start: how long a command waits for a libSQL server's first
  // answer before it says so and exits 1.
  first_answer_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600)), 30),
})
type DatabaseEntries = v.InferOutput<typeof DatabaseEntries>

// docs/operations.md#database-settings: a token beside a local database was dropped without a word, which hid a
// database.url forgotten on one of several executables meant to share a libSQL server (that one wrote its own file).
export const Database = v.pipe(
  DatabaseEntries,
  v.forward<DatabaseEntries, v.CheckIssue<DatabaseEntries>, ['auth_token']>(
    v.check(
      (d) => d.auth_token.trim() === '' || !/^(file:|:memory:$)/.test(d.url),
      'set, but database.url is a local file, which takes no token: give database.url the libSQL server, or remove the token',
    ),
    ['auth_token'],
  ),
)
