// docs/destinations.md#discord: an embed's title with a url is shown by Discord as a link, in whose text Discord reads
// no backslash escape and shows each backslash as typed. A lead's title is sent as typed when it links to the post,
// escaped for Markdown only when it is no link.
import { describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const AUTHOR = 'C:\\Users\\ann [ops] (EMEA) *lead*'

async function titleSent(url: string, author = AUTHOR) {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const discord = receiver((req) => checkedAnswer('discord', req.body))
  const input = endpointInput(`${discord.origin}/api/webhooks/1/tok`, { kind: 'discord' })
  await createEndpoint(deps, { teamId: team.id, input })
  await storeSignals(deps, [signalRow(team.id, { platform: 'twitter', author, url })])
  expect(await deliverDue(deps)).toBe(1)
  expect(discord.received).toHaveLength(1)
  const [embed] = JSON.parse(discord.received[0].body).embeds
  return embed
}

describe("a Discord embed's title", () => {
  test('linked to the post: as typed, backslashes, brackets and parentheses and all', async () => {
    const embed = await titleSent('https://x.com/ann/status/1')
    expect(embed.url).toBe('https://x.com/ann/status/1')
    expect(embed.title).toBe(`8/10 ACTIVE · ${AUTHOR} on X (Twitter)`)
  })

  test('a long name is cut, without an escape, and the platform after it still shows', async () => {
    const long = 'bracketed [name] (x) '.repeat(5).trim()
    const { title } = await titleSent('https://x.com/ann/status/1', long)
    expect(title).not.toContain('\\')
    expect(title).toEndWith('… on X (Twitter)')
    expect(`8/10 ACTIVE · ${long}`).toStartWith(title.slice(0, -'… on X (Twitter)'.length))
  })

  test('no link (a post address that is not http): escaped, as the rest of the embed', async () => {
    const embed = await titleSent('ftp://example.com/post')
    expect(embed.url).toBeUndefined()
    expect(embed.title).toBe('8/10 ACTIVE · C\\:\\\\Users\\\\ann \\[ops\\] \\(EMEA\\) \\*lead\\* on X \\(Twitter\\)')
  })
})
