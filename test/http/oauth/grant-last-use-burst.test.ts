// docs/oauth.md#connected-apps: when an app was last used is written at most once a minute. Requests with its tokens
// that arrive together all read the grant before the first of them has written its use, and each wrote it again: on a
// libSQL server one background round trip each (docs/performance.md#counted-calls-at-once-on-a-slow-link). A real sqld
// behind the relay (test/support/slow-proxy.ts), the writes read as they reach it (test/support/pipelines.ts).
import { expect, test } from 'bun:test'
import { bearer, obtainTokens, oauthWorld } from '../../support/oauth'
import { pipelines } from '../../support/pipelines'
import { slowSqld } from '../../support/slow-proxy'

const sent = pipelines()
const { proxy, cleanups } = await slowSqld(50, sent.connection)

const touches = () =>
  sent.writes().filter((sqls) => sqls.some((s) => /^update "oauth_grants" set "last_used_at"/i.test(s))).length

test("requests that arrive together write their app's last use once, and a minute later once again", async () => {
  const world = await oauthWorld({ config: { database: { url: proxy.url } } })
  cleanups.push(world.stop)
  const { access_token } = await obtainTokens(world)
  const from = touches()
  const burst = async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${world.base}/api/v1/usage`, { headers: bearer(access_token) })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
  }
  // Until the writes queued by the burst reached the server.
  const settled = () => world.deps.database.client.execute("UPDATE teams SET name = name WHERE id = 'none'")
  await burst()
  await settled()
  expect(touches() - from).toBe(1)
  world.clock.set(new Date(world.clock.now().getTime() + 61_000))
  await burst()
  await settled()
  expect(touches() - from).toBe(2)
}, 60_000)
