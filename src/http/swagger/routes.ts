import { Elysia } from 'elysia'
import { AppError } from '../../errors'
import { ASSETS, ASSETS_PREFIX } from './assets'
import { INIT_JS, PAGE_CSP, PAGE_HTML } from './page'

// The versioned assets never change under their URL; the page and its starter follow the service's own version.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const answer = (body: string | Blob | Uint8Array, type: string, cache: string, extra: Record<string, string> = {}) =>
  new Response(body, {
    headers: { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', ...extra },
  })

// The bundle is 1.7 MB and 0.46 MB gzipped: compressed once (about 20 ms) on its first request, then kept in memory.
const gzipped = new Map<string, Uint8Array>()
async function gzipOf(path: string): Promise<Uint8Array> {
  let bytes = gzipped.get(path)
  if (!bytes) {
    bytes = Bun.gzipSync(await Bun.file(path).bytes())
    gzipped.set(path, bytes)
  }
  return bytes
}

const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')

/**
 * Swagger UI at /swagger with nothing from another origin (docs/api.md#api-documentation): the page, its starter
 * script and the pinned Swagger UI files, all answered by the service. Hidden from the OpenAPI document.
 */
export const swaggerUi = () =>
  new Elysia({ name: 'swagger-ui', detail: { hide: true } })
    .get('/swagger', () =>
      answer(PAGE_HTML, 'text/html; charset=utf-8', REVALIDATE, { 'content-security-policy': PAGE_CSP }),
    )
    .get('/swagger/init.js', () => answer(INIT_JS, 'text/javascript; charset=utf-8', REVALIDATE))
    .get(`${ASSETS_PREFIX}/:name`, async ({ params, request }) => {
      const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined
      if (!asset) throw new AppError('not_found', 'no such file')
      if (!acceptsGzip(request)) return answer(Bun.file(asset.path), asset.type, IMMUTABLE, { vary: 'accept-encoding' })
      return answer(await gzipOf(asset.path), asset.type, IMMUTABLE, {
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
      })
    })
