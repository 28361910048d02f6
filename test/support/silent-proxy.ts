import { connect, createServer, type Socket } from 'node:net'

/**
 * A TCP relay on 127.0.0.1 in front of a server (the fake libSQL server), which can go silent: from `silence()` on,
 * it keeps accepting connections and reading what is sent, but passes nothing on and answers nothing, as a libSQL
 * server (sqld) does when its host freezes or a firewall starts dropping its packets after the handshake. Nothing is
 * closed, so a client without a deadline of its own waits forever. `restart()` plays the server coming back: the
 * connections of the silence are reset (what was sent on them is lost) and new ones are relayed again.
 */
export async function silentProxy(target: { host: string; port: number }) {
  let silent = false
  let trigger: { text: string; passOn: boolean; alone?: boolean } | undefined
  const muted = new Set<Socket>()
  const pairs = new Set<Socket>()
  const server = createServer((client) => {
    pairs.add(client)
    client.on('close', () => pairs.delete(client))
    client.on('error', () => {})
    if (silent) {
      muted.add(client)
      client.on('data', () => {})
      return
    }
    const upstream = connect(target.port, target.host)
    // A silenced connection stays open whatever the server behind does (it closes idle ones after 10 s).
    upstream.on('error', () => muted.has(client) || client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => muted.has(client) || client.destroy())
    client.on('data', (chunk) => {
      if (!silent && trigger && chunk.includes(trigger.text)) {
        silent = !trigger.alone
        muted.add(client)
        if (trigger.passOn) upstream.write(chunk)
        trigger = undefined
        return
      }
      if (silent || muted.has(client)) muted.add(client)
      else upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (!silent && !muted.has(client)) client.write(chunk)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    silence() {
      silent = true
    },
    /**
     * Goes silent when a request carrying `text` comes (a statement's SQL): with `passOn`, after passing that request
     * on, so the server runs it and its answer is lost; else before, so it never arrives. With `alone`, only that
     * request's connection goes silent (a firewall that forgot it): the others, and new ones, are relayed as before.
     */
    silenceAt(text: string, a: { passOn: boolean; alone?: boolean }) {
      trigger = { text, ...a }
    },
    /** The server is back: the connections that went silent are reset, the others (and new ones) relayed. */
    restart() {
      silent = false
      for (const s of muted) s.resetAndDestroy()
      muted.clear()
    },
    /** How many connections hold a request that was never passed on. */
    waiting: () => muted.size,
    stop() {
      for (const s of pairs) s.destroy()
      server.close()
    },
  }
}
