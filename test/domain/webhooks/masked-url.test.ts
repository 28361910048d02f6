import { describe, expect, test } from 'bun:test'
import { MASK, maskedUrl, unmaskedUrl } from '../../../src/domain/webhooks/masked-url'
import { AppError } from '../../../src/errors'

const SLACK_SECRET = 'XyZ12abCDef34GhIJkl56mNo'
const DISCORD_TOKEN = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7'
const SIG = 'Qx9_vB2-kLm7NpR4sT6uW8yZ0aC3eG5iK'

describe('a destination URL as it is shown (docs/destinations.md#urls-are-shown-masked)', () => {
  test('Slack: the last path segment; the workspace and channel ids stay', () => {
    const shown = maskedUrl('slack', `https://hooks.slack.com/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}`)
    expect(shown).toBe(`https://hooks.slack.com/services/T0AB12CD3/B0EF45GH6/${MASK}6mNo`)
    expect(shown).not.toContain(SLACK_SECRET)
  })

  test("Discord: the token after the webhook's id, with or without an API version or a trailing slash", () => {
    expect(maskedUrl('discord', `https://discord.com/api/webhooks/1234567890/${DISCORD_TOKEN}`)).toBe(
      `https://discord.com/api/webhooks/1234567890/${MASK}5tU7`,
    )
    expect(maskedUrl('discord', `https://discord.com/api/v10/webhooks/1/${DISCORD_TOKEN}/`)).toBe(
      `https://discord.com/api/v10/webhooks/1/${MASK}5tU7/`,
    )
  })

  test('Teams: every query value, sig among them; the workflow path stays', () => {
    const raw = `https://prod-12.westeurope.logic.azure.com/workflows/0a1b2c3d4e5f/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${SIG}`
    expect(maskedUrl('teams', raw)).toBe(
      `https://prod-12.westeurope.logic.azure.com/workflows/0a1b2c3d4e5f/triggers/manual/paths/invoke?api-version=${MASK}&sp=${MASK}Frun&sv=${MASK}&sig=${MASK}G5iK`,
    )
  })

  test('webhook: token-like path segments, query values, the password and the fragment; plain words stay', () => {
    const raw = `https://ann:hunter2hunter2@hooks.example.com:8443/in/lead-signals/${DISCORD_TOKEN.slice(0, 24)}/v2?token=${SIG}&flag`
    expect(maskedUrl('webhook', raw)).toBe(
      `https://ann:${MASK}ter2@hooks.example.com:8443/in/lead-signals/${MASK}${DISCORD_TOKEN.slice(20, 24)}/v2?token=${MASK}G5iK&flag`,
    )
    // A UUID is a token; a long word without digits, or a short id, is not.
    expect(maskedUrl('webhook', 'https://x.example/hooks/3f2a9c1e-7b4d-4e8a-9f1c-2d3e4f5a6b7c')).toBe(
      `https://x.example/hooks/${MASK}6b7c`,
    )
    expect(maskedUrl('webhook', 'https://x.example/lead-signals-receiver/12345')).toBe(
      'https://x.example/lead-signals-receiver/12345',
    )
    expect(maskedUrl('webhook', 'https://x.example/hook#s3cr3t-fragment-value')).toBe(
      `https://x.example/hook#${MASK}alue`,
    )
  })
})

describe('a URL sent back in a change', () => {
  const current = { kind: 'discord' as const, url: `https://discord.com/api/webhooks/1/${DISCORD_TOKEN}` }
  test('the masked view of the stored URL keeps it, also re-encoded by a client; a plain URL is itself', () => {
    const shown = maskedUrl(current.kind, current.url)
    expect(unmaskedUrl(shown, current)).toBe(current.url)
    expect(unmaskedUrl(shown.replaceAll('•', '%E2%80%A2'), current)).toBe(current.url)
    expect(unmaskedUrl('https://discord.com/api/webhooks/2/other', current)).toBe(
      'https://discord.com/api/webhooks/2/other',
    )
  })

  test('another masked URL, or one on a new destination, is refused naming url', () => {
    for (const [given, now] of [
      [`https://discord.com/api/webhooks/2/${MASK}5tU7`, current],
      [`https://discord.com/api/webhooks/1/${MASK}5tU7`, null],
    ] as const) {
      let refused: unknown
      try {
        unmaskedUrl(given, now)
      } catch (err) {
        refused = err
      }
      expect(refused).toBeInstanceOf(AppError)
      expect((refused as AppError).extra.details?.[0].field).toBe('url')
    }
  })
})
