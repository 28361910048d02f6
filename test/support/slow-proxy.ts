import { connect, createServer, type Socket } from 'node:net'

/**
 * A TCP relay on 127.0.0.1 in front of a server (a real sqld) that passes every chunk on, both ways, `delayMs` late:
 * a libSQL server that answers, but slowly (a distant machine, a loaded host), so each call takes at least two
 * delays. Order on each connection is kept.
 */
export async function slowProxy(target: { host: string; port: number }, delayMs: number) {
  const pairs = new Set<Socket>()
  const late = (to: Socket) => (chunk: Buffer) => {
    setTimeout(() => to.destroyed || to.write(chunk), delayMs)
  }
  const server = createServer((client) => {
    pairs.add(client)
    const upstream = connect(target.port, target.host)
    pairs.add(upstream)
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', late(to))
      from.on('error', () => {})
      from.on('close', () => {
        pairs.delete(from)
        setTimeout(() => to.destroy(), delayMs)
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      for (const s of pairs) s.destroy()
      server.close()
    },
  }
}
