// docs/destinations.md#bodies: every message shows the start of a lead's post, cut where a word ends, with "…". A cut
// just after a full stop or a comma read "Team.…" in an e-mail (both parts), Discord, Teams and a Slack digest: the
// marks before the cut are left out, as Slack's message of one lead and the console leave them out (lib/text.ts).
import { expect, test } from 'bun:test'
import { type Links, type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import { slackDigest } from '../../../src/domain/webhooks/slack-digest'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { signalRow } from '../../support/webhooks'

const links: Links = { console: 'https://leads.example.com/#/signals' }
// 35 characters a sentence: the 280th character ends the eighth sentence's full stop, the 300 of the preview go on.
const post = 'Wir suchen ein CRM für unser Team. '.repeat(12)
const lead = shownToPeople({ ...signalRow('team_1'), preview: post.slice(0, 300), contentFull: post } as Lead)

test('a post cut just after a full stop ends "Team…" in every message, not "Team.…"', () => {
  const email = emailMessage([lead], 1, links, { team: 'acme' })
  const shown = {
    emailHtml: email.html,
    emailText: email.text,
    discord: JSON.stringify(discordMessage([lead], 1, links).embeds),
    teams: JSON.stringify(teamsMessage([lead], 1, links)),
    slackDigest: JSON.stringify(slackDigest([lead], 1, links, 'daily digest').blocks),
  }
  const endings = Object.fromEntries(
    Object.entries(shown).map(([where, text]) => [where, { cut: text.includes('Team…'), stop: text.includes('.…') }]),
  )
  const every = Object.fromEntries(Object.keys(shown).map((where) => [where, { cut: true, stop: false }]))
  expect(endings).toEqual(every)
})
