// docs/destinations.md#discord: a Discord message's text links the console as `<…>`, which Discord shows as a link
// and loads no preview of (Discord's Markdown guide, "Markdown Text 101": a link wrapped in <> is not embedded). A
// bare address drew a preview card under the leads: Discord's crawler fetched the console, which answered with its
// sign-in page, and the channel showed that page's title after every message.
import { expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()

test("a Discord message's console link loads no preview: wrapped in <>, no bare address in its text", async () => {
  const { deps, team, r } = await everyKindWorld(smtp, receiver)
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${r.origin}${KIND_PATHS.discord}`, { kind: 'discord' }),
  })
  await storeSignals(deps, [signalRow(team.id)])
  expect(await deliverDue(deps)).toBe(1)

  const sent = r.received.find((q) => q.url.pathname === KIND_PATHS.discord)
  const { content } = JSON.parse(sent?.body ?? '{}')
  expect(content).toBe('1 new lead: <https://leads.example.com/#/signals>')
  // Every address in the text is one Discord does not embed.
  expect(content.match(/(?<!<)https?:\/\//g)).toBeNull()
})
