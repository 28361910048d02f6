// docs/people.md#renamed-accounts: a Bluesky person the stream made by DID before people were kept by their DID was
// given the DID at the upgrade (drizzle/0033), so the account's next post, under its handle (the AppView's,
// docs/streams.md#author-names), is theirs: the People list and the person's page show one person by that handle,
// with both posts, not a did:plc:… person beside a second one.
import { expect } from 'bun:test'
import { signalFromMention } from '../../src/domain/signals/from-mention'
import { migrate } from '../../src/storage/migrate'
import { asBeforeMigration } from '../support/before-migration'
import { navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const DID = 'did:plc:bobbobbobbobbobbobbobbob'

const con = oneTeamConsole({
  team: 'bluesky-handles',
  owner: 'o@bluesky-handles.test',
  seed: async (deps, teamId) => {
    const at = new Date().toISOString()
    // As the stream stored a post before it asked handles: the DID as the author's name, no account id.
    await deps.repos.signals.insertMany(teamId, [
      signalRow(teamId, {
        platform: 'bluesky',
        postId: `bluesky:at://${DID}/app.bsky.feed.post/first`,
        author: DID,
        url: `https://bsky.app/profile/${DID}/post/first`,
        publishedAt: at,
      }),
    ])
    // Then the upgrade.
    await asBeforeMigration(deps.database.client, '0033_bluesky_accounts')
    await migrate(deps.database.client)
    // The account's next post, as the stream stores it now.
    await deps.repos.signals.insertMany(teamId, [
      signalFromMention({
        teamId,
        keyword: 'crm',
        mention: {
          id: `bluesky:at://${DID}/app.bsky.feed.post/second`,
          author: 'bob.bsky.social',
          authorId: DID,
          content: 'Which CRM do small sales teams use?',
          url: `https://bsky.app/profile/${DID}/post/second`,
          profileUrl: `https://bsky.app/profile/${DID}`,
          date: at,
          platform: 'bluesky',
          engagement: { likes: 0, comments: 0, shares: 0 },
        },
        score: { score: 9, intent: 'ACTIVE', icpMatch: null, reason: 'asks which CRM to use' },
      }),
    ])
  },
})

atBothSizes(
  con,
  'a Bluesky person the stream made by DID shows the handle a later post brought',
  async (page, size) => {
    await navigateTo(page, 'People')
    const list = page.locator('ul.people')
    await list.getByRole('link', { name: 'bob.bsky.social' }).waitFor()
    expect(await list.getByText(DID).count()).toBe(0)
    await list.getByRole('link', { name: 'bob.bsky.social' }).click()
    const person = page.locator('.person-page')
    await person.getByText('Which CRM do small sales teams use?').waitFor()
    // Both posts are this person's: the one stored under the DID and the one under the handle.
    expect(await person.getByText('2, best 9').count()).toBe(1)
    expect(await person.getByRole('link', { name: 'Open post' }).count()).toBe(2)
    expect(await person.getByText(DID, { exact: true }).count()).toBe(0)
    await screenshot(page, `person-bluesky-handle-${size}`)
  },
)
