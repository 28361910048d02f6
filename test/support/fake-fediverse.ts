import type { Server, ServerWebSocket } from 'bun'
/**
 * A server of the Mastodon API whose status ids are not numbers (docs/platforms.md#mastodon): GoToSocial's ULIDs
 * (26 characters of Crockford's base 32, the first 10 the time in milliseconds) or Pleroma's and Akkoma's FlakeIds
 * (128 bits, the time in milliseconds in the top 64, written in base 62). Both sort as strings in time order, which
 * is the only order this server knows. It answers as docs.joinmastodon.org documents: GET /api/v2/instance (its
 * streaming host), /api/v1/timelines/public and /api/v1/timelines/tag/:hashtag (`max_id`, `since_id`, `min_id`,
 * `limit`; newest first), /api/v2/search (`q`, `type=statuses`, `limit`, and `max_id` or `offset` as each server pages
 * it: `search` below) and the streaming API's server-sent events (`event: update`).
 */
export type IdScheme = 'ulid' | 'flake'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

const digits = (n: bigint, alphabet: string, width: number) => {
  let s = ''
  const base = BigInt(alphabet.length)
  for (let v = n; v > 0n; v /= base) s = alphabet[Number(v % base)] + s
  return s.padStart(width, alphabet[0])
}

/** The `n`th id of `scheme` made at `ms`: ids made in one millisecond still sort in the order they were made. */
export function statusId(scheme: IdScheme, ms: number, n: number) {
  if (scheme === 'ulid') return digits(BigInt(ms), CROCKFORD, 10) + digits(BigInt(n), CROCKFORD, 16)
  return digits((BigInt(ms) << 64n) | (0xabcdefn << 16n) | BigInt(n & 0xffff), BASE62, 18)
}

type Status = { id: string; content: string; url: string } & Record<string, unknown>

/**
 * The software a fake server is, as its NodeInfo names it (nodeinfo.diaspora.software: GET /.well-known/nodeinfo links
 * the document of each schema, whose `software` has the lowercase `name` and the `version`). By default GoToSocial for
 * ULIDs and Pleroma for FlakeIds. `nodeinfo: false`: the server behaves as that software, but its NodeInfo is not
 * served (as behind a proxy that passes only the API).
 */
export type Software = { name: string; version: string; nodeinfo?: false }

/**
 * How the streaming WebSocket of `software` takes the token (null: a server without NodeInfo, which takes it either
 * way and echoes the protocol). GoToSocial (its swagger, /api/v1/streaming) reads the `access_token` query, else the
 * Sec-WebSocket-Protocol, else the Authorization header, and echoes the protocol only from 0.17 on (before, the upgrade
 * answers without it); Pleroma and Akkoma ("Differences in Mastodon API responses", Streaming) read the query or the
 * protocol, which they echo, and connect a public stream without a token; Mastodon reads the Authorization header, the
 * query or the protocol.
 */
function socketHandshake(software: Software | null, token: string) {
  const name = software?.name
  const [major = 0, minor = 0] = (software?.version ?? '').split('.').map(Number)
  return {
    echoes: name !== 'gotosocial' || major > 0 || minor >= 17,
    authorized(protocol: string | null, authorization: string | null) {
      if (protocol !== null) return protocol === token
      if (name === 'pleroma' || name === 'akkoma') return true
      return authorization === `Bearer ${token}`
    },
  }
}

/** How a streaming connection came: its address (path and query) and where it put the token. */
type Upgrade = { path: string; protocol: string | null; authorization: string | null }

/**
 * `transport`: the streaming API as server-sent events, or only as a WebSocket at /api/v1/streaming
 * (docs.joinmastodon.org/methods/streaming#websocket), as GoToSocial, Pleroma and Akkoma serve it: the token taken
 * as `software` takes it (socketHandshake), one JSON message an event. `software`: what its NodeInfo names; null: it
 * serves none.
 */
export function fakeFediverse(
  scheme: IdScheme,
  token = 'tok',
  transport: 'sse' | 'websocket' = 'sse',
  software: Software | null = scheme === 'ulid'
    ? { name: 'gotosocial', version: '0.19.1' }
    : { name: 'pleroma', version: '2.7.0' },
) {
  const statuses: Status[] = []
  const streams = new Set<WritableStreamDefaultWriter<Uint8Array>>()
  const sockets = new Set<ServerWebSocket<unknown>>()
  const upgrades: Upgrade[] = []
  // The Sec-WebSocket-Extensions each WebSocket upgrade offered (null: none).
  const offers: (string | null)[] = []
  const asked: URLSearchParams[] = []
  const paths: string[] = []
  const handshake = socketHandshake(software, token)
  let nodeinfoReads = 0
  const enc = new TextEncoder()
  let made = 0
  // While set, statuses are listed on the timeline but not streamed (setStalled).
  let stalled = false
  const authorized = (req: Request) => req.headers.get('authorization') === `Bearer ${token}`
  const refused = () => Response.json({ error: 'The access token is invalid' }, { status: 401 })
  const newestFirst = (list: Status[]) => [...list].sort((a, b) => (a.id < b.id ? 1 : -1))
  const send = (text: string) => {
    for (const w of streams) w.write(enc.encode(text)).catch(() => streams.delete(w))
  }
  const sendFrame = (frame: string | Uint8Array) => {
    for (const ws of sockets) ws.send(frame)
  }
  const event = (name: string, payload: string) =>
    sendFrame(JSON.stringify({ stream: ['public'], event: name, payload }))
  // The streaming API on the instance's own host, as a small instance serves it: events until the reader goes.
  const stream = (req: Request) => {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
    const writer = writable.getWriter()
    streams.add(writer)
    req.signal.addEventListener('abort', () => streams.delete(writer))
    void writer.write(enc.encode(':)\n'))
    return new Response(readable, { headers: { 'content-type': 'text/event-stream' } })
  }
  const timeline = (p: URLSearchParams, tag?: string) => {
    const limit = Math.min(Number(p.get('limit') ?? 20), 40)
    const [maxId, sinceId, minId] = [p.get('max_id'), p.get('since_id'), p.get('min_id')]
    let list = newestFirst(statuses).filter((s) => !tag || s.content.toLowerCase().includes(tag))
    if (maxId) list = list.filter((s) => s.id < maxId)
    if (sinceId) list = list.filter((s) => s.id > sinceId)
    // min_id: the statuses immediately newer than it, still listed newest first.
    if (minId) return list.filter((s) => s.id > minId).slice(-limit)
    return list.slice(0, limit)
  }
  // GET /api/v2/search as each server documents and does it, newest first. GoToSocial (ULIDs) pages a search of one
  // `type` by `max_id` (the statuses older than it) and answers an `offset` past 0 with nothing (its swagger leaves
  // `offset` unused), and looks for the text as written, quotes included (its user guide, "Search"); Pleroma and
  // Akkoma (FlakeIds) skip `offset` results (their database search pages by `offset` and `limit`, not by `max_id`).
  // Both servers' text is matched here as a plain substring.
  const search = (p: URLSearchParams) => {
    const q = (p.get('q') ?? '').toLowerCase()
    const offset = Number(p.get('offset') ?? 0)
    const limit = Math.min(Number(p.get('limit') ?? 20), 40)
    let found = newestFirst(statuses).filter((s) => s.content.toLowerCase().includes(q))
    const maxId = p.get('type') === 'statuses' ? p.get('max_id') : null
    if (scheme === 'ulid' && maxId) found = found.filter((s) => s.id < maxId)
    const page = scheme === 'ulid' ? (offset > 0 ? [] : found.slice(0, limit)) : found.slice(offset, offset + limit)
    return { accounts: [], statuses: page, hashtags: [] }
  }
  const answer = (req: Request, server: Server<unknown>): Response | undefined => {
    const url = new URL(req.url)
    if (transport === 'websocket' && url.pathname === '/api/v1/streaming') {
      const [protocol, authorization] = [req.headers.get('sec-websocket-protocol'), req.headers.get('authorization')]
      upgrades.push({ path: url.pathname + url.search, protocol, authorization })
      offers.push(req.headers.get('sec-websocket-extensions'))
      if (!handshake.authorized(protocol, authorization)) return refused()
      // Bun's server echoes the protocol on its own: an empty one is as near as it comes to answering without it.
      const headers = protocol ? { 'sec-websocket-protocol': handshake.echoes ? protocol : '' } : undefined
      if (server.upgrade(req, { headers, data: undefined })) return undefined
      return new Response('upgrade required', { status: 426 })
    }
    // NodeInfo, public: the index of its documents by schema, and the 2.0 document naming the software.
    const listed = software && software.nodeinfo !== false
    if (url.pathname === '/.well-known/nodeinfo' && listed) {
      nodeinfoReads++
      const rel = 'http://nodeinfo.diaspora.software/ns/schema/2.0'
      return Response.json({ links: [{ rel, href: `${url.origin}/nodeinfo/2.0` }] })
    }
    if (url.pathname === '/nodeinfo/2.0' && listed)
      return Response.json({
        version: '2.0',
        software: { name: software.name, version: software.version },
        protocols: ['activitypub'],
        openRegistrations: false,
      })
    // The streaming host, published as Mastodon does (a ws: address): this one.
    if (url.pathname === '/api/v2/instance')
      return Response.json({ configuration: { urls: { streaming: `ws://${url.host}` } } })
    if (!authorized(req)) return refused()
    if (url.pathname === '/api/v1/streaming/public' && transport === 'sse') return stream(req)
    asked.push(url.searchParams)
    paths.push(url.pathname)
    if (url.pathname === '/api/v1/timelines/public') return Response.json(timeline(url.searchParams))
    // A hashtag's timeline: the statuses that carry it, paged as the public timeline is.
    const tag = /^\/api\/v1\/timelines\/tag\/([^/]+)$/.exec(url.pathname)?.[1]
    if (tag) return Response.json(timeline(url.searchParams, `#${decodeURIComponent(tag)}`.toLowerCase()))
    if (url.pathname === '/api/v2/search') return Response.json(search(url.searchParams))
    return new Response('not found', { status: 404 })
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch: answer,
    websocket: {
      open: (ws) => void sockets.add(ws),
      close: (ws) => void sockets.delete(ws),
      message() {},
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    /** The query of each authorized request to the instance (timelines, search), in order. */
    asked,
    /** The path of each of them. */
    paths,
    /** The streaming connections open (server-sent events and WebSockets). */
    clients: () => streams.size + sockets.size,
    /** How many times its NodeInfo index was read. */
    nodeinfoReads: () => nodeinfoReads,
    /** Each WebSocket upgrade asked for, in order. */
    upgrades,
    /** The extensions each WebSocket upgrade offered, in order (null: none). */
    offers,
    /**
     * A status posted now: listed on the timeline, and streamed to each open streaming connection. `aheadMs`: its id
     * stands for a time that far ahead (its server's clock is wrong).
     */
    post(text: string, aheadMs = 0) {
      const id = statusId(scheme, Date.now() + aheadMs, made++)
      const status: Status = {
        id,
        created_at: new Date().toISOString(),
        uri: `https://fedi.example/users/ann/statuses/${id}`,
        url: `https://fedi.example/@ann/${id}`,
        content: `<p>${text}</p>`,
        in_reply_to_id: null,
        account: { acct: 'ann', username: 'ann', url: 'https://fedi.example/@ann' },
        favourites_count: 0,
        reblogs_count: 0,
        replies_count: 0,
        reblog: null,
      }
      statuses.push(status)
      if (stalled) return status
      send(`event: update\ndata: ${JSON.stringify(status)}\n\n`)
      event('update', JSON.stringify(status))
      return status
    },
    /** While set, the timeline lists what is posted and no streaming connection gets it: a stalled streaming server. */
    setStalled(value: boolean) {
      stalled = value
    },
    /** Server-sent events text as it is, to every streaming connection. */
    sendRaw: send,
    /** A WebSocket message as it is, to every WebSocket: what a broken or hostile server sends. */
    sendFrame,
    /** An event as the WebSocket sends it, `payload` the string it carries. */
    event,
    /** Ends every streaming connection, as a restart of the streaming server does. */
    dropAll() {
      for (const w of streams) w.close().catch(() => {})
      streams.clear()
      for (const ws of sockets) ws.close(1001, 'restarting')
      sockets.clear()
    },
    stop() {
      for (const w of streams) w.close().catch(() => {})
      streams.clear()
      server.stop(true)
    },
  }
}
