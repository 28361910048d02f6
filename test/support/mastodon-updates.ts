// Statuses as Mastodon's streaming API over WebSocket pushes them (docs.joinmastodon.org/methods/streaming#websocket,
// as docs/streams.md cites it): one JSON message an event, {stream, event: "update", payload: the status as a JSON
// string}, for tests that read a WebSocket directly.

/** Status `n`, with the fields the reader takes; its id a Mastodon snowflake. */
export const streamedStatus = (n: number) => ({
  id: String(110_000_000_000_000_000n + BigInt(n)),
  created_at: new Date().toISOString(),
  uri: `https://example.social/users/ann/statuses/${n}`,
  url: `https://example.social/@ann/${n}`,
  content: `<p>status ${n}</p>`,
  account: { acct: 'ann', username: 'ann', url: 'https://example.social/@ann' },
})

/** The message that pushes status `n` to the public stream. */
export const updateMessage = (n: number) =>
  JSON.stringify({ stream: ['public'], event: 'update', payload: JSON.stringify(streamedStatus(n)) })
