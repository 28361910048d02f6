import type { ServerWebSocket } from 'bun'

/**
 * A Jetstream instance on 127.0.0.1 (github.com/bluesky-social/jetstream, README "Consuming Jetstream"): WebSocket
 * at /subscribe, one JSON event per message {did, time_us, kind: "commit", commit: {rev, operation, collection, rkey,
 * record, cid}}, filtered by `wantedCollections`, replayed from `cursor` (Unix microseconds) when given and live-tailed
 * otherwise. It keeps `keepUs` of events: an older cursor replays from the oldest one kept, as the README says. A
 * replay starts with the events at the cursor's own time, as Jetstream's does (its stored events are keyed
 * `<time_us>_<did>_…` and read from the key `<cursor>` on); several events can share a time_us (`sameTime`).
 * `wantedDids` filters by author, as `wantedCollections` by collection (README "Consuming Jetstream").
 */
type Sub = { wanted: string[]; dids: string[]; cursor: string | null; compress: boolean; hello: boolean }

export function fakeJetstream(a: { keepUs?: number } = {}) {
  const events: { time_us: number; collection: string; did?: string; text: string }[] = []
  const sockets = new Set<ServerWebSocket<Sub>>()
  const connections: URL[] = []
  // The Sec-WebSocket-Extensions each subscription offered (null: none). Jetstream's server takes none: its upgrader
  // leaves compression off (github.com/bluesky-social/jetstream, pkg/server/server.go).
  const offers: (string | null)[] = []
  let lastUs = 0
  let skewUs = 0
  let garbage = false
  let reuseUs = false
  let nextAtUs: number | undefined
  let refusal: number | undefined
  let closeOnOpen: { code: number; reason: string } | undefined
  let replayFails = false
  const server = Bun.serve<Sub>({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req, srv) {
      const url = new URL(req.url)
      if (url.pathname !== '/subscribe') return new Response('not found', { status: 404 })
      connections.push(url)
      offers.push(req.headers.get('sec-websocket-extensions'))
      // Jetstream refuses a subscription it cannot serve before the upgrade, with an HTTP status: 400 for options it
      // does not take, 503 while it is not ready (github.com/bluesky-social/jetstream, internal/subscribe/handler.go).
      if (refusal) return new Response('service not ready: bootstrap in progress', { status: refusal })
      return srv.upgrade(req, {
        data: {
          wanted: url.searchParams.getAll('wantedCollections'),
          dids: url.searchParams.getAll('wantedDids'),
          cursor: url.searchParams.get('cursor'),
          // `compress=true`: each event a binary message, zstd-compressed (with a dictionary of Jetstream's own, which
          // this fake leaves out). `requireHello=true`: nothing is sent until the subscriber sends an options_update.
          compress: url.searchParams.get('compress') === 'true',
          hello: url.searchParams.get('requireHello') === 'true',
        },
      })
        ? undefined
        : new Response('upgrade failed', { status: 400 })
    },
    websocket: {
      // A replay is sent whole as the connection opens. Past Bun's default of 16 MiB waiting to be sent, a message is
      // dropped without a word, which no Jetstream does (its writes wait): a replay of 20,000 posts of 1 kB lost its
      // last 2,115 events at every reconnection, and a test would blame the reader.
      backpressureLimit: 1024 * 1024 * 1024,
      open(ws) {
        // As a server at the address that is not Jetstream: a line of text, then the connection closes.
        if (garbage) {
          ws.send('Welcome! This is not the service you are looking for.')
          return ws.close(1000, 'bye')
        }
        // As an instance draining for shutdown closes a connection it will not serve (1001 "server shutting down").
        if (closeOnOpen) return ws.close(closeOnOpen.code, closeOnOpen.reason)
        if (!ws.data.hello) start(ws)
      },
      message(ws, text) {
        if (!ws.data.hello || JSON.parse(String(text)).type !== 'options_update') return
        ws.data.hello = false
        start(ws)
      },
      close(ws) {
        sockets.delete(ws)
      },
    },
  })
  const wants = (ws: ServerWebSocket<Sub>, collection: string, did?: string) =>
    !ws.data.hello &&
    // An identity or account event has no collection: sent whatever wantedCollections says (README "Consuming
    // Jetstream": all subscribers receive them), still filtered by wantedDids.
    (collection === '' || ws.data.wanted.length === 0 || ws.data.wanted.includes(collection)) &&
    (ws.data.dids.length === 0 || ws.data.dids.includes(did ?? ''))
  const deliver = (ws: ServerWebSocket<Sub>, text: string) =>
    ws.send(ws.data.compress ? Bun.zstdCompressSync(new TextEncoder().encode(text)) : text)
  function start(ws: ServerWebSocket<Sub>) {
    sockets.add(ws)
    const cursor = ws.data.cursor
    if (cursor !== null)
      for (const e of events) if (e.time_us >= Number(cursor) && wants(ws, e.collection, e.did)) deliver(ws, e.text)
    // As Jetstream whose replay fails: it ends the subscription with what it replayed so far (pkg/server/server.go).
    if (cursor !== null && replayFails) ws.close(1011, 'failed to replay events')
  }
  const nextUs = () => {
    if (nextAtUs !== undefined) {
      const us = nextAtUs
      nextAtUs = undefined
      return us
    }
    if (reuseUs && lastUs > 0) {
      reuseUs = false
      return lastUs
    }
    lastUs = Math.max(lastUs + 1, Date.now() * 1000 + skewUs)
    return lastUs
  }
  function emit(collection: string, body: (time_us: number) => object) {
    const time_us = nextUs()
    const event = body(time_us) as { did?: string }
    const text = JSON.stringify(event)
    events.push({ time_us, collection, did: event.did, text })
    if (a.keepUs)
      while (events.length && (events[0] as { time_us: number }).time_us < time_us - a.keepUs) events.shift()
    for (const ws of sockets) if (wants(ws, collection, event.did)) deliver(ws, text)
    return time_us
  }
  return {
    url: `ws://127.0.0.1:${server.port}/subscribe`,
    connections,
    offers,
    /** A new post; its at:// address is at://<did>/app.bsky.feed.post/<rkey>. */
    post(
      text: string,
      did = 'did:plc:author1',
      rkey = `3k${Math.random().toString(36).slice(2, 12)}`,
      // The record's createdAt is whatever the author's client wrote (a wrong clock, an import); by default the
      // event's.
      createdAt?: string,
    ) {
      const time_us = emit('app.bsky.feed.post', (t) => ({
        did,
        time_us: t,
        kind: 'commit',
        commit: {
          rev: `rev${t}`,
          operation: 'create',
          collection: 'app.bsky.feed.post',
          rkey,
          record: {
            $type: 'app.bsky.feed.post',
            text,
            createdAt: createdAt ?? new Date(t / 1000).toISOString(),
            langs: ['en'],
          },
          cid: `bafy${t}`,
        },
      }))
      return { time_us, uri: `at://${did}/app.bsky.feed.post/${rkey}` }
    },
    /** The deletion of a post: a commit whose operation is "delete", without a record. */
    deletePost(did: string, rkey: string) {
      return emit('app.bsky.feed.post', (t) => ({
        did,
        time_us: t,
        kind: 'commit',
        commit: { rev: `rev${t}`, operation: 'delete', collection: 'app.bsky.feed.post', rkey },
      }))
    },
    /** An identity event (README "Example events"): the DID's handle or DID document changed. */
    identity(did: string, handle: string) {
      return emit('', (t) => ({
        did,
        time_us: t,
        kind: 'identity',
        identity: { did, handle, seq: t, time: new Date(t / 1000).toISOString() },
      }))
    },
    /** A like: another collection, which a reader asking for posts only never receives. */
    like(did = 'did:plc:liker') {
      return emit('app.bsky.feed.like', (t) => ({
        did,
        time_us: t,
        kind: 'commit',
        commit: {
          rev: `rev${t}`,
          operation: 'create',
          collection: 'app.bsky.feed.like',
          rkey: `l${t}`,
          record: {},
          cid: `c${t}`,
        },
      }))
    },
    /** The next event has the same time_us as the last one (Jetstream's keys tell them apart by DID). */
    sameTime() {
      reuseUs = true
    },
    /** The next event has this time_us, the clock staying as it was: an instance whose clock jumped for a moment. */
    nextAt(us: number) {
      nextAtUs = us
    },
    /** Moves the instance's clock on: the next events are `us` later (a long outage, compressed). */
    skipUs(us: number) {
      skewUs += us
    },
    /** While set, each connection gets a line that is not an event and is closed. */
    setGarbage(value: boolean) {
      garbage = value
    },
    /** While set, each subscription is refused with this HTTP status before the upgrade. */
    setRefusal(status: number | undefined) {
      refusal = status
    },
    /** While set, each connection is closed as it opens, with this code and reason. */
    setCloseOnOpen(close: { code: number; reason: string } | undefined) {
      closeOnOpen = close
    },
    /** While set, a subscription with a cursor is closed once its replay is sent, as one whose replay fails. */
    setReplayFails(value: boolean) {
      replayFails = value
    },
    /** Closes every connection, as an instance restarting does. */
    dropAll() {
      for (const ws of sockets) ws.close(1001, 'going away')
    },
    /** A message as it is, to every connection, kept for no replay: what a broken or hostile address sends. */
    sendRaw(text: string) {
      for (const ws of sockets) ws.send(text)
    },
    clients: () => sockets.size,
    stop: () => server.stop(true),
  }
}

/**
 * Hacker News's Firebase API on 127.0.0.1 (github.com/HackerNews/API): /v0/maxitem.json and /v0/item/<id>.json, an
 * item {id, type, by, time (Unix seconds), text and title (HTML), parent, kids} or null. `requests` counts the calls.
 */
export function fakeHackerNewsFirebase(a: { firstId?: number } = {}) {
  const items = new Map<number, object>()
  let maxitem = a.firstId ?? 40_000_000
  let requests = 0
  let down = false
  const broken = new Set<number>()
  const itemRequests = new Map<number, number>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      requests++
      if (down) return new Response('Service Unavailable', { status: 503 })
      const path = new URL(req.url).pathname
      if (path === '/v0/maxitem.json') return Response.json(maxitem)
      const m = /^\/v0\/item\/(\d+)\.json$/.exec(path)
      if (m) {
        const id = Number(m[1])
        itemRequests.set(id, (itemRequests.get(id) ?? 0) + 1)
        if (broken.has(id)) return new Response('Internal Server Error', { status: 500 })
        return Response.json(items.get(id) ?? null)
      }
      // Firebase's REST API answers `null` for a path that holds no data (a stream_url without /v0, say).
      if (path.endsWith('.json')) return Response.json(null)
      return new Response('not found', { status: 404 })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/v0`,
    requests: () => requests,
    /** How often one item was asked for. */
    itemRequests: (id: number) => itemRequests.get(id) ?? 0,
    /** An item id whose every read fails with a 500 while maxitem still answers. */
    broken() {
      const id = ++maxitem
      broken.add(id)
      return id
    },
    /** While down, every request is answered 503, as an overloaded server answers. */
    setDown(value: boolean) {
      down = value
    },
    story(title: string, text = '', by = 'pg') {
      const id = ++maxitem
      items.set(id, {
        id,
        type: 'story',
        by,
        time: Math.floor(Date.now() / 1000),
        title,
        text,
        score: 1,
        descendants: 0,
      })
      return id
    },
    comment(text: string, parent: number, by = 'dang') {
      const id = ++maxitem
      items.set(id, { id, type: 'comment', by, time: Math.floor(Date.now() / 1000), text, parent })
      return id
    },
    /** An item id given out whose item is not readable yet (as Firebase answers null just after maxitem moves). */
    pending() {
      return ++maxitem
    },
    fill(id: number, item: object) {
      items.set(id, { id, ...item })
    },
    stop: () => server.stop(true),
  }
}

/**
 * The Stack Exchange API on 127.0.0.1 (api.stackexchange.com/docs/questions, docs/wrapper): /2.3/questions newest
 * first, in the common wrapper {items, has_more, quota_max, quota_remaining, backoff?}; `backoff` (seconds) is set on
 * every answer when given. `requests` records each call's query.
 */
export function fakeStackExchange(
  a: {
    backoff?: number
    throttledFor?: number
    refuse?: { error_id: number; error_name: string; error_message: string }
  } = {},
) {
  const questions: object[] = []
  const requests: URLSearchParams[] = []
  const requestTimes: number[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname !== '/2.3/questions') return new Response('not found', { status: 404 })
      requests.push(url.searchParams)
      requestTimes.push(Date.now())
      // api.stackexchange.com/docs/throttle: every error is HTTP 400 with the common wrapper's error fields; a
      // throttle_violation says in its message when requests are available again.
      // docs/error-handling: any other refusal (a bad parameter such as a `site` that does not exist, a key that is not
      // valid) is the same wrapper with its own error_id and name.
      if (a.refuse) return Response.json(a.refuse, { status: 400 })
      if (a.throttledFor)
        return Response.json(
          {
            error_id: 502,
            error_name: 'throttle_violation',
            error_message: `too many requests from this IP, more requests available in ${a.throttledFor} seconds`,
          },
          { status: 400 },
        )
      const size = Number(url.searchParams.get('pagesize') ?? 30)
      const page = Number(url.searchParams.get('page') ?? 1)
      const items = questions.slice((page - 1) * size, page * size)
      const more = questions.length > page * size
      return Response.json({
        items,
        has_more: more,
        quota_max: 10000,
        quota_remaining: 9000,
        ...(a.backoff && { backoff: a.backoff }),
      })
    },
  })
  let id = 79_000_000
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    requestTimes,
    question(title: string, body: string, creation = Math.floor(Date.now() / 1000)) {
      id++
      questions.unshift({
        question_id: id,
        title,
        body: `<p>${body}</p>`,
        link: `https://stackoverflow.com/questions/${id}`,
        owner: { display_name: 'sam', link: 'https://stackoverflow.com/users/1/sam', user_id: 1 },
        creation_date: creation,
        score: 0,
        answer_count: 0,
      })
      return id
    },
    stop: () => server.stop(true),
  }
}

/**
 * A Mastodon instance on 127.0.0.1: the streaming API (docs.joinmastodon.org/methods/streaming) at
 * /api/v1/streaming/public as server-sent events (`event: update`, `data:` a status; `status.update`, an edit; `:)` on
 * opening and `:thump` heartbeats, each a comment line of its own with no blank line after it, as Mastodon's streaming
 * server writes them), and the public timeline (docs.joinmastodon.org/methods/timelines) with `min_id` (the statuses
 * just after it, newest first) and `limit`. Both want the bearer `token`.
 */
export function fakeMastodon(token = 'tok') {
  const statuses: { id: string }[] = []
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>()
  const connections: number[] = []
  const enc = new TextEncoder()
  let id = 110_000_000_000_000_000n
  let endAtOnce = false
  let stalled = false
  let beforeConnect: (() => void) | undefined
  // While `together` runs, what it streams is written as one chunk, as a server sends events that came at once.
  let held: string[] | undefined
  const send = (text: string) => {
    if (held) held.push(text)
    else if (!stalled) for (const c of streams) c.enqueue(enc.encode(text))
  }
  const authorized = (req: Request) => req.headers.get('authorization') === `Bearer ${token}`
  const invalidToken = () => Response.json({ error: 'The access token is invalid' }, { status: 401 })
  // As on large instances (docs.joinmastodon.org/methods/streaming, hostname discovery), the streaming API has a host
  // of its own, published by the instance as a wss: address in `configuration.urls.streaming` (GET /api/v2/instance).
  const streaming = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(req) {
      if (!authorized(req)) return invalidToken()
      if (new URL(req.url).pathname !== '/api/v1/streaming/public') return new Response('not found', { status: 404 })
      connections.push(Date.now())
      let mine: ReadableStreamDefaultController<Uint8Array>
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          mine = c
          c.enqueue(enc.encode(':)\n'))
          // As a proxy in front of the streaming server with too short an idle timeout: the stream opens and ends.
          if (endAtOnce) return c.close()
          streams.add(c)
        },
        cancel() {
          streams.delete(mine)
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    },
  })
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/api/v2/instance') {
        beforeConnect?.()
        return Response.json({
          domain: 'example.social',
          configuration: { urls: { streaming: `ws://127.0.0.1:${streaming.port}` } },
        })
      }
      if (!authorized(req)) return invalidToken()
      if (url.pathname === '/api/v1/timelines/public') {
        const minId = url.searchParams.get('min_id')
        const limit = Number(url.searchParams.get('limit') ?? 20)
        const after = minId ? statuses.filter((s) => BigInt(s.id) > BigInt(minId)) : statuses
        const chosen = minId ? after.slice(0, limit) : after.slice(-limit)
        return Response.json([...chosen].reverse())
      }
      return new Response('not found', { status: 404 })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    /** The streaming host as the instance publishes it (`configuration.urls.streaming`). */
    streamingUrl: `ws://127.0.0.1:${streaming.port}`,
    connections,
    clients: () => streams.size,
    /**
     * A status, streamed as it arrives. `secondsAgo`: one from another server, published that long before it arrived;
     * Mastodon numbers such a status by when it was published, so its id is lower than those that arrived before it.
     */
    post(text: string, acct = 'ann@example.social', secondsAgo = 0) {
      id += 1000n
      const own = secondsAgo ? id - BigInt(secondsAgo) * 65_536_000n : id
      const status = {
        id: String(own),
        created_at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        uri: `https://example.social/users/ann/statuses/${own}`,
        url: `https://example.social/@ann/${own}`,
        content: `<p>${text}</p>`,
        in_reply_to_id: null,
        account: { acct, username: 'ann', url: 'https://example.social/@ann' },
        favourites_count: 0,
        reblogs_count: 0,
        replies_count: 0,
        reblog: null,
      }
      statuses.push(status)
      // Ids grow: only one dated back can land before others (sorting at every post made a burst quadratic).
      if (secondsAgo) statuses.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      send(`event: update\ndata: ${JSON.stringify(status)}\n\n`)
      return status
    },
    /**
     * An edit of a status, streamed as Mastodon's streaming API (3.5 and later) sends it: `event: status.update`, the
     * whole status as edited as `data`, its id unchanged and `edited_at` set. The timeline then holds it as edited.
     */
    edit(statusId: string, text: string) {
      const status = statuses.find((s) => s.id === statusId)
      if (!status) throw new Error(`no status ${statusId}`)
      Object.assign(status, { content: `<p>${text}</p>`, edited_at: new Date().toISOString() })
      send(`event: status.update\ndata: ${JSON.stringify(status)}\n\n`)
      return status
    },
    /** The deletion of a status, streamed as Mastodon's streaming API sends it: `event: delete`, its id as `data`. */
    deleteStatus(statusId: string) {
      send(`event: delete\ndata: ${statusId}\n\n`)
    },
    /** Streams what `fn` posts, edits and deletes as one chunk: the reader gets those events at once. */
    together<T>(fn: () => T): T {
      held = []
      try {
        return fn()
      } finally {
        const text = held.join('')
        held = undefined
        send(text)
      }
    },
    /** Server-sent events text as it is, to every streaming connection: what a broken or hostile server sends. */
    sendRaw(text: string) {
      send(text)
    },
    /** Runs when a reader asks where the streaming API is, just before it connects to it. */
    beforeConnect(fn: () => void) {
      beforeConnect = fn
    },
    /** While set, every streaming connection ends right after it opens. */
    setEndAtOnce(value: boolean) {
      endAtOnce = value
    },
    /**
     * While set, the timeline holds what is posted but the open streaming connections get no event, only heartbeats:
     * a streaming server that lost its feed of statuses and keeps each connection alive all the same.
     */
    setStalled(value: boolean) {
      stalled = value
    },
    heartbeat() {
      for (const c of streams) c.enqueue(enc.encode(':thump\n'))
    },
    dropAll() {
      for (const c of streams) c.close()
      streams.clear()
    },
    /** Breaks every streaming connection off mid-stream, as a reset connection or a crashed server does. */
    breakAll() {
      for (const c of streams) c.error(new Error('connection reset'))
      streams.clear()
    },
    stop: () => {
      server.stop(true)
      streaming.stop(true)
    },
  }
}
