import { Elysia } from 'elysia'
import { AppError } from '../../errors'
import { ASSETS_PATH, type ConsoleAssets, loadConsoleAssets } from './assets'

/**
 * docs/console.md#security: the page may load and call only this service. Inline scripts and styles, other origins,
 * plugins and framing are all refused by the browser.
 */
export const CONTENT_SECURITY_POLICY = [
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

const PAGE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
}

/** The console's page at `/` (it shows Sign in or the signals itself) and its bundled files. */
export const consolePageRoutes = () => {
  let loading: Promise<ConsoleAssets> | undefined
  const assets = () => (loading ??= loadConsoleAssets())
  return new Elysia()
    .get(
      '/',
      async () =>
        new Response((await assets()).index, {
          headers: { ...PAGE_HEADERS, 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-cache' },
        }),
      { detail: { hide: true } },
    )
    .get(
      `${ASSETS_PATH}:file`,
      async ({ params }) => {
        const asset = (await assets()).files.get(params.file)
        if (!asset) throw new AppError('not_found', 'no such file')
        return new Response(asset.body, {
          headers: {
            ...PAGE_HEADERS,
            'content-type': asset.type,
            'cache-control': 'public, max-age=31536000, immutable',
          },
        })
      },
      { detail: { hide: true } },
    )
}
