/** docs/api.md#preview-and-full-text: a signal's preview is at most 300 characters ... */
export const PREVIEW_CHARS = 300
/** ... and its full text keeps the first 4,000. */
export const FULL_CHARS = 4000
