import { fakeUpstream } from './fake-upstream'

/**
 * A local fake of Apify's API v2 "Run Actor synchronously and get dataset items" (docs.apify.com/api/v2,
 * act_runSyncGetDatasetItems_post; docs/platforms.md#providers): POST
 * /v2/actors/{user~actor}/run-sync-get-dataset-items with `Authorization: Bearer <token>` and the actor's input as the
 * JSON body answers 201 with the run's dataset as a JSON array; a wrong token gets 401 with Apify's error object.
 * `items` builds the dataset from the input.
 */
export function fakeApify(a: { actor: string; token: string; items: (input: Record<string, unknown>) => unknown[] }) {
  return fakeUpstream((req) => {
    if (req.headers.get('authorization') !== `Bearer ${a.token}`)
      return Response.json(
        {
          error: {
            type: 'user-or-token-not-found',
            message: 'User was not found or authentication token is not valid',
          },
        },
        { status: 401 },
      )
    const path = `/v2/actors/${a.actor.replace('/', '~')}/run-sync-get-dataset-items`
    if (req.method !== 'POST' || req.url.pathname !== path)
      return Response.json({ error: { type: 'record-not-found', message: 'Actor was not found' } }, { status: 404 })
    return Response.json(a.items(JSON.parse(req.body || '{}')), { status: 201 })
  })
}

/** A Reddit post as Reddit's JSON gives it (a `t3` listing child's data), which Reddit-reading actors pass on. */
export const redditJsonPost = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `abc${n}`,
  name: `t3_abc${n}`,
  title: `Which CRM for a small team? #${n}`,
  selftext: 'We outgrew spreadsheets.',
  author: 'jane_doe',
  subreddit: 'SaaS',
  permalink: `/r/SaaS/comments/abc${n}/which_crm_for_a_small_team/`,
  url: 'https://example.com/linked-article',
  created_utc: 1772366400 - n * 60,
  score: 42,
  num_comments: 7,
  num_crossposts: 1,
  ...extra,
})
