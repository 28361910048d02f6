import { Elysia } from 'elysia'
import { AppError } from '../../errors'
import { ASSETS, ASSETS_PREFIX } from './assets'
import { INIT_JS, PAGE_CSP, PAGE_HTML } from './page'

// The versioned assets never change under their URL; the page and its starter follow the service's own version.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const answer = (body: string | Blob, type: string, cache: string, extra: Record<string, string> = {}) =>
  new Response(body, {
    headers: { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', ...extra },
  })

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
    .get(`${ASSETS_PREFIX}/:name`, ({ params }) => {
      const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined
      if (!asset) throw new AppError('not_found', 'no such file')
      return answer(Bun.file(asset.path), asset.type, IMMUTABLE)
    })
