import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { loadConfig } from '../../src/config/load'
import { refusal } from './refusal'
import { Config } from '../../src/config/schema'

const example = readFileSync(new URL('../../config.example.toml', import.meta.url), 'utf8')
const failure = refusal

/** Dotted paths of every leaf of a parsed configuration (tables inside plans/platforms included). */
function leafPaths(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || Object.keys(obj).length === 0) return [prefix]
  return Object.entries(obj).flatMap(([k, val]) => leafPaths(val, prefix ? `${prefix}.${k}` : k))
}

describe('configuration (docs/operations.md#configuration)', () => {
  test('built-in defaults match the contract', () => {
    const c = loadConfig({ env: {} })
    expect(c.server).toEqual({
      host: undefined, // 0.0.0.0 for serve, 127.0.0.1 for serve --demo
      port: 8080,
      max_body_bytes: 1_048_576,
      shutdown_timeout_ms: 35_000,
      log_requests: true,
      check_responses: false,
      public_url: '',
      trusted_proxies: [],
      allowed_origins: [],
    })
    expect(c.oauth).toEqual({
      dynamic_registration: true,
      allow_private_client_urls: false,
      access_token_minutes: 60,
      refresh_token_days: 30,
      registrations_per_hour: 10,
      max_unused_clients: 200,
    })
    expect(c.polling).toEqual({ enabled: true, schedule: '*/15 * * * *', limit: 50, concurrency: 4, lease_seconds: 60 })
    expect(c.database.url).toBe('file:./data/lead-signals.db')
    expect(c.scorer).toMatchObject({
      backend: 'ollama',
      fallback: 'rules',
      qualify_threshold: 6,
      triage: 'rules',
      triage_min_buyer: 0.2,
      timeout_ms: 30_000,
      concurrency: 4,
    })
    expect(c.plans.growth).toMatchObject({ api_access: true, monthly_requests: 500 })
    // Reddit is sold once it can be searched (docs/api.md#plans): not by default.
    expect(c.plans.scale.platforms.length).toBe(18)
    expect(c.plans.scale.platforms).not.toContain('reddit')
    expect(c.plans.starter.api_access).toBe(false)
    expect(c.plans.ultimate.monthly_credits).toBe(100)
    expect(c.platforms.hackernews.base_url).toBe('https://hn.algolia.com')
  })

  test('by default a scoring call in flight at shutdown can end before the shutdown deadline', () => {
    const c = loadConfig({ env: {} })
    expect(c.scorer.timeout_ms).toBeLessThan(c.server.shutdown_timeout_ms)
  })

  test('config.example.toml parses to exactly the defaults and documents every key', () => {
    const fromExample = loadConfig({ env: {}, fileText: example })
    const defaults = loadConfig({ env: {} })
    expect(fromExample).toEqual(defaults)
    const documented = new Set(leafPaths(Bun.TOML.parse(example)))
    const inComments =
      /^server\.host$|^scorer\.openai\.context_tokens$|^platforms\.((internet|indiehacker|mastodon)\.base_url|reddit\.(base_url|timeout_ms|budget_\w+))$/
    const missing = leafPaths(defaults).filter((p) => !documented.has(p) && !inComments.test(p))
    expect(missing).toEqual([])
    // The two SearXNG base_urls have no default, Reddit's four depend on its provider: the example names them in
    // comments.
    expect(example).toContain('# base_url = "https://searx.example.org"')
    // scorer.openai.context_tokens unset is the context the server says: the example names it in a comment.
    expect(example).toContain('# context_tokens = 4096')
    for (const key of ['base_url', 'timeout_ms', 'budget_requests', 'budget_window_seconds'])
      expect(example).toMatch(new RegExp(`\\[platforms\\.reddit\\]\\n(#.*\\n)*# ${key} = `))
  })

  test('environment overrides are typed by the key and win over the file', () => {
    const c = loadConfig({
      fileText: '[server]\nport = 7000\n[plans.custom]\nany_keyword = true\n',
      env: {
        LEAD_SIGNALS_SERVER_PORT: '9000',
        LEAD_SIGNALS_API_COUNT_USAGE_ENDPOINT: 'true',
        LEAD_SIGNALS_PLANS_GROWTH_MONTHLY_REQUESTS: 'unlimited',
        LEAD_SIGNALS_PLANS_CUSTOM_PLATFORMS: 'reddit, hackernews',
        LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b',
        LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: 'http://127.0.0.1:9999',
        LEAD_SIGNALS_CONFIG: 'ignored.toml',
        // The key of `lead-signals mcp`: exported in a shell, it must not stop the other commands.
        LEAD_SIGNALS_API_KEY: 'lsk_not_a_config_key',
      },
    })
    expect(c.server.port).toBe(9000)
    expect(c.api.count_usage_endpoint).toBe(true)
    expect(c.plans.growth.monthly_requests).toBe('unlimited')
    expect(c.plans.custom).toEqual({
      api_access: true,
      monthly_requests: 0,
      monthly_credits: 0,
      any_keyword: true,
      platforms: ['reddit', 'hackernews'],
    })
    expect(c.scorer.ollama.model).toBe('llama3.2:3b')
    expect(c.platforms.hackernews.base_url).toBe('http://127.0.0.1:9999')
  })

  test("Bluesky's stream_url, one address or several, is read from the environment as a list either way", () => {
    const a = 'wss://a.example/subscribe'
    const b = 'wss://b.example/subscribe'
    const urls = (value: string) =>
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_BLUESKY_STREAM_URL: value } }).platforms.bluesky.stream_url
    expect(urls(`${a}, ${b}`)).toEqual([a, b])
    expect(urls(JSON.stringify([a, b]))).toEqual([a, b])
    expect(urls(a)).toEqual([a])
  })

  test('a plan table in the file keeps the built-in values it does not name', () => {
    const c = loadConfig({ env: {}, fileText: '[plans.growth]\nmonthly_requests = 1000\n' })
    expect(c.plans.growth.monthly_requests).toBe(1000)
    expect(c.plans.growth.platforms).toContain('hackernews')
  })

  test('a schedule that is no cron expression is refused with what is wrong in it', () => {
    const schedule = (value: string, table = 'polling') =>
      failure({ env: {}, fileText: `[${table}]\nschedule = "${value}"\n` })
    const cron = 'config: polling.schedule: must be a cron expression such as "*/15 * * * *"'
    expect(schedule('*/15 * * *')).toBe(
      `${cron}: it has 4 fields, where one has 5 (minute, hour, day of month, month, day of week), or 6 with seconds first`,
    )
    // Croner reads a seventh field as the year: polling would stop for good once that year is over, saying nothing.
    expect(schedule('0 */15 * * * * 2027')).toBe(
      `${cron}: its seventh field is a year, after which it would never run again: leave the field out or write *`,
    )
    const everyYear = '0 */15 * * * * *'
    expect(loadConfig({ env: {}, fileText: `[polling]\nschedule = "${everyYear}"\n` }).polling.schedule).toBe(everyYear)
    expect(schedule('0 0 32 * *')).toBe(`${cron}: the day of month is out of its range (1-31)`)
    expect(schedule('0 0 * 13 *')).toBe(`${cron}: the month is out of its range (1-12)`)
    expect(schedule('0 9 * * 8')).toBe(`${cron}: the day of week is out of its range (0-7, 0 and 7 are Sunday)`)
    expect(schedule('*/90 * * * *')).toBe(`${cron}: the minute "*/90" steps by more than its range (0-59) holds`)
    // Croner takes a date for one run only: polling would have run once and never again.
    expect(schedule('2027-01-01T09:00:00')).toBe(
      `${cron}: a time of day goes in the minute and hour fields ("30 2 * * *" is 02:30 UTC every day)`,
    )
    // A day with W (the weekday nearest it): croner names the field in its own word, its value off by one.
    expect(schedule('0 9 32W * *')).toBe(`${cron}: the day of month is out of its range (1-31)`)
    expect(schedule('0 9 W * *')).toBe(
      `${cron}: W goes after a day of month, as in 15W (the weekday nearest the 15th), or LW (the month's last weekday)`,
    )
    // Spaces alone (an environment variable set to " ") are no field, not one.
    const noField =
      'it has 0 fields, where one has 5 (minute, hour, day of month, month, day of week), or 6 with seconds first'
    expect(schedule('  ')).toBe(`${cron}: ${noField}`)
    expect(schedule(' ', 'backup')).toBe(
      `config: backup.schedule: must be "" or a cron expression such as "0 3 * * *": ${noField}`,
    )
    // "" turns backups off; polling has its own switch.
    expect(schedule('')).toBe(`${cron}; to poll no more, set polling.enabled = false`)
    expect(schedule('02:30', 'backup')).toBe(
      'config: backup.schedule: must be "" or a cron expression such as "0 3 * * *": a time of day goes in the minute and hour fields ("30 2 * * *" is 02:30 UTC every day)',
    )
  })

  test("a schedule croner refuses is told in the operator's words, naming the field and its value as written", () => {
    const polling =
      'config: polling.schedule (from LEAD_SIGNALS_POLLING_SCHEDULE): must be a cron expression such as "*/15 * * * *"'
    const problem = (value: string) =>
      failure({ env: { LEAD_SIGNALS_POLLING_SCHEDULE: value } }).slice(polling.length + 2)
    // Nicknames croner does not take (it takes @hourly, @daily, @midnight, @weekly, @monthly, @yearly, @annually).
    const nicknames =
      'the nicknames are @hourly, @daily (or @midnight), @weekly, @monthly and @yearly (or @annually), each alone'
    const notRead = 'is not a value a schedule reads: a number'
    const said: [string, string][] = [
      ['@reboot', `"@reboot" is no schedule: ${nicknames}`],
      ['@every 5m', `"@every 5m" is no schedule: ${nicknames}`],
      ['@hourly 5', `"@hourly 5" is no schedule: ${nicknames}`],
      // A range backwards, with the names as written (croner said '12-1').
      [
        '0 9 * DEC-JAN *',
        'the month "DEC-JAN" is a range that runs backwards: the lower value goes first, and one that wraps round is two ranges (22-23,0-2)',
      ],
      ['*/0 * * * *', 'the minute "*/0" steps by 0: a step is 1 or more (*/15: every 15th)'],
      ['*/90 * * * *', 'the minute "*/90" steps by more than its range (0-59) holds'],
      ['0 9 1/2 * *', 'the day of month "1/2" steps from a number alone: a step goes after * or a range (*/2, 1-31/2)'],
      // L and #: croner said "nth weekday out of range", "L has to be a value of its own", "dayOfWeek is not a number".
      [
        '0 9 * * 5#6',
        'the day of week "5#6": after # comes which such day of the month, 1 to 5 (5#2: its second Friday); 5L is its last',
      ],
      ['0 9 L-3 * *', 'the day of month "L-3": L stands alone (the last day of the month) or as LW (its last weekday)'],
      ['0 9 * * L', 'the day of week "L": L goes after a day, as in 5L (the last Friday of the month)'],
      // ? is "any" for croner; written inside a value it was said as croner's "*5".
      [
        '0 9 ?5 * *',
        `the day of month "?5" ${notRead} (1-31), a range (1-5), a list (1,15), a step (*/2), * or ?, L, LW or 15W`,
      ],
      ['0 9 * FOO *', `the month "FOO" ${notRead} (1-12) or JAN-DEC, a range (1-5), a list (1,15), a step (*/2), *`],
      ['0 9 * * 1,,2', 'the day of week "1,,2" has an empty item in its list'],
      // Six fields start with the second: a year written after the day of week is read as the day of week.
      [
        '0 9 * * 1 2026',
        'the day of week is out of its range (0-7, 0 and 7 are Sunday); six fields start with the second, so "2026" is the day of week',
      ],
    ]
    for (const [value, words] of said) expect(problem(value)).toBe(words)
    expect(problem('0 30-5 * * *')).toStartWith('the hour "30-5" is a range that runs backwards')
    expect(problem('0 9 * * 5#')).toStartWith('the day of week "5#": after # comes')
    expect(problem('a * * * * *')).toStartWith(`the second "a" ${notRead} (0-59)`)
    // backup.schedule says the same, after its own name.
    expect(failure({ env: { LEAD_SIGNALS_BACKUP_SCHEDULE: '@reboot' } })).toBe(
      `config: backup.schedule (from LEAD_SIGNALS_BACKUP_SCHEDULE): must be "" or a cron expression such as "0 3 * * *": "@reboot" is no schedule: ${nicknames}`,
    )
  })

  test('an unknown key, a wrong type or a bad value is an error naming the key', () => {
    expect(failure({ env: {}, fileText: '[server]\nprot = 1\n' })).toBe(
      'config: server.prot: unknown key; did you mean "port"?',
    )
    expect(failure({ env: {}, fileText: '[surver]\nport = 1\n' })).toBe(
      'config: surver: unknown key; did you mean "server"?',
    )
    expect(failure({ env: {}, fileText: '[server]\nport = "eighty"\n' })).toBe('config: server.port: must be a number')
    expect(failure({ env: {}, fileText: '[server]\nport = 70000\n' })).toStartWith('config: server.port: ')
    expect(failure({ env: {}, fileText: '[polling]\nschedule = "every now and then"\n' })).toBe(
      'config: polling.schedule: must be a cron expression such as "*/15 * * * *": it has 4 fields, where one has 5 (minute, hour, day of month, month, day of week), or 6 with seconds first',
    )
    expect(failure({ env: {}, fileText: '[polling]\nschedule = "0 0 31 2 *"\n' })).toBe(
      'config: polling.schedule: never runs: no date matches it (such as the 31st of a month that has 30 days)',
    )
    expect(failure({ env: {}, fileText: '[backup]\nschedule = "0 3 30 2 *"\n' })).toStartWith(
      'config: backup.schedule: never runs',
    )
    expect(failure({ env: {}, fileText: '[scorer]\nbackend = "gpt"\n' })).toBe(
      'config: scorer.backend: must be one of: ollama, openai, rules',
    )
    expect(failure({ env: {}, fileText: '[plans.growth]\nplatforms = ["myspace"]\n' })).toStartWith(
      'config: plans.growth.platforms (item 1): ',
    )
    expect(failure({ env: {}, fileText: '[platforms.hackernews]\nbase_url = "ftp://x"\n' })).toStartWith(
      'config: platforms.hackernews.base_url: ',
    )
    expect(failure({ env: {}, fileText: '[database]\nurl = "postgres://x"\n' })).toStartWith('config: database.url: ')
    // A number from the environment is written in decimal: "0x50" is not port 80, nor "1e3" port 1000.
    for (const port of ['abc', '0x50', '1e3', '0b1', '80 80'])
      expect(failure({ env: { LEAD_SIGNALS_SERVER_PORT: port } })).toStartWith(
        'config: server.port (from LEAD_SIGNALS_SERVER_PORT): ',
      )
    // A list from the environment: the item is named with the variable that gave the list, not as if from the file.
    expect(failure({ env: { LEAD_SIGNALS_SERVER_TRUSTED_PROXIES: '10.0.0.0/8,foo' } })).toStartWith(
      'config: server.trusted_proxies (item 2) (from LEAD_SIGNALS_SERVER_TRUSTED_PROXIES): ',
    )
    expect(failure({ env: { LEAD_SIGNALS_SERVER_PROT: '1' } })).toBe(
      'config: LEAD_SIGNALS_SERVER_PROT is not a configuration key; did you mean LEAD_SIGNALS_SERVER_PORT?',
    )
    expect(failure({ env: {}, fileText: 'this is = not toml [' })).toStartWith('config: the file is not valid TOML')
  })

  test('triage settings (docs/scoring.md#triage): a mode it does not know or a probability outside 0-1 is refused', () => {
    expect(loadConfig({ env: { LEAD_SIGNALS_SCORER_TRIAGE: 'none' } }).scorer.triage).toBe('none')
    expect(loadConfig({ env: {}, fileText: '[scorer]\ntriage_min_buyer = 0.3\n' }).scorer.triage_min_buyer).toBe(0.3)
    for (const bad of ['-0.1', '1.5', '"0.2"'])
      expect(failure({ env: {}, fileText: `[scorer]\ntriage_min_buyer = ${bad}\n` })).toStartWith(
        'config: scorer.triage_min_buyer: ',
      )
    expect(failure({ env: {}, fileText: '[scorer]\ntriage = "model"\n' })).toStartWith('config: scorer.triage: ')
    expect(failure({ env: {}, fileText: '[scorer]\ntriage = true\n' })).toStartWith('config: scorer.triage: ')
    // The score threshold it replaces is refused with a message that names its successor, from a file or the
    // environment.
    expect(failure({ env: {}, fileText: '[scorer]\ntriage_threshold = 4.1\n' })).toBe(
      'config: scorer.triage_threshold: replaced by scorer.triage_min_buyer: triage now sends on the posts whose buyer probability (0-1) reaches it',
    )
    expect(failure({ env: { LEAD_SIGNALS_SCORER_TRIAGE_THRESHOLD: '4' } })).toStartWith(
      'config: scorer.triage_threshold (from LEAD_SIGNALS_SCORER_TRIAGE_THRESHOLD): replaced by scorer.triage_min_buyer',
    )
  })

  test('the schema is strict at every level', () => {
    expect(v.safeParse(Config, { scorer: { ollama: { hots: 'x' } } }).success).toBe(false)
    expect(v.safeParse(Config, { platforms: { myspace: {} } }).success).toBe(false)
  })
})

test('a provider input may hold lists and tables, and provider tables wait 120 s by default', () => {
  const c = loadConfig({
    env: {},
    fileText:
      '[platforms.linkedin]\nactor = "a/b"\ntoken = "t"\ninput = { searchQueries = ["{keyword}"], options = { max = "{limit}" } }\n',
  })
  expect(c.platforms.linkedin.input).toEqual({ searchQueries: ['{keyword}'], options: { max: '{limit}' } })
  expect(c.platforms.linkedin.timeout_ms).toBe(120_000)
  expect(c.platforms.hackernews.timeout_ms).toBe(10_000)
})

test('server.public_url is a scheme and host, its trailing slash dropped (docs/oauth.md#public-url)', () => {
  expect(loadConfig({ env: { LEAD_SIGNALS_SERVER_PUBLIC_URL: 'https://leads.example.com/' } }).server.public_url).toBe(
    'https://leads.example.com',
  )
  for (const bad of ['https://leads.example.com/app', 'ftp://x.example', 'https://x.example/?a=1'])
    expect(() => loadConfig({ env: { LEAD_SIGNALS_SERVER_PUBLIC_URL: bad } })).toThrow('public_url')
})

test('an address without http:// or https:// says so, whichever setting holds it (docs/operations.md#configuration)', () => {
  // Ollama's own OLLAMA_HOST is written without a scheme (127.0.0.1:11434); copied here it used to read 'is not valid'.
  const noScheme = 'must be an address starting with http:// or https://'
  expect(failure({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: '127.0.0.1:11434' } })).toBe(
    `config: scorer.ollama.host (from LEAD_SIGNALS_SCORER_OLLAMA_HOST): ${noScheme}`,
  )
  expect(failure({ env: {}, fileText: '[scorer.openai]\nbase_url = "127.0.0.1:8000/v1"\n' })).toBe(
    `config: scorer.openai.base_url: ${noScheme}`,
  )
  expect(failure({ env: {}, fileText: '[platforms.hackernews]\nbase_url = "hn.mirror.internal"\n' })).toBe(
    `config: platforms.hackernews.base_url: ${noScheme}`,
  )
  // Settings that may also be left empty ("" or a whole address) said 'must be ' and stopped there.
  expect(failure({ env: { LEAD_SIGNALS_SERVER_PUBLIC_URL: 'leads.example.com' } })).toBe(
    `config: server.public_url (from LEAD_SIGNALS_SERVER_PUBLIC_URL): ${noScheme}`,
  )
  expect(failure({ env: {}, fileText: '[platforms.hackernews]\nstream_url = "hn.mirror.internal/v0"\n' })).toBe(
    `config: platforms.hackernews.stream_url: ${noScheme}`,
  )
  expect(failure({ env: {}, fileText: '[server]\npublic_url = "https://leads.example.com/app"\n' })).toBe(
    'config: server.public_url: must be a scheme and host only, such as "https://leads.example.com"',
  )
})

test('a setting that takes a number or a word names both when it gets neither', () => {
  // 'must be unlimited' read as if a number were not allowed.
  expect(failure({ env: {}, fileText: '[plans.growth]\nmonthly_requests = "lots"\n' })).toBe(
    'config: plans.growth.monthly_requests: must be a number, or unlimited',
  )
  expect(failure({ env: {}, fileText: '[plans.growth]\nmonthly_requests = -5\n' })).toBe(
    'config: plans.growth.monthly_requests: must be at least 0',
  )
  expect(
    loadConfig({ env: {}, fileText: '[plans.growth]\nmonthly_requests = "unlimited"\n' }).plans.growth.monthly_requests,
  ).toBe('unlimited')
})

test('a model named by nothing is refused at start, not sent to the model server', () => {
  // An empty LEAD_SIGNALS_SCORER_OLLAMA_MODEL (a compose file's unset variable) checked as 'no model "": run "ollama
  // pull " there'.
  expect(failure({ env: { LEAD_SIGNALS_SCORER_OLLAMA_MODEL: '' } })).toBe(
    'config: scorer.ollama.model (from LEAD_SIGNALS_SCORER_OLLAMA_MODEL): must name a model',
  )
  expect(failure({ env: {}, fileText: '[scorer.openai]\nmodel = "  "\n' })).toBe(
    'config: scorer.openai.model: must name a model',
  )
  expect(loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b' } }).scorer.ollama.model).toBe(
    'llama3.2:3b',
  )
})

test('a misspelt key names the key it most likely meant, in the file and in the environment', () => {
  // 'scorer.ollama.hots: unknown key' left the operator to find host among the table's keys.
  const cases: [Parameters<typeof loadConfig>[0], string][] = [
    [
      { env: {}, fileText: '[scorer.ollama]\nhots = "http://127.0.0.1:11434"\n' },
      'config: scorer.ollama.hots: unknown key; did you mean "host"?',
    ],
    [
      { env: {}, fileText: '[scorer.opanai]\nmodel = "m"\n' },
      'config: scorer.opanai: unknown key; did you mean "openai"?',
    ],
    [
      { env: { LEAD_SIGNALS_SCORER_OLAMA_HOST: 'http://127.0.0.1:11434' } },
      'config: LEAD_SIGNALS_SCORER_OLAMA_HOST is not a configuration key; did you mean LEAD_SIGNALS_SCORER_OLLAMA_HOST?',
    ],
    // "requests" under [plans.growth] had no hint: eight letters from "monthly_requests", too far for a typo, yet that
    // key with a word left out. A key named by the words of one longer key names it.
    [
      { env: {}, fileText: '[plans.growth]\nrequests = 1\n' },
      'config: plans.growth.requests: unknown key; did you mean "monthly_requests"?',
    ],
    [
      { env: {}, fileText: '[platforms.hackernews]\ntimeout = 1\n' },
      'config: platforms.hackernews.timeout: unknown key; did you mean "timeout_ms"?',
    ],
    [
      { env: {}, fileText: '[webhooks]\nprivate_targets = true\n' },
      'config: webhooks.private_targets: unknown key; did you mean "allow_private_targets"?',
    ],
    [
      { env: { LEAD_SIGNALS_PLANS_GROWTH_REQUESTS: '1' } },
      'config: LEAD_SIGNALS_PLANS_GROWTH_REQUESTS is not a configuration key; did you mean LEAD_SIGNALS_PLANS_GROWTH_MONTHLY_REQUESTS?',
    ],
    // Nothing near, or words of two keys ("url": base_url and stream_url): the line as before.
    [{ env: {}, fileText: '[server]\nfrobnicate = 1\n' }, 'config: server.frobnicate: unknown key'],
    [
      { env: {}, fileText: '[platforms.mastodon]\nurl = "https://m.example"\n' },
      'config: platforms.mastodon.url: unknown key',
    ],
  ]
  for (const [given, message] of cases) expect(failure(given)).toBe(message)
})

test('a setting that takes two kinds of value says what each may be when given a third', () => {
  // '[scorer.ollama] keep_alive = true' read only 'is not valid', and Bluesky's stream_url given a number the same.
  expect(failure({ env: {}, fileText: '[scorer.ollama]\nkeep_alive = true\n' })).toBe(
    'config: scorer.ollama.keep_alive: must be a duration such as "10m" or "1h", or a whole number of seconds (-1 keeps the model loaded)',
  )
  expect(failure({ env: {}, fileText: '[platforms.bluesky]\nstream_url = 5\n' })).toBe(
    'config: platforms.bluesky.stream_url: must be text, or a list',
  )
  // A value of the right kind still gets that kind's own rule.
  expect(failure({ env: {}, fileText: '[scorer.ollama]\nkeep_alive = "soon"\n' })).toBe(
    'config: scorer.ollama.keep_alive: must be a duration such as "10m" or "1h"',
  )
})

// docs/operations.md#database-settings: a token is for a libSQL server. Beside a local file it was dropped without a
// word, which hid a database.url forgotten or misspelt on one of several executables meant to share a server: that
// one wrote a database of its own.
describe('database.auth_token with a local database', () => {
  const words =
    'set, but database.url is a local file, which takes no token: give database.url the libSQL server, or remove the token'

  test('is refused, from the file or the environment, without the token', () => {
    expect(failure({ fileText: '[database]\nauth_token = "tok-123"\n', env: {} })).toBe(
      `config: database.auth_token: ${words}`,
    )
    const fromEnv = failure({
      env: { LEAD_SIGNALS_DATABASE_URL: 'file:./x.db', LEAD_SIGNALS_DATABASE_AUTH_TOKEN: 'tok-123' },
    })
    expect(fromEnv).toBe(`config: database.auth_token (from LEAD_SIGNALS_DATABASE_AUTH_TOKEN): ${words}`)
  })

  test('is taken with a libSQL server, and an empty one with a file', () => {
    const remote = loadConfig({
      env: { LEAD_SIGNALS_DATABASE_URL: 'libsql://db.example.org', LEAD_SIGNALS_DATABASE_AUTH_TOKEN: 'tok' },
    })
    expect(remote.database.auth_token).toBe('tok')
    expect(loadConfig({ fileText: '[database]\nauth_token = ""\n', env: {} }).database.url).toBe(
      'file:./data/lead-signals.db',
    )
  })
})
