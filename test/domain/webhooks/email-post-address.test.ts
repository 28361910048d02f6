// docs/destinations.md#links: an e-mail links a post as every chat does (post-link.ts). A signal stored before those
// rules may hold a `javascript:` or `data:` address, or one of 5,000 characters: the first two were printed whole in
// both parts of the e-mail (5,000 characters of a data: URL a lead), the last was an href of 5,000.
import { describe, expect, test } from 'bun:test'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import type { Lead } from '../../../src/domain/webhooks/links'
import { signalRow } from '../../support/webhooks'

const links = { console: 'https://leads.example.com/#/signals', unsubscribe: 'https://leads.example.com/u/tok' }
const leadOf = (url: string, author: string) => ({ ...signalRow('team_1', { url, author }) }) as Lead

describe("an e-mail's links to the posts", () => {
  test('a javascript: or data: address is neither linked nor shown; one of 5,000 characters is shown by its start', () => {
    const long = `https://example.com/${'a'.repeat(5000)}`
    const leads = [
      leadOf('javascript:alert(1)', 'js'),
      leadOf(`data:text/html,${'<b>x</b>'.repeat(600)}`, 'data'),
      leadOf(long, 'long'),
      leadOf('https://news.ycombinator.com/item?id=42', 'good'),
    ]
    const mail = emailMessage(leads, 4, links, { team: 'acme', heading: 'the last hour' })
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('javascript:')
      expect(part).not.toContain('data:')
      expect(part).not.toContain('a'.repeat(101))
      expect(part).toContain(`Post: https://example.com/${'a'.repeat(80)}…`)
      expect(part).toContain('https://news.ycombinator.com/item?id=42')
    }
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs).toEqual([
      'https://news.ycombinator.com/item?id=42',
      'https://leads.example.com/#/signals',
      'https://leads.example.com/u/tok',
    ])
    expect(mail.html.split('Open the post').length - 1).toBe(1)
  })
})
