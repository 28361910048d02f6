import { getOrAdd } from '../lib/get-or-add'
import { readJsonBody } from '../wire/body'

type Found<T> = { first: Promise<T>; body?: Promise<unknown> }

/**
 * Checks that must be reported before anything wrong with the body (the key, the session, where a request comes
 * from), for routes whose JSON body Elysia reads before any hook. Elysia turns whatever its parser throws into a
 * generic parse error, so the parser only starts the work (`parse`: the first checks, then the body once they pass)
 * and `settled`, awaited in `derive`, reports the first failure in that order. Both keep one record per request.
 */
export function checksBeforeBody<T>(
  first: (request: Request, peer: string | undefined) => Promise<T>,
  a: { maxBodyBytes: number },
) {
  const found = new WeakMap<Request, Found<T>>()
  const of = (request: Request, peer: string | undefined): Found<T> =>
    getOrAdd(found, request, () => {
      const started = first(request, peer)
      started.catch(() => {})
      return { first: started }
    })
  return {
    parse(request: Request, contentType: string | undefined, peer?: string) {
      const f = of(request, peer)
      // Elysia passes an empty content type for a request without a body (Content-Length: 0): the header is read
      // here, so that an empty JSON body is told it is empty, not that its type is wrong.
      const type = contentType || (request.headers.get('content-type') ?? undefined)
      f.body = f.first.then(() => readJsonBody(request, { contentType: type, maxBytes: a.maxBodyBytes }))
      f.body.catch(() => {})
      return f.body.catch(() => ({}))
    },
    async settled(request: Request, peer?: string): Promise<T> {
      const f = of(request, peer)
      const value = await f.first
      await f.body
      return value
    },
  }
}
