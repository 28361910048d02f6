// A post of an X account as a pass stores it (the connector's mention, test/platforms/twitter.test.ts): `authorId` is
// the author_id of includes.users, the username its `author`, the profile address the one the connector builds.
import { signalFromMention } from '../../src/domain/signals/from-mention'

export function xPost(teamId: string, a: { n: number; author: string; authorId: string; date: string; text?: string }) {
  return signalFromMention({
    teamId,
    keyword: 'crm',
    mention: {
      id: `twitter:17900000000000${a.n}`,
      author: a.author,
      authorId: a.authorId,
      content: a.text ?? `post ${a.n}: we need a CRM for our sales team`,
      url: `https://x.com/${a.author}/status/17900000000000${a.n}`,
      profileUrl: `https://x.com/${a.author}`,
      date: a.date,
      platform: 'twitter',
      engagement: { likes: 0, comments: 0, shares: 0 },
    },
    score: { score: 8, intent: 'ACTIVE', icpMatch: null, reason: 'asks for a CRM' },
  })
}
