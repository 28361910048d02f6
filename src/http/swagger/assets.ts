import redirectPath from 'swagger-ui-dist/oauth2-redirect.js' with { type: 'file' }
import bundlePath from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' }
import cssPath from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' }
import ui from 'swagger-ui-dist/package.json'

/** The installed Swagger UI's version, pinned exactly in package.json; it is part of the assets' URLs. */
const SWAGGER_UI_VERSION = ui.version

/** Where the pinned files are served: a new version is a new URL, so a browser may keep each one for good. */
export const ASSETS_PREFIX = `/swagger/assets/${SWAGGER_UI_VERSION}`

/**
 * The only Swagger UI files the pages need (docs/api.md#api-documentation): the bundle (script and React), its
 * styles, and the script of the page an OAuth sign-in comes back to, which hands the code to the bundle. Imported as
 * files, so `bun build --compile` embeds them and `Bun.file` reads them from the source tree and from inside the
 * executable alike.
 */
export const ASSETS: Record<string, { path: string; type: string }> = {
  'swagger-ui-bundle.js': { path: bundlePath, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { path: cssPath, type: 'text/css; charset=utf-8' },
  'oauth2-redirect.js': { path: redirectPath, type: 'text/javascript; charset=utf-8' },
}
