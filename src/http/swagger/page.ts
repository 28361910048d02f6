import { SWAGGER_UI_CLIENT_ID, SWAGGER_UI_REDIRECT_PATH } from '../../domain/oauth/built-in-client'
import { ASSETS_PREFIX } from './assets'

export const SPEC_PATH = '/swagger/json'
export const NARROW_CSS_PATH = '/swagger/narrow.css'

/**
 * Swagger UI on a phone (docs/api.md#api-documentation): its answers table kept a Links column ("No links" on each
 * answer, as the document declares none) that pushed an opened operation past a 390 px screen, and each answer's
 * Headers table left its descriptions a column a few letters wide. Below 600 px the column goes and a header's name,
 * description and type stack. An answer's Schema, expanded, sat in the 208 px beside its status code and needed 294,
 * each nested level of fields indented 20 px on both sides: it scrolled sideways and a signal's fields wrapped their
 * descriptions at 150 px; the live answer after Execute kept its code in an 84 px column too, beside its body and
 * headers. Here the code sits above its answer (documented or live) and a level is indented 12 px on the left only.
 * Swagger UI caps a table cell that holds a schema at 1 px (a table still widens it), which a block cell must lift.
 */
export const NARROW_CSS = `@media (max-width: 600px) {
  .swagger-ui .response-col_links { display: none; }
  .swagger-ui table.headers thead { display: none; }
  .swagger-ui table.headers tr, .swagger-ui table.headers td { display: block; padding: 0; }
  .swagger-ui table.headers tr { padding: 0.4em 0; }
  .swagger-ui table.headers td.header-col { font-weight: 600; }
  .swagger-ui table.responses-table { display: block; padding: 0; }
  .swagger-ui table.responses-table > thead { display: none; }
  .swagger-ui table.responses-table > tbody,
  .swagger-ui table.responses-table > tbody > tr { display: block; }
  .swagger-ui table.responses-table > tbody > tr > td:not(.response-col_links) {
    display: block; width: auto; max-width: none; padding: 0.4em 0;
  }
  .swagger-ui .model-box .json-schema-2020-12--embedded { margin-left: 12px; margin-right: 0; }
}
`

/**
 * The console's focus outline on /swagger (docs/api.md#api-documentation; src/console/styles/base.css): Swagger UI's
 * own CSS left 1 px or dotted outlines, or the browser's ring, and Authorize's green one was 2.03:1 on white, under the
 * 3:1 WCAG 2.2 asks (SC 1.4.11). An operation's "Copy path" button is 0 px wide until the mouse is over its row, so the
 * keyboard reached a button it could not see: it opens while focus is in it, its grey moved onto the button so the
 * outline lies on the row's background. Both at once, not after Swagger UI's 0.3 to 0.5 s transitions: the outline
 * faded in from Authorize's green and the button grew from nothing while the keyboard was already on it.
 */
export const FOCUS_CSS = `:focus-visible { outline: 2px solid #1a3fa8 !important; outline-offset: 2px; transition: none !important; }
.swagger-ui .opblock .opblock-summary .view-line-link.copy-to-clipboard:focus-within { width: 24px; transition: none; }
.swagger-ui .opblock .opblock-summary .view-line-link.copy-to-clipboard { background: transparent; }
.swagger-ui .opblock .opblock-summary .view-line-link.copy-to-clipboard button {
  background-color: #7d8293; border-radius: 4px;
}
`

/** Our own page instead of the plugin's, whose script comes from a CDN: every file it names is served here. */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lead-signals API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS_PREFIX}/swagger-ui.css">
<link rel="stylesheet" href="${NARROW_CSS_PATH}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PREFIX}/swagger-ui-bundle.js"></script>
<script src="/swagger/init.js"></script>
</body>
</html>
`

/**
 * Where an OAuth sign-in started from Authorize comes back (docs/oauth.md#swagger-ui): Swagger UI's own script, as a
 * file under the same policy as the page, reads the code and hands it to the page that opened the popup, which
 * exchanges it with its PKCE verifier. The URL carries the code, so it is sent as no referrer.
 */
export const REDIRECT_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>lead-signals API: signing in</title>
<link rel="icon" href="data:,">
</head>
<body>
<script src="${ASSETS_PREFIX}/oauth2-redirect.js"></script>
</body>
</html>
`

// A file of its own rather than an inline script, so the policy below needs no 'unsafe-inline' for scripts.
// validatorUrl null: by default Swagger UI sends the spec's URL to validator.swagger.io for a badge.
// oauth2RedirectUrl: by default the page's folder (the root, for /swagger); the built-in client registered this one,
// on the origin the page is open on. initOAuth: that client, with PKCE and so without a secret.
export const INIT_JS = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(SPEC_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  oauth2RedirectUrl: location.origin + ${JSON.stringify(SWAGGER_UI_REDIRECT_PATH)},
})
window.ui.initOAuth({ clientId: ${JSON.stringify(SWAGGER_UI_CLIENT_ID)}, usePkceWithAuthorizationCodeGrant: true })
`

/**
 * Only the service's own origin, and no inline script or style (Swagger UI sets its styles through the DOM, which the
 * policy allows). Its stylesheet draws icons from data: URLs; "Try it out" and the token request of Authorize call
 * the service on the same origin. The OAuth redirect page is served under it too.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
