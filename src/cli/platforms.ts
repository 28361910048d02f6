import { EARLIER_ONLY_SOURCES, SOURCES, type Source } from '../config/platform-names'
import { readConfig } from '../config/read'
import { buildSearchDeps } from '../deps'
import { logsWritten } from '../lib/log'
import { type CheckResult, checkFailed, checkPlatforms } from '../domain/sources/check'
import { noPlatformAnswered, streamedWithoutSearch, withBaseUrl } from '../domain/polling/advice'
import { AppError } from '../errors'
import { parseFlags } from './args'
import { commandGroup, formatTable, noPositionals, printJson } from './common'

const STATUS_WORDS: Record<CheckResult['status'], string> = {
  ok: 'ok',
  not_configured: 'not configured',
  credentials_refused: 'credentials refused',
  rate_limited: 'rate limited',
  budget_spent: 'budget spent',
  not_reachable: 'not reachable',
  unexpected_answer: 'unexpected answer',
}

/**
 * `platforms check [--platform P] [--json]` (docs/platforms.md#checking-the-platforms): one small real search per
 * configured platform, and per platform ok or why not. Exit status 1 when a configured platform (or the one asked
 * for) fails, so a deployment script can stop there.
 */
async function check(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { platform: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const asked = typeof flags.platform === 'string' ? flags.platform.trim() : undefined
  if (asked !== undefined && !(SOURCES as readonly string[]).includes(asked))
    throw new AppError('invalid_request', `--platform must be one of ${SOURCES.join(', ')}`)
  const deps = await buildSearchDeps(readConfig(flags.config as string | undefined))
  try {
    const checked = await checkPlatforms(deps, { platform: asked as Source | undefined })
    await logsWritten()
    // A platform serve streams without the settings its search needs: said, so nobody takes its stream for unusable.
    const streamNote = (r: CheckResult) =>
      r.status === 'not_configured' ? streamedWithoutSearch(deps.config, r.platform) : undefined
    // The earlier route's own networks search, but are never polled: said, so nobody waits for their signals.
    const results = checked.map((r) => ({
      ...r,
      detail: [r.detail, streamNote(r)].filter(Boolean).join('; '),
      earlierRouteOnly: (EARLIER_ONLY_SOURCES as readonly string[]).includes(r.platform),
    }))
    if (flags.json) printJson({ platforms: results })
    else {
      console.log(
        formatTable(
          ['platform', 'status', 'detail'],
          results.map((r) => [
            r.earlierRouteOnly ? `${r.platform} (earlier route only, never polled)` : r.platform,
            STATUS_WORDS[r.status] + (r.retryAt ? ` until ${r.retryAt}` : ''),
            withBaseUrl(deps.config, r.platform, r.detail),
          ]),
        ),
      )
      // Every platform it could try was out of reach: the network is what to check, as poll --once says.
      const tried = results.filter((r) => r.status !== 'not_configured')
      if (tried.length > 0 && tried.every((r) => r.status === 'not_reachable'))
        console.log(
          noPlatformAnswered(
            deps.config,
            tried.map((r) => r.platform),
            checked.filter((r) => streamNote(r) !== undefined).map((r) => r.platform),
          ),
        )
    }
    return checkFailed(results, asked !== undefined) ? 1 : 0
  } finally {
    deps.database.client.close()
  }
}

export const platforms = commandGroup('platforms', {
  check: { usage: 'check [--platform PLATFORM] [--json]', run: check },
})
