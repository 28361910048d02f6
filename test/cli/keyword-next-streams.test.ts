// docs/operations.md#command-line, docs/streams.md: after `keyword add`, the "Next:" line told only of `poll --once`
// and serve's schedule. A keyword only a stream reaches ("crm platform:bluesky" on a server without a Bluesky account,
// Bluesky streamed as shipped) was said to be searched now and on the schedule, when neither searches it and a running
// serve's Bluesky stream matches it within 15 s (it reads who tracks what that often, docs/streams.md#backpressure).
import { afterAll, describe, expect, test } from 'bun:test'
import { ok, withTeam } from './run-cli'

const acme = withTeam('acme')
afterAll(() => acme.cleanup())
const nextOf = async (ws: Awaited<ReturnType<typeof acme.make>>, keyword: string) =>
  (await ok(ws, ['keyword', 'add', '--team', 'acme', keyword])).trimEnd().split('\n').at(-1)

describe('keyword add on a keyword a stream reads', () => {
  test('says the stream matches it within 15 s, and a pass only where one searches it', async () => {
    const ws = await acme.make()
    expect(await nextOf(ws, 'crm platform:bluesky')).toBe(
      'Next: a running "lead-signals serve" streams Bluesky and matches new posts against it within 15 s.',
    )
    expect(await nextOf(ws, 'erp platform:github')).toBe(
      'Next: lead-signals poll --once --team acme searches now; a running "lead-signals serve" searches on its schedule (polling.schedule */15 * * * *, UTC).',
    )
    expect(await nextOf(ws, 'wms')).toMatch(
      /^Next: lead-signals poll --once --team acme searches now; a running "lead-signals serve" searches on its schedule \(polling\.schedule \*\/15 \* \* \* \*, UTC\); its streams \(.*Bluesky.*\) match new posts against it within 15 s\.$/,
    )
  })
})
