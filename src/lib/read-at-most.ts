/**
 * A body's bytes (a request's or an answer's), read no further than `maxBytes`: undefined once it is longer, with
 * the rest left unread and the stream cancelled, so that a body of any size never sits in memory. A size announced
 * over the limit is refused before anything is read.
 */
export async function readAtMost(
  message: { body: ReadableStream<Uint8Array> | null; headers: Headers },
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  if (Number(message.headers.get('content-length')) > maxBytes) {
    await message.body?.cancel().catch(() => {})
    return undefined
  }
  if (!message.body) return new Uint8Array(0)
  const reader = message.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return parts.length === 1 ? parts[0] : Buffer.concat(parts)
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    parts.push(value)
  }
}
