// docs/destinations.md#cadence: an e-mail lists fewer leads when their text is long, so that it stays under the size
// at which Gmail clips a message (about 102 KB) and hides what follows, the console and unsubscribe links too. Gmail
// measures the message as it arrives, its HTML in its transfer encoding (docs/destinations.md#e-mail): the HTML of
// leads written in Chinese or Arabic goes as base64, a third larger than its bytes, and Latin text with accents as
// quoted-printable, where each of their bytes takes three.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const GMAIL_CLIPS_AT = 100_000

/** The HTML part of a raw message as it went over SMTP: its headers and its encoded body, up to the next boundary. */
function htmlPartOnWire(raw: Buffer) {
  const text = raw.toString('latin1')
  const start = text.indexOf('Content-Type: text/html')
  const end = text.indexOf('\r\n--', start)
  return text.slice(start, end)
}

const TEXTS = {
  chinese: '我們的銷售團隊正在尋找一個客戶關係管理系統，預算已經批准，希望下個月上線。',
  accented: 'Ça dépend: équipe de vente à Zürich, café, déjà vu, naïve, façade, garçon, élève, été. ',
}

describe('the size of an e-mail on the wire', () => {
  for (const [name, words] of Object.entries(TEXTS))
    test(`fifty leads in ${name}: its HTML part as sent stays under Gmail's clipping size, the links there`, async () => {
      const { deps, clock, team, server } = await everyKindWorld(smtp, receiver)
      await createEndpoint(deps, {
        teamId: team.id,
        input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com' }),
      })
      const long = words.repeat(30)
      await storeSignals(
        deps,
        Array.from({ length: 50 }, (_, i) =>
          signalRow(team.id, {
            author: long.slice(0, 100),
            preview: long.slice(0, 300),
            reason: long.slice(0, 500),
            detectedAt: `2026-11-15T11:58:${String(31 + (i % 28)).padStart(2, '0')}.000Z`,
          }),
        ),
      )
      clock.set('2026-11-15T12:02:05.000Z')
      expect(await buildDueWindows(deps)).toBe(1)
      expect(await deliverDue(deps)).toBe(1)

      const got = server.received[0]
      expect(htmlPartOnWire(got?.raw ?? Buffer.alloc(0)).length).toBeLessThan(GMAIL_CLIPS_AT)
      const html = String(got?.mail.html)
      const shown = html.split('Open the post').length - 1
      expect(shown).toBeGreaterThan(10)
      expect(html).toContain(`${50 - shown} more in the console.`)
      expect(html).toContain('Unsubscribe</a>')
    })
})
