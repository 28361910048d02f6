import { Cron } from 'croner'
import * as v from 'valibot'
import { CORE_PLATFORMS, SEARCH_PLATFORMS } from './platform-names'
import { httpUrl, score, timeoutMs } from './fields'
import { Email } from './email-schema'
import { Platforms } from './platforms-schema'

// Every leaf carries its default; `config.example.toml` documents the same keys (a test keeps them in step).
const port = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535))
const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1))

const Server = v.strictObject({
  // Unset: every address (0.0.0.0), but only 127.0.0.1 for `serve --demo` (docs/operations.md#configuration-file).
  host: v.optional(v.string()),
  port: v.optional(port, 8080),
  max_body_bytes: v.optional(positiveInt, 1_048_576),
  // On SIGTERM/SIGINT: how long requests in flight and the polling pass in progress get to finish. Longer than
  // scorer.timeout_ms by default, so that a scoring call in flight can end (units of calls cut off are given back).
  shutdown_timeout_ms: timeoutMs(35_000),
  // One log line per request: method, route pattern, status, milliseconds, team, request id.
  log_requests: v.optional(v.boolean(), true),
  // Check each JSON answer against the route's documented schema (a 500 when it does not match): for development
  // and the test suite; off, an answer is sent as built (docs/performance.md#response-checks).
  check_responses: v.optional(v.boolean(), false),
  // The address users and clients reach the service at (behind a reverse proxy): the OAuth issuer and resource
  // identifiers are made from it. Empty: the scheme and host each request arrived with (docs/oauth.md#public-url).
  public_url: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        httpUrl,
        v.regex(/^https?:\/\/[^/?#]+\/?$/, 'must be a scheme and host only, such as "https://leads.example.com"'),
        v.transform((u) => u.replace(/\/+$/, '')),
      ),
    ]),
    '',
  ),
})

const Database = v.strictObject({
  url: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(file:|https?:\/\/|libsql:\/\/|wss?:\/\/|:memory:$)/,
        'must start with file:, http(s)://, libsql:// or ws(s)://',
      ),
    ),
    'file:./data/lead-signals.db',
  ),
  auth_token: v.optional(v.string(), ''),
})

const Api = v.strictObject({
  search_variant: v.optional(v.picklist(['raw', 'scored']), 'raw'),
  count_usage_endpoint: v.optional(v.boolean(), false),
})

const Scorer = v.strictObject({
  backend: v.optional(v.picklist(['ollama', 'openai', 'rules']), 'ollama'),
  fallback: v.optional(v.picklist(['rules', 'none']), 'rules'),
  qualify_threshold: score(6),
  // docs/scoring.md#triage: in polling, a model is asked only about posts the rules score at least triage_threshold.
  triage: v.optional(v.picklist(['rules', 'none']), 'rules'),
  triage_threshold: score(4.1),
  timeout_ms: v.optional(positiveInt, 30_000),
  concurrency: v.optional(positiveInt, 4),
  ollama: v.optional(
    v.strictObject({
      host: v.optional(httpUrl, 'http://127.0.0.1:11434'),
      model: v.optional(v.string(), 'qwen2.5:3b'),
      // Ollama's default context is small; a prompt longer than it loses its start (the instructions) silently.
      num_ctx: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(1_048_576)), 4096),
      // A Go duration ("10m", "1h30m") or seconds; -1 keeps the model loaded, 0 unloads it after each call.
      keep_alive: v.optional(
        v.union([
          v.pipe(
            v.string(),
            v.regex(/^-?(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/, 'must be a duration such as "10m" or "1h"'),
          ),
          v.pipe(v.number(), v.integer()),
        ]),
        '10m',
      ),
    }),
    {},
  ),
  openai: v.optional(
    v.strictObject({
      base_url: v.optional(httpUrl, 'https://api.openai.com/v1'),
      api_key: v.optional(v.string(), ''),
      model: v.optional(v.string(), 'gpt-4o-mini'),
    }),
    {},
  ),
})

function isCronExpression(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop()
    return true
  } catch {
    return false
  }
}

const Polling = v.strictObject({
  enabled: v.optional(v.boolean(), true),
  schedule: v.optional(
    v.pipe(v.string(), v.check(isCronExpression, 'must be a cron expression such as "*/15 * * * *"')),
    '*/15 * * * *',
  ),
  // Mentions asked of each platform per keyword and pass (the newest ones).
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 50),
  // Upstream searches in flight at once during a pass.
  concurrency: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64)), 4),
  // A pass holds a lease in the database, renewed while it runs; a holder silent this long is taken over.
  lease_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(3600)), 60),
})

// docs/operations.md#backups-and-restore: backups `serve` writes of an embedded database ('' = none).
const Backup = v.strictObject({
  schedule: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => s === '' || isCronExpression(s), 'must be "" or a cron expression such as "0 3 * * *"'),
    ),
    '',
  ),
  keep: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 7),
  dir: v.optional(v.pipe(v.string(), v.minLength(1)), './data/backups'),
})

export const Plan = v.strictObject({
  api_access: v.optional(v.boolean(), true),
  monthly_requests: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.literal('unlimited')]), 0),
  monthly_credits: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  any_keyword: v.optional(v.boolean(), false),
  platforms: v.optional(v.array(v.picklist(SEARCH_PLATFORMS)), []),
})
export type Plan = v.InferOutput<typeof Plan>

/** docs/api.md#plans: the four plans that exist unless the configuration redefines them. */
export const DEFAULT_PLANS: Record<string, v.InferInput<typeof Plan>> = {
  starter: { api_access: false, monthly_requests: 0, platforms: [] },
  growth: { api_access: true, monthly_requests: 500, platforms: CORE_PLATFORMS },
  scale: { api_access: true, monthly_requests: 2500, platforms: [...SEARCH_PLATFORMS] },
  ultimate: { api_access: true, monthly_requests: 0, monthly_credits: 100, platforms: CORE_PLATFORMS },
}

// docs/oauth.md: the authorization server for third-party applications and remote assistants.
const OAuth = v.strictObject({
  // RFC 7591: any client may register itself (its user still has to allow it).
  dynamic_registration: v.optional(v.boolean(), true),
  // Client metadata documents on private, loopback or link-local addresses (docs/security.md#outbound-requests).
  allow_private_client_urls: v.optional(v.boolean(), false),
  access_token_minutes: v.optional(v.pipe(positiveInt, v.maxValue(1440)), 60),
  refresh_token_days: v.optional(v.pipe(positiveInt, v.maxValue(365)), 30),
})

// docs/webhooks.md: pushing new signals to the teams' receivers.
const Webhooks = v.strictObject({
  // Receivers on private, loopback or link-local addresses (docs/security.md#outbound-requests).
  allow_private_targets: v.optional(v.boolean(), false),
})

export const Config = v.strictObject({
  server: v.optional(Server, {}),
  database: v.optional(Database, {}),
  api: v.optional(Api, {}),
  scorer: v.optional(Scorer, {}),
  polling: v.optional(Polling, {}),
  backup: v.optional(Backup, {}),
  oauth: v.optional(OAuth, {}),
  webhooks: v.optional(Webhooks, {}),
  email: v.optional(Email, {}),
  plans: v.optional(
    v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_-]{0,31}$/, 'plan names are lower-case words')), Plan),
    {},
  ),
  platforms: v.optional(Platforms, {}),
})
export type Config = v.InferOutput<typeof Config>
export type ConfigInput = v.InferInput<typeof Config>
