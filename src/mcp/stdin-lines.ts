import { Transform } from 'node:stream'
import { BATCH_VERSION, type Refusal, readMessage } from './messages'

const NEWLINE = 0x0a
// Bad bytes become U+FFFD, as in a REST body (wire/body.ts). A line is split at a newline byte, which is never part
// of a longer UTF-8 character, so each line holds whole characters.
const decoder = new TextDecoder()

/**
 * The lines of stdin that the SDK can read, passed on one by one; each other line answered at once (readMessage).
 * The SDK's transport drops a line it cannot read with no answer, which leaves the client waiting for one until it
 * times out; and it closes the whole connection once a line passes 10 MB, leaving every request unanswered. So a
 * line is bounded here by `server.max_body_bytes`, as a body over HTTP is (docs/api.md#mcp-over-stdio): one over
 * it is answered -32600 and dropped as it arrives, never held whole, and the lines after it are read as usual.
 */
export function checkedLines(
  maxBytes: number,
  answer: (refusal: Refusal) => void,
  onBatch: (messages: Record<string, unknown>[]) => void = () => {},
): Transform {
  // A session whose client asks for MCP 2025-03-26 in its initialize, which the SDK agrees to, may send batches
  // (docs/api.md#mcp-over-stdio); each of its messages goes on to the SDK as a line of its own.
  let batches = false
  let held: Buffer[] = []
  let heldBytes = 0
  let overLimit = false
  const tooLarge: Refusal = {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: `Invalid Request: a message is at most ${maxBytes} bytes (server.max_body_bytes)` },
  }
  const hold = (part: Buffer) => {
    if (overLimit) return
    if (heldBytes + part.length > maxBytes) {
      overLimit = true
      held = []
      heldBytes = 0
      return
    }
    held.push(part)
    heldBytes += part.length
  }
  const endLine = (stream: Transform) => {
    if (overLimit) answer(tooLarge)
    else {
      const line = decoder.decode(Buffer.concat(held, heldBytes))
      if (line.trim() !== '') {
        const read = readMessage(line, batches)
        if ('refusal' in read) {
          if (!read.ofNotification) answer(read.refusal)
        } else if (read.batch) {
          onBatch(read.messages)
          for (const message of read.messages) stream.push(`${JSON.stringify(message)}\n`)
        } else {
          const [message] = read.messages
          if (message?.method === 'initialize' && Object.hasOwn(message, 'id'))
            batches = (message.params as { protocolVersion?: unknown }).protocolVersion === BATCH_VERSION
          stream.push(`${line}\n`)
        }
      }
    }
    held = []
    heldBytes = 0
    overLimit = false
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        hold(chunk.subarray(start, end))
        endLine(this)
        start = end + 1
      }
      if (start < chunk.length) hold(chunk.subarray(start))
      done()
    },
    flush(done) {
      if (heldBytes > 0 || overLimit) endLine(this)
      done()
    },
  })
}
