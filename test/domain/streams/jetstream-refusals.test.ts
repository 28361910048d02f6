import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#source-health: when a stream cannot read upstream (no connection, an error status), lastError says
// why. A Jetstream instance that refuses the subscription with an HTTP status before the upgrade (503 while it is not
// ready, 400 to options it does not take), or takes it and closes it at once (1001 while it drains for shutdown), was
// told as one that "could not be reached", and the operator looked for a network fault.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function firstFailure(
  set: (jet: ReturnType<typeof fakeJetstream>) => void,
  silenceMs?: number,
  address = (url: string) => url,
) {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  set(jet)
  const config = testConfig({ platforms: { bluesky: { stream_url: [address(jet.url)] as never } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, silentLogger, silenceMs).read(null, sink, stop.signal)
  try {
    await eventually('the failure', () => got.failures.length >= 1)
    return { failure: got.failures[0], host: new URL(jet.url).host }
  } finally {
    stop.abort()
    await reading
  }
}

describe('Bluesky stream: a Jetstream instance that turns the subscription away', () => {
  test('with an HTTP status before the upgrade: the failure names the status', async () => {
    const { failure, host } = await firstFailure((jet) => jet.setRefusal(503))
    expect(failure).toBe(`bluesky: Jetstream at ${host} answered with status 503`)
  })

  test('by closing it as it opens: the failure names the close code and reason', async () => {
    const { failure, host } = await firstFailure((jet) =>
      jet.setCloseOnOpen({ code: 1001, reason: 'server shutting down' }),
    )
    expect(failure).toBe(`bluesky: Jetstream at ${host} closed the connection as it opened (1001 server shutting down)`)
  })

  // An instance that takes the subscription and sends nothing (its feed stalled, a proxy that forwards nothing) was
  // told as one that "could not be reached", and the operator looked for a network fault or a firewall.
  test('by taking it and sending nothing: the failure says so, not that it could not be reached', async () => {
    const { failure, host } = await firstFailure(() => {}, 1500)
    expect(failure).toBe(`bluesky: Jetstream at ${host} took the connection and sent nothing for 1.5 s`)
  })

  // An address without its /subscribe (the instance's home page, 200, or nothing there, 404) was told only by its
  // status, which said nothing of the address being wrong rather than the instance.
  test('at an address that is not its subscription: the failure says to check it', async () => {
    const { failure, host } = await firstFailure(
      () => {},
      undefined,
      (url) => url.replace(/\/subscribe$/, '/'),
    )
    expect(failure).toBe(
      `bluesky: Jetstream at ${host} answered with status 404, not a subscription: is stream_url its …/subscribe address?`,
    )
  })
})
