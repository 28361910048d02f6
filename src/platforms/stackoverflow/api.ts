import type { Logger } from '../../lib/log'
import { sendPlatformRequest } from '../http'

/**
 * One GET to the Stack Exchange API, read whatever its status: the API reports every failure as HTTP 400 with
 * error_id/error_name/error_message on its common wrapper (api.stackexchange.com/docs/error-handling), and a
 * `backoff` may ride on any answer. Answers are always gzip- or deflate-compressed
 * (api.stackexchange.com/docs/compression); Bun's fetch asks for and decodes both.
 */
export async function getStackExchange(a: { url: URL; timeoutMs: number; log: Logger; signal?: AbortSignal }) {
  const res = await sendPlatformRequest({ platform: 'stackoverflow', ...a, headers: { accept: 'application/json' } })
  let body: unknown
  try {
    body = JSON.parse(res.text)
  } catch {
    body = undefined
  }
  return { status: res.status, ok: res.ok, body, headers: res.headers, text: res.text }
}
