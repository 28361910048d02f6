import { Elysia } from 'elysia'
import { SWAGGER_UI_REDIRECT_PATH } from '../../domain/oauth/built-in-client'
import { AppError } from '../../errors'
import { assetAnswer, fileAnswer, REVALIDATE } from '../static-files'
import { ASSETS, ASSETS_PREFIX } from './assets'
import { FOCUS_CSS, INIT_JS, NARROW_CSS, NARROW_CSS_PATH, PAGE_CSP, PAGE_HTML, REDIRECT_HTML } from './page'

/**
 * Swagger UI at /swagger with nothing from another origin (docs/api.md#api-documentation): the page, its starter
 * script, the page Authorize's OAuth sign-in comes back to and the pinned Swagger UI files, all answered by the
 * service. Hidden from the OpenAPI document.
 */
export const swaggerUi = () =>
  new Elysia({ name: 'swagger-ui', detail: { hide: true } })
    .get('/swagger', () =>
      fileAnswer(PAGE_HTML, 'text/html; charset=utf-8', REVALIDATE, {
        'content-security-policy': PAGE_CSP,
        'referrer-policy': 'same-origin',
      }),
    )
    .get(SWAGGER_UI_REDIRECT_PATH, () =>
      fileAnswer(REDIRECT_HTML, 'text/html; charset=utf-8', REVALIDATE, {
        'content-security-policy': PAGE_CSP,
        'referrer-policy': 'no-referrer',
      }),
    )
    .get('/swagger/init.js', () => fileAnswer(INIT_JS, 'text/javascript; charset=utf-8', REVALIDATE))
    .get(NARROW_CSS_PATH, () => fileAnswer(NARROW_CSS + FOCUS_CSS, 'text/css; charset=utf-8', REVALIDATE))
    .get(`${ASSETS_PREFIX}/:name`, ({ params, request }) => {
      const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined
      if (!asset) throw new AppError('not_found', 'no such file')
      return assetAnswer(request, { key: asset.path, body: Bun.file(asset.path), type: asset.type })
    })
