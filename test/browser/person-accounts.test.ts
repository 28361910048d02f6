// docs/console.md#people: a person's page lists their accounts one per row, the platform, the name (a link to the
// profile when there is one) and Unlink for a linked one. The names start at one place down the list: the person's
// own account, which has no Unlink, showed its name at the far right of its row, the linked ones in the middle of
// theirs, so the list read as two columns of names.
import { expect } from 'bun:test'
import { linkPerson, listPeople } from '../../src/domain/people/people'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const con = oneTeamConsole({
  team: 'accounts',
  owner: 'o@accounts.test',
  seed: async (deps, teamId) => {
    const post = (platform: string, author: string, profileUrl: string) => ({
      ...signalRow(teamId, { platform, author, score: 9, publishedAt: new Date().toISOString() }),
      profileUrl,
    })
    await deps.repos.signals.insertMany(teamId, [
      post('reddit', 'ann_ops', 'https://www.reddit.com/user/ann_ops'),
      post('twitter', 'ann_x', 'https://x.com/ann_x'),
      post('github', 'ann-gh', ''),
    ])
    const people = (await listPeople(deps, teamId, { limit: 10, offset: 0 })).people
    const id = (platform: string) => people.find((p) => p.platform === platform)?.id as string
    await linkPerson(deps, teamId, id('reddit'), id('twitter'))
    await linkPerson(deps, teamId, id('reddit'), id('github'))
  },
})

atBothSizes(con, "a person's account names start at one place, whether the row has Unlink or not", async (page) => {
  await navigateTo(page, 'People')
  await page.locator('ul.people').getByRole('link', { name: 'ann_ops' }).click()
  const rows = page.locator('.person-page .rows li')
  await rows.filter({ hasText: 'ann-gh' }).waitFor()
  const lefts: number[] = []
  for (const name of ['ann_ops', 'ann_x', 'ann-gh']) {
    const box = await rows.getByText(name, { exact: true }).boundingBox()
    lefts.push(Math.round(box?.x ?? -1))
  }
  expect(lefts).not.toContain(-1)
  expect(lefts).toEqual(lefts.map(() => lefts[0] as number))
})
