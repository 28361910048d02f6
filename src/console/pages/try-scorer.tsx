import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, api } from '../api'
import { inFormWords } from '../components/form-words'
import { type ScoreAnswer, ScoreAnswerView } from '../components/score-answer'
import { Actions, Alert } from '../components/ui'

type Usage = { usage: { used: number; remaining: number | null; resetsAt: string } }
type Field = 'content' | 'keyword' | 'context'
const WORDS = { labels: { content: 'Post', keyword: 'Keyword', context: 'Context' } }
const EMPTY = { content: '', keyword: '', context: '' }
// The API's bound on a post (docs/api.md#lead-scoring): counted here as a hint; the server's check is the one said.
const MOST = 20_000

/**
 * docs/console.md#try-the-scorer: a post pasted by hand, scored as POST /api/v1/leads/score scores it (the team's
 * ICP profiles, its quota), for a team that no platform reaches yet (air-gapped, no credentials). A refusal about a
 * field is said under that field, which takes the keyboard; one about the plan or the quota under the button.
 */
export function TryScorer() {
  const [form, setForm] = useState(EMPTY)
  const [answer, setAnswer] = useState<ScoreAnswer | null>(null)
  const [refusal, setRefusal] = useState<{ field: Field | null; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [profiles, setProfiles] = useState<string[] | null>(null)
  const [usage, setUsage] = useState<Usage['usage'] | null>(null)
  // Why this team cannot try at all (its plan has no API access), said when the page opens.
  const [closed, setClosed] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const readUsage = () =>
    api<Usage>('GET', '/usage')
      .then((u) => setUsage(u.usage))
      .catch(() => setUsage(null))
  useEffect(() => {
    api<{ profiles: { name: string }[] }>('GET', '/icp-profiles')
      .then((p) => setProfiles(p.profiles.map((x) => x.name)))
      .catch(() => setProfiles(null))
    readUsage()
    api('GET', '/score').catch((err) => {
      if (err instanceof ApiError && err.code === 'no_api_access')
        setClosed(`Your team cannot try the scorer yet: it scores through the API, and ${err.message}.`)
    })
  }, [])
  useEffect(() => {
    if (refusal?.field) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusal])
  const edit = (k: Field) => (e: Event) => {
    if (refusal?.field === k) setRefusal(null)
    setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value })
  }
  const submit = (e: Event) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    setRefusal(null)
    const body = { content: form.content, ...(form.keyword ? { keyword: form.keyword } : {}) }
    api<ScoreAnswer>('POST', '/score', form.context ? { ...body, context: form.context } : body)
      .then(setAnswer, (err) => {
        // The answer below was an earlier post's: left there, it read as this one's.
        setAnswer(null)
        const field = err instanceof ApiError ? (err.details[0]?.field as Field | undefined) : undefined
        setRefusal({ field: field && field in WORDS.labels ? field : null, message: refusalWords(err) })
      })
      .finally(() => {
        setBusy(false)
        readUsage()
      })
  }
  // The refusal's line under the field it names, which it describes (aria-describedby).
  const about = (k: Field) =>
    refusal?.field === k ? { 'aria-invalid': true as const, 'aria-describedby': `${k}-refused` } : {}
  const reason = (k: Field) => (refusal?.field === k ? <Alert message={refusal.message} id={`${k}-refused`} /> : null)
  return (
    <section class="try-scorer">
      <p>
        Paste a post your buyers might write (from a forum, an e-mail, a platform this server cannot search) to see how
        the scorer reads it for your team, as <code>POST /api/v1/leads/score</code> does.{' '}
        <strong>Each try counts as 1 request</strong> of your plan's monthly quota, as an API call does
        {usage && !closed && (
          <>
            {' '}
            ({usage.remaining === null ? 'unlimited' : `${usage.remaining.toLocaleString()} left this month`}; see{' '}
            <a href="#/usage">Usage</a>)
          </>
        )}
        .
      </p>
      <Alert message={closed} />
      {profiles && (
        <p class="muted">
          {profiles.length ? (
            `Matched against your ICP profiles: ${profiles.join(', ')}.`
          ) : (
            <>
              Your team has no ICP profile yet, so none can match: add one on the{' '}
              <a href="#/icp-profiles">ICP profiles</a> page.
            </>
          )}
        </p>
      )}
      <form class="stacked" ref={formRef} onSubmit={submit} aria-busy={busy}>
        <label>
          Post
          <textarea rows={8} value={form.content} required onInput={edit('content')} {...about('content')} dir="auto" />
        </label>
        <span class={form.content.trim().length > MOST ? 'error' : 'muted'}>
          {form.content.trim().length.toLocaleString()} of at most {MOST.toLocaleString()} characters (at least 10)
        </span>
        {reason('content')}
        <label>
          Keyword (optional)
          <input value={form.keyword} placeholder="e.g. crm" onInput={edit('keyword')} {...about('keyword')} />
        </label>
        {reason('keyword')}
        <label>
          Context (optional)
          <input
            value={form.context}
            placeholder="What your team sells, in a sentence"
            onInput={edit('context')}
            {...about('context')}
          />
        </label>
        {reason('context')}
        <Actions>
          <button type="submit" disabled={busy || closed !== ''}>
            {busy ? 'Scoring…' : 'Score this post'}
          </button>
        </Actions>
        {refusal && refusal.field === null && <Alert message={refusal.message} />}
      </form>
      <div aria-live="polite">{answer && <ScoreAnswerView answer={answer} />}</div>
    </section>
  )
}

/**
 * A refusal in words a person acts on (docs/console.md#try-the-scorer): the plan and the quota say what to do; a
 * field's reason is said with the field's label.
 */
function refusalWords(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err)
  if (err.code === 'no_api_access') return `Not scored: this page scores through the API, and ${err.message}.`
  if (err.code === 'quota_exceeded')
    return `Not scored, nothing counted: ${err.message}. The Usage page shows this month's requests.`
  if (err.code === 'scorer_unavailable') return `The scorer did not answer: ${err.message}.`
  return inFormWords(err, WORDS)
}
