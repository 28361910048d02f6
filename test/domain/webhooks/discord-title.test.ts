// docs/destinations.md#discord: Discord reads Markdown in an embed's title, and in a title that is a link it reads no
// backslash escape (it shows the backslash and still formats). So a title is never a link: it is escaped, which Discord
// honours outside links, and reads as typed; the post is linked by the embed's author line, our own words.
import { describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const AUTHOR = 'C:\\Users\\ann [ops] (EMEA) **free** @everyone'

// Discord's Markdown outside a link: a backslash before a mark (anything but a letter, digit or space) shows the mark.
const MARKS = /[\\*_~`|>#[\]()<@:-]/
const asShown = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1')
/** Every mark in `text` is escaped, so Discord formats nothing and shows it as typed. */
const allEscaped = (text: string) => !MARKS.test(text.replace(/\\[^0-9A-Za-z\s]/g, ''))

async function embedSent(url: string, author = AUTHOR) {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const discord = receiver((req) => checkedAnswer('discord', req.body))
  const input = endpointInput(`${discord.origin}/api/webhooks/1/tok`, { kind: 'discord' })
  await createEndpoint(deps, { teamId: team.id, input })
  await storeSignals(deps, [signalRow(team.id, { platform: 'twitter', author, url })])
  expect(await deliverDue(deps)).toBe(1)
  expect(discord.received).toHaveLength(1)
  const body = JSON.parse(discord.received[0].body)
  expect(body.allowed_mentions).toEqual({ parse: [] })
  return body.embeds[0]
}

describe("a Discord embed's title", () => {
  for (const url of ['https://x.com/ann/status/1', 'ftp://example.com/post']) {
    test(`of a post at ${url.split(':')[0]}: no link, every mark escaped, read as typed`, async () => {
      const embed = await embedSent(url)
      expect(embed.url).toBeUndefined()
      expect(allEscaped(embed.title)).toBe(true)
      expect(asShown(embed.title)).toBe(`8/10 ACTIVE · ${AUTHOR} on X (Twitter)`)
    })
  }

  test('the post is linked by the author line, in our own words; one not at http(s) is not linked', async () => {
    expect((await embedSent('https://x.com/ann/status/1')).author).toEqual({
      name: 'Open the post',
      url: 'https://x.com/ann/status/1',
    })
    expect((await embedSent('ftp://example.com/post')).author).toBeUndefined()
  })

  test('a long name is cut after its escapes, and the platform after it still shows', async () => {
    const long = 'bracketed [name] (x) '.repeat(5).trim()
    const { title } = await embedSent('https://x.com/ann/status/1', long)
    expect(allEscaped(title)).toBe(true)
    expect(title).toEndWith('… on X \\(Twitter\\)')
    expect(`8/10 ACTIVE · ${long}`).toStartWith(asShown(title).slice(0, -'… on X (Twitter)'.length))
  })
})
