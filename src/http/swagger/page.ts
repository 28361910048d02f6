import { ASSETS_PREFIX } from './assets'

export const SPEC_PATH = '/swagger/json'

/** Our own page instead of the plugin's, whose script comes from a CDN: every file it names is served here. */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lead-signals API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS_PREFIX}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PREFIX}/swagger-ui-bundle.js"></script>
<script src="/swagger/init.js"></script>
</body>
</html>
`

// A file of its own rather than an inline script, so the policy below needs no 'unsafe-inline' for scripts.
// validatorUrl null: by default Swagger UI sends the spec's URL to validator.swagger.io for a badge.
export const INIT_JS = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(SPEC_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
})
`

/**
 * Only the service's own origin, and no inline script or style (Swagger UI sets its styles through the DOM, which the
 * policy allows). Its stylesheet draws icons from data: URLs; "Try it out" calls the API on the same origin.
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
