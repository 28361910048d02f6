// HTTP/1.1 over a bare TCP socket, for what fetch will not send: any Host header, a Content-Length with no body
// behind it, a chunked body that is left open.
import type { Socket } from 'bun'

export type RawReply = { status: number; headers: Record<string, string>; body: string; json: () => any }

export type RawConnection = {
  /** Writes more of the request (e.g. further chunks). */
  write(data: string | Uint8Array): void
  /** The first complete response: by Content-Length, by its chunked end, or by the connection closing. */
  reply: Promise<RawReply>
  close(): void
}

/**
 * Opens a connection to 127.0.0.1:`port` and writes `head` (request line and headers, without the blank line) and
 * `body`.
 */
export async function rawRequest(port: number, head: string[], body: string | Uint8Array = ''): Promise<RawConnection> {
  let received = Buffer.alloc(0)
  let settle: (reply: RawReply) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const reply = new Promise<RawReply>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  const tryParse = (closed: boolean) => {
    const parsed = parseReply(received, closed)
    if (parsed) settle(parsed)
    else if (closed)
      fail(
        new Error(
          `connection closed without a complete answer: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`,
        ),
      )
  }
  const socket: Socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data(_s, chunk) {
        received = Buffer.concat([received, chunk])
        tryParse(false)
      },
      close() {
        tryParse(true)
      },
      error(_s, error) {
        fail(error)
      },
    },
  })
  socket.write(head.join('\r\n') + '\r\n\r\n')
  if (body.length) socket.write(body)
  return { write: (data) => void socket.write(data), reply, close: () => socket.end() }
}

/** One chunk of a chunked body. */
export const chunk = (data: string | Uint8Array) => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data)
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
}
export const LAST_CHUNK = '0\r\n\r\n'

function parseReply(data: Buffer, closed: boolean): RawReply | undefined {
  const end = data.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = data.subarray(end + 4)
  let body: Buffer | undefined
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    if (rest.length >= length) body = rest.subarray(0, length)
  } else if (headers['transfer-encoding']?.includes('chunked')) {
    body = dechunk(rest)
  } else if (closed) {
    body = rest
  }
  if (!body) return undefined
  const text = body.toString('utf8')
  return { status: Number(statusLine.split(' ')[1]), headers, body: text, json: () => JSON.parse(text) }
}

function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return undefined
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
    if (size === 0) return Buffer.concat(parts)
    if (data.length < lineEnd + 2 + size + 2) return undefined
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}
