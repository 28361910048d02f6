import { afterEach, describe, expect, test } from 'bun:test'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { silentLogger } from '../../support/log'
import { testConfig } from '../../support/deps'
import { fakeStackExchange } from '../../support/fake-streams'
import { recordingSink } from '../../support/stream-world'

// The Stack Overflow stream's position is the creation_date and id of the newest question read
// (api.stackexchange.com/docs/questions, sort=creation): one question dated years ahead by a broken answer or mirror
// became the position, and no question after it was ever new again (docs/streams.md#resuming).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function readOnce(fake: ReturnType<typeof fakeStackExchange>, from: string) {
  const config = testConfig({ platforms: { stackoverflow: { stream_url: fake.url, site: 'stackoverflow' } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const heard = sink.heard
  sink.heard = (a) => {
    heard(a)
    stop.abort()
  }
  await createStackoverflowStream(config.platforms.stackoverflow, silentLogger).read(from, sink, stop.signal)
  return got
}

describe('Stack Overflow stream: a question dated far ahead of this server', () => {
  test('is read, but the position does not follow it, and the questions after it are read', async () => {
    const fake = fakeStackExchange()
    stops.push(fake.stop)
    const now = Math.floor(Date.now() / 1000)
    const start = fake.question('Before', 'b', now - 60)
    const ahead = fake.question('Dated thirty years ahead', 'x', now + 30 * 365 * 86_400)
    const first = await readOnce(fake, `${now - 60}:${start}`)
    expect(first.mentions.map((m) => m.id)).toEqual([`stackoverflow:${ahead}`])
    expect(first.gaps).toEqual([expect.stringContaining('ahead of this server')])
    const position = first.positions[first.positions.length - 1] as string
    expect(Number(position.split(':')[0])).toBeLessThanOrEqual(now + 60)
    const later = fake.question('Which CRM for a small team?', 'c', now)
    const second = await readOnce(fake, position)
    expect(second.mentions.map((m) => m.id)).toContain(`stackoverflow:${later}`)
  })
})
