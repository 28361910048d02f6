// docs/destinations.md#bodies: an e-mail's link to a lead's person reads our own words, "Open the person’s page", as
// Slack's and Discord's do; the name beside it is text. The link read the person's name, a platform's words: an author
// named like an address or like one of our links ("Unsubscribe") made a link whose text said something it did not open.
import { expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const AUTHOR = 'https://pay.example/login'

/** Each link of an HTML body: its address and the text it reads. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, inner]) => ({
    href,
    text: (inner ?? '').replace(/<[^>]*>/g, ''),
  }))

test("an e-mail's person link reads our words; the author's name, shaped like an address, is no link", async () => {
  const { deps, clock, team, server } = await everyKindWorld(smtp, receiver)
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com' }),
  })
  await storeSignals(deps, [signalRow(team.id, { author: AUTHOR, detectedAt: '2026-11-15T11:58:40.000Z' })])
  clock.set('2026-11-15T12:02:05.000Z')
  expect(await buildDueWindows(deps)).toBe(1)
  expect(await deliverDue(deps)).toBe(1)

  const html = String(server.received[0]?.mail.html)
  const links = linksOf(html)
  // No link reads the author's words: every link's text is ours.
  expect(links.filter((l) => l.text.includes(AUTHOR))).toEqual([])
  const person = links.filter((l) => l.href.startsWith('https://leads.example.com/#/people/per_'))
  expect(person.map((l) => l.text)).toEqual(['Open the person’s page'])
  // The person is still named, as text, before the link.
  expect(html).toContain(`person <span dir="auto">${AUTHOR}</span> (<a href="${person[0]?.href}"`)
})
