// docs/operations.md#running-it: serve --demo's sample signals are made up, and their "Open post" links go to
// example.com, but their authors linked to real profiles: the console builds a Reddit, Hacker News, GitHub or Bluesky
// address from the name when none was kept (src/console/signal-facts.ts), so a new team clicking "saas_maker" on the
// Signals or People page landed on www.reddit.com/user/saas_maker, a stranger's real account shown as a hot lead.
// The demo's people now keep a profile address beside their posts', on example.com, which the console shows instead.
import { expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { profileUrl } from '../../src/console/signal-facts'
import { ensureDemoTeam } from '../../src/domain/teams/demo'
import { testDeps } from '../support/deps'

test("every demo person's author link, as the console makes it, stays on example.com", async () => {
  const { deps } = await testDeps({ config: { scorer: { backend: 'rules' } } })
  const made = await ensureDemoTeam(deps)
  if (!made) throw new Error('no demo team')
  const app = createApp(deps)
  const res = await app.handle(
    new Request('http://localhost/api/v1/people?limit=100', { headers: { 'x-api-key': made.apiKey } }),
  )
  expect(res.status).toBe(200)
  const { people } = (await res.json()) as { people: { platform: string; author: string; profileUrl: string }[] }
  expect(people.length).toBeGreaterThanOrEqual(3)
  const links = people.map((p) => [p.platform, p.author, profileUrl(p.platform, p.author, p.profileUrl)])
  for (const [platform, author, link] of links)
    expect({ platform, author, host: link && new URL(link).host }).toEqual({ platform, author, host: 'example.com' })
})
