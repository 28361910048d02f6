import { describe, expect, test } from 'bun:test'
import { listDeliveries } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import type { Logger } from '../../../src/lib/log'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
// A Discord webhook's token: the part of its URL that lets anyone post to the channel.
const TOKEN = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7'

/** What the delivery log shows of a receiver's refusal, and the log lines written meanwhile. */
async function refusedWith(
  answer: (req: Received) => Response,
  kind: 'webhook' | 'slack' | 'discord' = 'webhook',
  userinfo = '',
) {
  const lines: string[] = []
  const log: Logger = {
    info: (event, fields) => lines.push(JSON.stringify({ event, ...fields })),
    warn: (event, fields) => lines.push(JSON.stringify({ event, ...fields })),
    error: (event, fields) => lines.push(JSON.stringify({ event, ...fields })),
  }
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } }, deps: { log } })
  const { team } = await seedTeam(deps)
  const r = receiver(answer)
  const path = kind === 'discord' ? `/api/webhooks/1234567890/${TOKEN}` : '/services/T0AB12CD3/B0EF45GH6/x'
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${r.origin.replace('//', `//${userinfo}`)}${path}`, { kind }),
  })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverDue(deps)
  const [d] = await listDeliveries(deps, { teamId: team.id, endpointId: endpoint.id, limit: 10 })
  return { code: d?.lastStatusCode, error: d?.lastError, lines: lines.join('\n') }
}

describe("a receiver's refusal shows its own reason in the delivery log (docs/webhooks.md#the-delivery-log)", () => {
  test("Slack's plain-text error code", async () => {
    const seen = await refusedWith(() => new Response('invalid_blocks', { status: 400 }), 'slack')
    expect(seen).toMatchObject({ code: 400, error: 'answered 400: invalid_blocks' })
    expect(seen.lines).toContain('answered 400: invalid_blocks')
  })

  test("Discord's JSON message, without the webhook's token even when the receiver repeats the URL", async () => {
    const invalid = await refusedWith(
      () => Response.json({ message: 'Invalid Form Body', code: 50035 }, { status: 400 }),
      'discord',
    )
    expect(invalid).toMatchObject({ code: 400, error: 'answered 400: Invalid Form Body' })
    const echoed = await refusedWith(
      () => new Response(`Cannot POST /api/webhooks/1234567890/${TOKEN}`, { status: 404 }),
      'discord',
    )
    expect(echoed.error).toBe('answered 404: Cannot POST /api/webhooks/1234567890/…')
    expect(echoed.lines).not.toContain(TOKEN)
  })

  test("Discord's form error names the field and what is wrong with it (Discord's reference, Error Messages)", async () => {
    const body = {
      code: 50035,
      errors: {
        embeds: {
          '0': {
            author: { url: { _errors: [{ code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }] } },
          },
        },
      },
      message: 'Invalid Form Body',
    }
    const seen = await refusedWith(() => Response.json(body, { status: 400 }), 'discord')
    expect(seen.error).toBe('answered 400: Invalid Form Body: embeds.0.author.url: Not a well formed URL.')
    const whole = {
      code: 50035,
      errors: { _errors: [{ code: 'X', message: 'Too large' }] },
      message: 'Invalid Form Body',
    }
    const request = await refusedWith(() => Response.json(whole, { status: 400 }), 'discord')
    expect(request.error).toBe('answered 400: Invalid Form Body: Too large')
  })

  test('a JSON error object (Power Automate), a page of HTML, and a long answer with control characters', async () => {
    const flow = await refusedWith(() =>
      Response.json(
        { error: { code: 'TriggerInputSchemaMismatch', message: 'The input body for trigger manual is not valid.' } },
        { status: 400 },
      ),
    )
    expect(flow.error).toBe('answered 400: The input body for trigger manual is not valid.')
    const page = await refusedWith(
      () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }),
    )
    expect(page.error).toBe('answered 502')
    const long = await refusedWith(() => new Response(`bad\u202e\r\nthing ${'x'.repeat(5000)}`, { status: 422 }))
    expect(long.error).toStartWith('answered 422: bad thing xxx')
    expect(String(long.error).length).toBeLessThanOrEqual(240)
    expect(long.error).not.toMatch(/[\p{Cc}\u202e]/u)
  })
  test("a password in the receiver's URL, repeated by the receiver as it is or as the Basic credentials sent", async () => {
    // docs/destinations.md#urls-are-shown-masked: a password in the URL is masked in every view, whatever its length;
    // the log is one (a receiver that says which credentials it refused showed them to every member of the team).
    const password = 'horse-7-staple'
    const basic = Buffer.from(`alice:${password}`).toString('base64')
    const seen = await refusedWith(
      (req) => new Response(`refused ${req.headers.get('authorization')} (alice:${password})`, { status: 401 }),
      'webhook',
      `alice:${password}@`,
    )
    expect(seen.error).toBe('answered 401: refused Basic … (alice:…)')
    expect(seen.lines).not.toContain(password)
    expect(seen.lines).not.toContain(basic)
  })
})
