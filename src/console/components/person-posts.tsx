import type * as v from 'valibot'
import type { PersonDetail } from '../../wire/person-answers'
import { fewerMarks, previewShown } from '../../lib/text'
import { when } from '../api'
import { bandOf, httpUrl, platformName, splitReason, standInWhy } from '../signal-facts'

type Detail = v.InferOutput<typeof PersonDetail>

/**
 * A person's posts on their page (docs/console.md#people), apart from the page (pages/person.tsx), which holds their
 * accounts and what can be done to them: this part only shows what the API gave. `signals`: how many are counted.
 */
export function PersonPosts(props: { signals: number; posts: Detail['posts'] }) {
  const { posts } = props
  const partial = props.signals > posts.filter((s) => !s.dismissed).length
  return (
    <>
      {/* The API gives a person's latest 200 (docs/people.md#listing-people): more counted than shown is a busy one. */}
      <h2>{partial ? `Their latest ${posts.length} posts, oldest first` : 'Posts, oldest first'}</h2>
      {partial && <p class="hint">They have {props.signals} signals counted: the signals export has them all.</p>}
      <ul class="signals">
        {posts.map((s) => {
          // The embedded scorer standing in for the model is a tag, as on the Signals card, not a note in the reason.
          const reason = splitReason(s.reason)
          return (
            <li class={s.dismissed ? 'signal dismissed' : 'signal'}>
              <div class="meta">
                <span class={`score band-${bandOf(s.score).name}`} title={bandOf(s.score).meaning}>
                  {s.score}
                </span>
                <span class={`intent intent-${s.intent.toLowerCase()}`}>{s.intent}</span>
                <span>{platformName(s.platform)}</span>
                <span class="keyword">{s.keyword}</span>
                <time dateTime={s.publishedAt}>{when(s.publishedAt)}</time>
                {s.dismissed && <span class="chip">not counted</span>}
                {reason.standIn && (
                  <span class="chip scorer" title={standInWhy(reason.standIn)}>
                    embedded scorer
                  </span>
                )}
              </div>
              <p class="text" dir="auto">
                {fewerMarks(previewShown(s.content, s.cut || null))}
              </p>
              <p class="reason" dir="auto">
                {reason.text}
              </p>
              {httpUrl(s.url) && (
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  Open post
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
