// docs/operations.md#importing-signals: an import before ids given alone were keyed as polling keys them stored them
// alone ("42" on a hackernews line). A database holding such signals has them keyed as an import keys them now
// (hackernews:42) at its first start with this version, so that a poll finding the post, or the same file imported
// again, knows it; what cannot be keyed so stays as it was.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

const TAG = '0029_bare_post_ids'

test(`${TAG} keys a signal stored under an id alone as polling keys it, and changes nothing else`, async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const { team: other } = await seedTeam(deps, { name: 'other' })
  const { team: keyed } = await seedTeam(deps, { name: 'keyed' })
  const client = deps.database.client
  // As the version before this one left it.

  const bare = signalRow(team.id, { postId: '42' })
  // A LinkedIn id is a URN, colons and all: still an id alone.
  const urn = signalRow(team.id, { platform: 'linkedin', postId: 'urn:li:activity:7' })
  const elsewhere = signalRow(other.id, { postId: '42' })
  const rekeyed = new Map([bare, urn, elsewhere].map((s) => [s.id, `${s.platform}:${s.postId}`]))
  const left = [
    signalRow(team.id, { postId: 'hackernews:7' }),
    // An import without an id: the url stands for the post.
    signalRow(team.id, {
      postId: 'https://news.ycombinator.com/item?id=8',
      url: 'https://news.ycombinator.com/item?id=8',
    }),
    // A Mastodon id names no post without its instance.
    signalRow(team.id, { platform: 'mastodon', postId: '1099' }),
    // Keyed for another platform: not this line's to key.
    signalRow(team.id, { postId: 'reddit:abc' }),
    // Past the 500 characters an id is kept in, once keyed.
    signalRow(team.id, { postId: 'a'.repeat(495) }),
    // The team has the keyed post already: both stay.
    signalRow(team.id, { postId: '9' }),
    signalRow(team.id, { postId: 'hackernews:9' }),
  ]
  await deps.repos.signals.insertMany(team.id, [bare, urn, ...left])
  await deps.repos.signals.insertMany(other.id, [elsewhere])
  await deps.repos.signals.insertMany(keyed.id, [signalRow(keyed.id, { postId: 'hackernews:5' })])

  const rows = async (sql: string) => {
    const { columns, rows } = await client.execute(sql)
    return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])))
  }
  const signals = () => rows('select * from signals order by id')
  const teams = () => rows('select id, signals_version from teams order by id')
  const [signalsBefore, teamsBefore] = [await signals(), await teams()]

  // Written by this version's code, then made to look older: its code writes columns a later migration added.
  const from = await asBeforeMigration(client, TAG)
  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  expect(await signals()).toEqual(
    signalsBefore.map((s) => (rekeyed.has(String(s.id)) ? { ...s, post_id: rekeyed.get(String(s.id)) ?? null } : s)),
  )
  // Teams whose signals changed have their remembered pages read again; the keyed team's stay.
  const moved = new Set([team.id, other.id])
  expect(await teams()).toEqual(
    teamsBefore.map((t) => (moved.has(String(t.id)) ? { ...t, signals_version: Number(t.signals_version) + 1 } : t)),
  )
})
