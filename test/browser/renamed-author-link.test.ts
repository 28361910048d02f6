// docs/people.md#renamed-accounts and docs/console.md: on the Signals page, a post an X account wrote under a name it
// has since given up links its author to that account (its newest name), not to whoever holds the old name now. The
// real app on a real socket and database file, in Chromium.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { xPost } from '../support/x-posts'

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9)).toISOString()

// Account 42 posts as ann, renames itself ann_new and posts again; account 99 then takes the name ann and posts.
async function seed(deps: Deps, teamId: string) {
  await deps.repos.signals.insertMany(teamId, [xPost(teamId, { n: 1, author: 'ann', authorId: '42', date: day(1) })])
  await deps.repos.signals.insertMany(teamId, [
    xPost(teamId, { n: 2, author: 'ann_new', authorId: '42', date: day(2) }),
  ])
  await deps.repos.signals.insertMany(teamId, [xPost(teamId, { n: 3, author: 'ann', authorId: '99', date: day(3) })])
}

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', keywords: ['crm'], seed })

describe('the author link of a renamed X account', () => {
  test("leads to the account that wrote the post, under its newest name, not to the old name's new holder", async () => {
    const view = await openPage(made.browser, made.app.origin)
    try {
      await signIn(view, made.owner, OWNER_PASSWORD)
      const link = async (post: number) => {
        const card = view.page.locator('.signal', { hasText: `post ${post}: we need a CRM` })
        await card.waitFor()
        return card.getByRole('link', { name: /^ann/ }).getAttribute('href')
      }
      expect(await link(1)).toBe('https://x.com/ann_new')
      expect(await link(2)).toBe('https://x.com/ann_new')
      expect(await link(3)).toBe('https://x.com/ann')
      await screenshot(view.page, 'console-signals-renamed-author')
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })
})
