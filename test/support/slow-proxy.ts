import { afterAll } from 'bun:test'
import { connect, createServer, type Socket } from 'node:net'
import { startSqld } from '../../scripts/sqld'

/**
 * A TCP relay on 127.0.0.1 in front of a server (a real sqld) that passes every chunk on, both ways, `delayMs` late:
 * a libSQL server that answers, but slowly (a distant machine, a loaded host), so each call takes at least two
 * delays. Order on each connection is kept, also when `setDelay` changes the delay: a link that falls silent for a
 * while (a delay of minutes) and comes back holds a chunk no longer than those sent before it on that connection.
 */
export async function slowProxy(
  target: { host: string; port: number },
  delayMs: number,
  // Given each connection's bytes toward the server, as they arrive (test/support/pipelines.ts counts requests).
  toServer?: () => (chunk: Buffer) => void,
) {
  let delay = delayMs
  const pairs = new Set<Socket>()
  const late = (to: Socket) => {
    let lastDue = 0
    return (chunk: Buffer) => {
      lastDue = Math.max(Date.now() + delay, lastDue)
      setTimeout(() => to.destroyed || to.write(chunk), Math.max(0, lastDue - Date.now()))
    }
  }
  const server = createServer((client) => {
    pairs.add(client)
    const upstream = connect(target.port, target.host)
    pairs.add(upstream)
    if (toServer) client.on('data', toServer())
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', late(to))
      from.on('error', () => {})
      from.on('close', () => {
        pairs.delete(from)
        setTimeout(() => to.destroy(), delay)
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** Chunks from now on are passed on `ms` late. */
    setDelay(ms: number) {
      delay = ms
    },
    stop() {
      for (const s of pairs) s.destroy()
      server.close()
    },
  }
}

/**
 * A real sqld and a relay in front of it `delayMs` late each way; both, and what a test adds to `cleanups`, end after
 * the file.
 */
export async function slowSqld(delayMs: number, toServer?: () => (chunk: Buffer) => void) {
  const sqld = await startSqld()
  const proxy = await slowProxy({ host: '127.0.0.1', port: Number(new URL(sqld.url).port) }, delayMs, toServer)
  const cleanups: (() => unknown)[] = [() => proxy.stop(), () => sqld.stop()]
  afterAll(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })
  return { sqld, proxy, cleanups }
}
