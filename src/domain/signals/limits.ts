/** docs/api.md#preview-and-full-text: a signal's preview is at most 300 characters ... */
export const PREVIEW_CHARS = 300
/** ... and its full text keeps the first 4,000. */
export const FULL_CHARS = 4000
/**
 * docs/operations.md#importing-signals: an author is at most 200 characters, as an import takes it; a platform's
 * longer name (a Bluesky handle may be 253, a feed's author any length) is stored cut to it, so that every signal an
 * export writes imports again.
 */
export const AUTHOR_CHARS = 200
