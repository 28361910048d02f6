import * as v from 'valibot'
import { nextCronRun } from '../lib/cron'
import { cronProblem } from '../lib/cron-problem'
import { CORE_PLATFORMS, SEARCH_PLATFORMS } from './platform-names'
import { modelName, modelServerUrl, probability, retired, score } from './fields'
import { Database } from './database-schema'
import { Email } from './email-schema'
import { Platforms } from './platforms-schema'
import { Server } from './server-schema'

// Every leaf carries its default; `config.example.toml` documents the same keys (a test keeps them in step).
const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1))

const Api = v.strictObject({
  search_variant: v.optional(v.picklist(['raw', 'scored']), 'raw'),
  count_usage_endpoint: v.optional(v.boolean(), false),
})

const Scorer = v.strictObject({
  backend: v.optional(v.picklist(['ollama', 'openai', 'rules']), 'ollama'),
  fallback: v.optional(v.picklist(['rules', 'none']), 'rules'),
  qualify_threshold: score(6),
  // docs/scoring.md#triage: in polling, a model is asked only about posts whose buyer probability reaches
  // triage_min_buyer.
  triage: v.optional(v.picklist(['rules', 'none']), 'rules'),
  triage_min_buyer: probability(0.2),
  triage_threshold: retired(
    'replaced by scorer.triage_min_buyer: triage now sends on the posts whose buyer probability (0-1) reaches it',
  ),
  timeout_ms: v.optional(positiveInt, 30_000),
  concurrency: v.optional(positiveInt, 4),
  ollama: v.optional(
    v.strictObject({
      host: v.optional(modelServerUrl('the address as http://user:password@host:port'), 'http://127.0.0.1:11434'),
      model: modelName('qwen2.5:3b'),
      // Ollama's default context is small; a prompt longer than it loses its start (the instructions) silently.
      num_ctx: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(1_048_576)), 4096),
      // A Go duration ("10m", "1h30m") or seconds; -1 keeps the model loaded, 0 unloads it after each call.
      keep_alive: v.optional(
        v.union(
          [
            v.pipe(
              v.string(),
              v.regex(/^-?(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/, 'must be a duration such as "10m" or "1h"'),
            ),
            v.pipe(v.number(), v.integer()),
          ],
          'must be a duration such as "10m" or "1h", or a whole number of seconds (-1 keeps the model loaded)',
        ),
        '10m',
      ),
    }),
    {},
  ),
  openai: v.optional(
    v.strictObject({
      base_url: v.optional(modelServerUrl('scorer.openai.api_key'), 'https://api.openai.com/v1'),
      api_key: v.optional(v.string(), ''),
      model: modelName('gpt-4o-mini'),
      // The context the server gives the model (the llama.cpp server's -c, vLLM's --max-model-len): a post longer than
      // fits is cut, as for Ollama's num_ctx, rather than the server refusing the prompt (docs/scoring.md#the-prompt).
      // Unset: the context the server says it has, else 4096 (openai-context.ts); set, it is the operator's word.
      context_tokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2048), v.maxValue(1_048_576))),
    }),
    {},
  ),
})

/** A cron expression check whose message says what is wrong in the value (lib/cron-problem.ts). */
const cronExpression = (must: string) =>
  v.check(
    (s: string) => s === '' || cronProblem(s) === undefined,
    (issue) => `${must}: ${cronProblem(String(issue.input))}`,
  )

/**
 * Whether a cron expression has a next run: "0 0 31 2 *" (February 31st) parses but never comes, and a job on it
 * would never run without a word. An expression that does not parse is left to isCronExpression's message.
 */
function runsAgain(expression: string): boolean {
  try {
    return nextCronRun(expression, new Date()) !== null
  } catch {
    return true
  }
}
const NEVER_RUNS = 'never runs: no date matches it (such as the 31st of a month that has 30 days)'

const Polling = v.strictObject({
  enabled: v.optional(v.boolean(), true),
  schedule: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1, 'must be a cron expression such as "*/15 * * * *"; to poll no more, set polling.enabled = false'),
      cronExpression('must be a cron expression such as "*/15 * * * *"'),
      v.check(runsAgain, NEVER_RUNS),
    ),
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
      cronExpression('must be "" or a cron expression such as "0 3 * * *"'),
      v.check((s) => s === '' || runsAgain(s), NEVER_RUNS),
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
  // docs/security.md#what-is-bounded: registrations a client address may make in an hour, and registered clients
  // that have not yet been allowed by anyone (pruned after a day).
  registrations_per_hour: v.optional(v.pipe(positiveInt, v.maxValue(10_000)), 10),
  max_unused_clients: v.optional(v.pipe(positiveInt, v.maxValue(100_000)), 200),
})

// docs/webhooks.md: pushing new signals to the teams' receivers.
const Webhooks = v.strictObject({
  // Receivers on private, loopback or link-local addresses (docs/security.md#outbound-requests).
  allow_private_targets: v.optional(v.boolean(), false),
  // Each destination multiplies every new signal's deliveries (docs/security.md#what-is-bounded).
  max_endpoints_per_team: v.optional(v.pipe(positiveInt, v.maxValue(1000)), 20),
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
