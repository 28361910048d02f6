import { useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { Signal as WireSignal } from '../../wire/signals'
import { api, when } from '../api'

export type Signal = v.InferOutput<typeof WireSignal>
export type Verdict = NonNullable<Signal['verdict']>

/** One signal of the list: its facts, text, reason, full text on demand, and the verdict buttons. */
export function SignalCard(props: { signal: Signal; rate: (id: string, verdict: Verdict) => void }) {
  const s = props.signal
  const [full, setFull] = useState<string | null>(null)
  const open = () =>
    full === null
      ? api<Signal>('GET', `/signals/${encodeURIComponent(s.id)}`).then((one) => setFull(one.content))
      : setFull(null)
  return (
    <li class={s.verdict === 'not_relevant' ? 'signal dismissed' : 'signal'}>
      <div class="meta">
        <span class="score" title="score">
          {s.score}
        </span>
        <span class={`intent intent-${s.intent.toLowerCase()}`}>{s.intent}</span>
        <span>{s.platform}</span>
        {/* docs/security.md#decisions: an author's right-to-left override cannot reorder the text around it. */}
        <bdi>{s.author}</bdi>
        <span class="keyword">{s.keyword}</span>
        <time dateTime={s.publishedAt}>{when(s.publishedAt)}</time>
      </div>
      <p class="text" dir="auto">
        {full ?? s.content}
      </p>
      <p class="reason">{s.reason}</p>
      <div class="actions">
        <button type="button" onClick={open}>
          {full === null ? 'Full text' : 'Preview'}
        </button>
        <a href={s.url} target="_blank" rel="noopener noreferrer">
          Open post
        </a>
        {/* The words beside the thumbs: a machine without an emoji font still shows what each button does. */}
        <button
          type="button"
          title="A lead we want"
          aria-pressed={s.verdict === 'relevant'}
          onClick={() => props.rate(s.id, 'relevant')}
        >
          <span aria-hidden="true">👍</span> Relevant
        </button>
        <button
          type="button"
          title="Leaves the list; it is kept, and Show dismissed shows it"
          aria-pressed={s.verdict === 'not_relevant'}
          onClick={() => props.rate(s.id, 'not_relevant')}
        >
          <span aria-hidden="true">👎</span> Not relevant
        </button>
      </div>
    </li>
  )
}
