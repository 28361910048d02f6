// storage/repos/signal-text.ts: a post's NUL is kept as U+FFFD, so the text after it is read back (docs/api.md#export).
import { describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow, signalsOutcome } from '../../support/webhooks'

describe('a NUL in a post polling stores', () => {
  test('the author, reason, preview and full text come back whole, the NUL as U+FFFD', async () => {
    const { deps } = await testDeps()
    const teamId = (await seedTeam(deps)).team.id
    const text = (what: string) => `${what} before\u0000=cmd|' /C calc'!A0 after`
    const row = signalRow(teamId, { platform: 'hackernews', postId: '7', author: text('author') })
    Object.assign(row, { reason: text('reason'), preview: text('preview'), contentFull: text('full') })
    await deps.repos.polling.store(signalsOutcome(deps, [row]))
    const stored = await deps.repos.signals.byId(teamId, row.id)
    const kept = (what: string) => `${what} before\uFFFD=cmd|' /C calc'!A0 after`
    expect([stored?.author, stored?.reason, stored?.preview, stored?.contentFull]).toEqual(
      ['author', 'reason', 'preview', 'full'].map(kept),
    )
  })
})
