// docs/destinations.md#rate-limits: Discord's global rate limit is the sender's as a whole (webhook requests carry no
// authorization, so Discord counts them by address: every Discord destination of this server). A 429 saying so (the
// header X-RateLimit-Global, or `global: true` in its body) pauses every Discord destination, not only the one that
// got it; a webhook's own limit (`global: false`) pauses that one, and other kinds of destination go on.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { AppError } from '../../src/errors'
import { createLogger } from '../../src/lib/log'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { listDeliveries, sendTestEvent } from '../../src/domain/webhooks/deliveries'
import { createEndpoint, listEndpoints, updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()
const S = 1000

async function deliverRound(deps: Deps) {
  const claimed = await claimDue(deps, { holder: 'round', limit: 16, perDestination: 4 })
  await Promise.all(claimed.map((d) => runAttempt(deps, d)))
  return claimed
}

// Discord's rate-limit page: the global limit's 429 carries X-RateLimit-Global and -Scope: global and a JSON body with
// `global: true`; a webhook's own limit carries its bucket's headers, scope `user` and `global: false`.
const globalLimit = { 'retry-after': '65', 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
const answers = {
  'the documented global answer': () =>
    Response.json(
      { message: 'You are being rate limited.', retry_after: 64.57, global: true },
      {
        status: 429,
        headers: globalLimit,
      },
    ),
  'the X-RateLimit-Global header alone': () =>
    new Response('{"message": "You are being rate limited.", "retry_after": 64.57}', {
      status: 429,
      headers: globalLimit,
    }),
  'global: true in the body alone': () =>
    Response.json({ message: 'You are being rate limited.', retry_after: 64.57, global: true }, { status: 429 }),
}

for (const [name, limited] of Object.entries(answers))
  test(`${name} pauses every Discord destination of the server for its wait, not the other kinds`, async () => {
    const logged: Record<string, unknown>[] = []
    const log = createLogger((line) => logged.push(JSON.parse(line)))
    const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } }, deps: { log } })
    const t0 = clock.now().getTime()
    // One fake Discord for every webhook: the first request is over the global limit until t0 + 65 s.
    const discord = receiver((req: Received) =>
      req.url.pathname.startsWith('/api/webhooks/1/') && clock.now().getTime() < t0 + 65 * S
        ? limited()
        : new Response(null, { status: 204 }),
    )
    const plain = receiver(() => new Response('ok'))
    const a = await seedTeam(deps, { name: 'first' })
    const b = await seedTeam(deps, { name: 'second' })
    const discordInput = (n: number) =>
      endpointInput(`${discord.origin}/api/webhooks/${n}/tok${n}`, { kind: 'discord' })
    const first = await createEndpoint(deps, { teamId: a.team.id, input: discordInput(1) })
    const other = await createEndpoint(deps, { teamId: b.team.id, input: discordInput(2) })
    await createEndpoint(deps, { teamId: b.team.id, input: endpointInput(`${plain.origin}/hook`) })
    await storeSignals(deps, [signalRow(a.team.id)])
    await deliverRound(deps)
    expect(discord.received).toHaveLength(1)
    // The other team's Discord destination waits as well; its plain webhook does not.
    const pausedUntil = async (id: string) => (await deps.repos.webhookEndpoints.byIdAnyTeam(id))?.pausedUntil
    expect(Number(await pausedUntil(first.endpoint.id))).toBeGreaterThan(t0 + 64 * S)
    expect(await pausedUntil(other.endpoint.id)).toBe(await pausedUntil(first.endpoint.id))
    // The operator hears of it once, as a warning; the delivery log says whose limit it is.
    const warned = logged.filter((l) => l.event === 'discord_global_limit')
    expect(warned.map((l) => [l.level, l.until])).toEqual([
      ['warn', new Date(Number(await pausedUntil(first.endpoint.id))).toISOString()],
    ])
    expect(String((await deliveryRows(deps))[0].last_error)).toContain("a limit on this server's requests as a whole")
    // Each team sees why its Discord destinations wait (GET /api/v1/webhooks, the console), without learning which
    // other destination met the limit; the other kinds are not paused.
    // By kind: the two were made at the same (fake) time, so their order in the list is their random ids'.
    const shown = async (teamId: string) =>
      (await listEndpoints(deps, { teamId }))
        .map((e) => ({ kind: e.kind, until: e.pausedUntil, why: e.pausedReason }))
        .sort((x, y) => x.kind.localeCompare(y.kind))
    const until = new Date(Number(await pausedUntil(first.endpoint.id))).toISOString()
    const why = "Discord limited this server's requests as a whole"
    expect(await shown(a.team.id)).toEqual([{ kind: 'discord', until, why }])
    expect(await shown(b.team.id)).toEqual([
      { kind: 'discord', until, why },
      { kind: 'webhook', until: null, why: null },
    ])
    clock.set(new Date(t0 + 10 * S))
    await storeSignals(deps, [signalRow(b.team.id)])
    await deliverRound(deps)
    expect(discord.received).toHaveLength(1)
    expect(plain.received).toHaveLength(1)
    const waiting = (await deliveryRows(deps)).filter((d) => d.endpoint_id === other.endpoint.id)
    expect(waiting.map((d) => d.status)).toEqual(['pending'])
    // Their delivery logs say when they are next tried: when the pause ends, not the due time that has passed.
    for (const [teamId, endpointId] of [
      [a.team.id, first.endpoint.id],
      [b.team.id, other.endpoint.id],
    ]) {
      const log = await listDeliveries(deps, { teamId, endpointId, limit: 10 })
      expect(log.map((d) => d.nextAttemptAt)).toEqual([until])
    }
    // Another Discord webhook is counted against the same server's limit: a new URL does not end this pause.
    const moved = await updateEndpoint(deps, {
      teamId: b.team.id,
      id: other.endpoint.id,
      change: { url: `${discord.origin}/api/webhooks/3/tok3` },
    })
    expect([moved.pausedUntil, moved.pausedReason]).toEqual([until, why])
    // When the wait is over, both go.
    clock.set(new Date(t0 + 65 * S))
    await deliverRound(deps)
    expect(discord.received).toHaveLength(3)
    expect((await deliveryRows(deps)).map((d) => d.status)).toEqual(Array(3).fill('succeeded'))
    expect((await shown(b.team.id)).map((e) => e.until)).toEqual([null, null])
  })

test("a webhook's own limit (global: false) pauses that destination only", async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  const discord = receiver((req: Received) =>
    req.url.pathname.startsWith('/api/webhooks/1/')
      ? Response.json(
          { message: 'You are being rate limited.', retry_after: 64.57, global: false },
          {
            status: 429,
            headers: { 'retry-after': '65', 'x-ratelimit-remaining': '0', 'x-ratelimit-scope': 'user' },
          },
        )
      : new Response(null, { status: 204 }),
  )
  const { team } = await seedTeam(deps)
  const discordInput = (n: number) => endpointInput(`${discord.origin}/api/webhooks/${n}/tok${n}`, { kind: 'discord' })
  const first = await createEndpoint(deps, { teamId: team.id, input: discordInput(1) })
  const second = await createEndpoint(deps, { teamId: team.id, input: discordInput(2) })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverRound(deps)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(first.endpoint.id))?.pausedUntil).toBe(t0 + 64_570)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(second.endpoint.id))?.pausedUntil).toBeNull()
  const shown = new Map((await listEndpoints(deps, { teamId: team.id })).map((e) => [e.id, e]))
  expect(shown.get(first.endpoint.id)).toMatchObject({
    pausedUntil: new Date(t0 + 64_570).toISOString(),
    pausedReason: 'rate limited by the receiver (answered 429)',
  })
  expect(shown.get(second.endpoint.id)).toMatchObject({ pausedUntil: null, pausedReason: null })
  expect(discord.received).toHaveLength(2)
})

/**
 * Two teams and one fake Discord over its global limit for 65 s from t0; `limit()` has the first team's Discord
 * destination meet it, which pauses every Discord destination until t0 + 64.57 s.
 */
async function twoTeamsAndALimitedDiscord() {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  const discord = receiver(() =>
    clock.now().getTime() < t0 + 65 * S
      ? Response.json({ message: 'You are being rate limited.', retry_after: 64.57, global: true }, { status: 429 })
      : new Response(null, { status: 204 }),
  )
  const a = await seedTeam(deps, { name: 'first' })
  const b = await seedTeam(deps, { name: 'second' })
  const discordInput = (n: number, enabled = true) =>
    endpointInput(`${discord.origin}/api/webhooks/${n}/tok${n}`, { kind: 'discord', enabled })
  await createEndpoint(deps, { teamId: a.team.id, input: discordInput(1) })
  const limit = async () => {
    await storeSignals(deps, [signalRow(a.team.id)])
    await deliverRound(deps)
    expect(discord.received).toHaveLength(1)
  }
  return {
    deps,
    clock,
    t0,
    discord,
    teamId: b.team.id,
    discordInput,
    limit,
    until: new Date(t0 + 64_570).toISOString(),
  }
}

// docs/webhooks.md#testing: a test send goes at once, even to a paused destination, except into Discord's global limit,
// which every team's Discord destinations share: it answers when Discord asked to be sent nothing until, and calls
// no Discord webhook, whether the destination was paused with the others or added since.
test("a test send to Discord during Discord's global limit says until when, and calls no Discord webhook", async () => {
  const { deps, clock, t0, discord, teamId, discordInput, limit, until } = await twoTeamsAndALimitedDiscord()
  const plain = receiver(() => new Response('ok'))
  const other = await createEndpoint(deps, { teamId, input: discordInput(2) })
  const hook = await createEndpoint(deps, { teamId, input: endpointInput(`${plain.origin}/hook`) })
  await limit()
  clock.set(new Date(t0 + 10 * S))
  const added = await createEndpoint(deps, { teamId, input: discordInput(3) })
  const tested = [other.endpoint.id, added.endpoint.id]
  for (const endpointId of tested) {
    const refused = await sendTestEvent(deps, { teamId, endpointId }).catch((e) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused.kind).toBe('invalid_request')
    expect(refused.message).toContain(`Discord asked this server to send nothing to any Discord webhook until ${until}`)
  }
  expect(discord.received).toHaveLength(1)
  expect((await deliveryRows(deps)).filter((d) => tested.includes(String(d.endpoint_id)))).toEqual([])
  // Other kinds are tested as ever; once the wait is over, Discord is too.
  expect((await sendTestEvent(deps, { teamId, endpointId: hook.endpoint.id })).status).toBe('succeeded')
  clock.set(new Date(t0 + 75 * S))
  expect((await sendTestEvent(deps, { teamId, endpointId: added.endpoint.id })).status).toBe('succeeded')
  expect(discord.received).toHaveLength(2)
})

// docs/destinations.md#rate-limits: a disabled destination sends nothing, so it shows no pause (as the console and
// `webhook list` show only that it is disabled); enabled again while Discord's global limit runs, it waits for it and
// says so.
test("a disabled Discord destination shows no pause; enabled during the global limit, it shows Discord's", async () => {
  const { deps, teamId, discordInput, limit, until } = await twoTeamsAndALimitedDiscord()
  const off = await createEndpoint(deps, { teamId, input: discordInput(2, false) })
  await limit()
  const [listed] = await listEndpoints(deps, { teamId })
  expect([listed.enabled, listed.pausedUntil, listed.pausedReason]).toEqual([false, null, null])
  const on = await updateEndpoint(deps, { teamId, id: off.endpoint.id, change: { enabled: true } })
  expect([on.pausedUntil, on.pausedReason]).toEqual([until, "Discord limited this server's requests as a whole"])
})

// docs/destinations.md#rate-limits: Discord's global limit counts this server's requests to any Discord webhook, so a
// Discord destination added, or made one, while it runs waits for it with the others, and says so.
test('a Discord destination added or made one during the global limit is paused with the others', async () => {
  const { deps, clock, t0, discord, teamId, discordInput, limit, until } = await twoTeamsAndALimitedDiscord()
  const plain = receiver(() => new Response('ok'))
  const hook = await createEndpoint(deps, { teamId, input: endpointInput(`${plain.origin}/hook`) })
  await limit()
  clock.set(new Date(t0 + 10 * S))
  const why = "Discord limited this server's requests as a whole"
  const added = await createEndpoint(deps, { teamId, input: discordInput(3) })
  expect([added.endpoint.pausedUntil, added.endpoint.pausedReason]).toEqual([until, why])
  const made = await updateEndpoint(deps, {
    teamId,
    id: hook.endpoint.id,
    change: { kind: 'discord', url: `${discord.origin}/api/webhooks/4/tok4` },
  })
  expect([made.pausedUntil, made.pausedReason]).toEqual([until, why])
  await storeSignals(deps, [signalRow(teamId)])
  await deliverRound(deps)
  expect(discord.received).toHaveLength(1)
  // When the wait is over, both go, and the first team's delivery that met the limit.
  clock.set(new Date(t0 + 65 * S))
  await deliverRound(deps)
  expect(discord.received).toHaveLength(4)
})
