import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'

export type Reply = { status: number; body: any; headers: Headers }

/** Drives the real Elysia app in-process: request in, parsed reply out. */
export function client(deps: Deps) {
  const app = createApp(deps)
  return async function call(
    method: string,
    path: string,
    a: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...a.headers }
    if (a.key !== undefined) headers['x-api-key'] = a.key
    let body: string | undefined = a.rawBody
    if (a.body !== undefined) {
      body = JSON.stringify(a.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }))
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers }
  }
}
