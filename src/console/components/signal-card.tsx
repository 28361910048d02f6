import { useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { Signal as WireSignal } from '../../wire/signals'
import { fewerMarks, previewShown } from '../../lib/text'
import { authorLink, bandOf, httpUrl, platformName, splitReason, standInWhy } from '../signal-facts'
import { Icon, Ago, Name } from './ui'

/**
 * As the console's page answers it: with the author's kept profile address, where there is one. `dismissed` (judged
 * not relevant, or stored while its author was muted) may be left out by a card the page made itself.
 */
export type Signal = Omit<v.InferOutput<typeof WireSignal>, 'dismissed'> & { profileUrl?: string; dismissed?: boolean }
export type Verdict = NonNullable<Signal['verdict']>

type Props = {
  signal: Signal
  selected: boolean
  isNew: boolean
  rate: (s: Signal, verdict: Verdict) => void
  /**
   * The keyboard went into the card (j / k, or Tab to one of its links or buttons): it becomes the selected one, which
   * r, n and o act on. Tabbed into, the first card stayed selected and n dismissed a lead not yet reached.
   */
  onFocusIn: () => void
}

/** One signal of the list: score badge, intent, ICP chip, who and when, the text, the reason, and the verdicts. */
export function SignalCard(props: Props) {
  const s = props.signal
  const [full, setFull] = useState(false)
  const band = bandOf(s.score)
  const reason = splitReason(s.reason)
  const author = authorLink(s)
  const post = httpUrl(s.url)
  // The list is read with content=full: "Full text" only where it holds more than the preview.
  const more = s.contentFull && s.contentFull.length > s.content.length ? s.contentFull : null
  // docs/console.md#verdicts: every dismissed signal is dimmed; one with no verdict against it was stored while its
  // author was muted, and says so.
  const mutedOut = !!s.dismissed && s.verdict !== 'not_relevant'
  const dismissed = s.dismissed || s.verdict === 'not_relevant'
  const classes = ['signal', dismissed && 'dismissed', props.selected && 'selected']
  return (
    <li
      class={classes.filter(Boolean).join(' ')}
      id={`signal-${s.id}`}
      tabIndex={-1}
      data-id={s.id}
      onFocusIn={props.onFocusIn}
    >
      <div class="meta">
        <span class={`score band-${band.name}`} title={`Score ${s.score} of 10 (${band.meaning})`}>
          {s.score}
        </span>
        <span class={`intent intent-${s.intent.toLowerCase()}`}>{s.intent}</span>
        {s.icpMatch && (
          <span class="chip icp" title="The team's ICP profile this lead fits best">
            {/* docs/security.md#decisions: bdi keeps a right-to-left name from reordering the text around it. */}
            ICP: <bdi>{s.icpMatch}</bdi>
          </span>
        )}
        {props.isNew && <span class="chip new">new</span>}
        {mutedOut && (
          <span class="chip author-muted" title="Dismissed: stored while its author was muted (People)">
            author muted
          </span>
        )}
        {reason.standIn && (
          <span class="chip scorer" title={standInWhy(reason.standIn)}>
            embedded scorer
          </span>
        )}
      </div>
      <div class="meta">
        <span>{platformName(s.platform)}</span>
        {author ? (
          <a href={author} target="_blank" rel="noopener noreferrer">
            <Name name={s.author} />
          </a>
        ) : (
          <Name name={s.author} />
        )}
        <span class="keyword">“{s.keyword}”</span>
        <Ago iso={s.publishedAt} />
      </div>
      <p class="text" dir="auto">
        {fewerMarks(full && more ? more : previewShown(s.content, more))}
      </p>
      {/* The scorer writes the reason in the post's language: its own direction, as the text's (docs/security.md#decisions). */}
      <p class="reason" dir="auto">
        {reason.text}
      </p>
      <div class="actions">
        <span class="links">
          {more && (
            <button type="button" aria-expanded={full} onClick={() => setFull(!full)}>
              {full ? 'Preview' : 'Full text'}
            </button>
          )}
          {post && (
            <a class="button" href={post} target="_blank" rel="noopener noreferrer">
              <Icon name="open" /> Open post
            </a>
          )}
        </span>
        <span class="verdicts">
          <button
            type="button"
            title="A lead we want (r)"
            aria-pressed={s.verdict === 'relevant'}
            onClick={() => props.rate(s, 'relevant')}
          >
            <Icon name="up" /> Relevant
          </button>
          <button
            type="button"
            title="Leaves the list; it is kept, and Show dismissed shows it (n)"
            aria-pressed={s.verdict === 'not_relevant'}
            onClick={() => props.rate(s, 'not_relevant')}
          >
            <Icon name="down" /> Not relevant
          </button>
        </span>
      </div>
    </li>
  )
}
