import { Elysia } from 'elysia'
import { AppError } from '../../errors'
import { assetAnswer, fileAnswer, REVALIDATE } from '../static-files'
import { ASSETS_PATH, type ConsoleAssets, loadConsoleAssets } from './assets'

/**
 * docs/console.md#security: the page may load and call only this service. Inline scripts and styles, other origins,
 * plugins and framing are all refused by the browser.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The console's page at `/` (it shows Sign in or the signals itself) and its bundled files. */
export const consolePageRoutes = () => {
  let loading: Promise<ConsoleAssets> | undefined
  const assets = () => (loading ??= loadConsoleAssets())
  return new Elysia({ detail: { hide: true } })
    .get('/', async () =>
      fileAnswer((await assets()).index, 'text/html;charset=utf-8', REVALIDATE, {
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'referrer-policy': 'same-origin',
      }),
    )
    .get(`${ASSETS_PATH}:file`, async ({ params, request }) => {
      const asset = (await assets()).files.get(params.file)
      if (!asset) throw new AppError('not_found', 'no such file')
      return assetAnswer(request, { key: `${ASSETS_PATH}${params.file}`, body: asset.body, type: asset.type })
    })
}
