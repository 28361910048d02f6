import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { KeywordFigures } from '../../wire/feedback'
import { api, changeThen } from '../api'
import { QueryPreview } from '../components/query-preview'

type Figures = v.InferOutput<typeof KeywordFigures>
type Threshold = Figures['keywords'][number]['threshold']

const percent = (p: number | null) => (p === null ? '—' : `${Math.round(p * 100)}%`)

/** docs/scoring.md#tuning-by-verdicts: the default until 20 verdicts, then the tuned value and where it came from. */
function thresholdText(t: Threshold) {
  if (!t.tuned) return `${t.value} (default)`
  return `${t.value} (tuned from ${t.verdicts} verdicts; default ${t.default})`
}

export function Keywords() {
  const [figures, setFigures] = useState<Figures | null>(null)
  const [draft, setDraft] = useState('')
  const [error, setError] = useState('')
  const load = () => api<Figures>('GET', '/keyword-figures').then(setFigures)
  useEffect(() => {
    load()
  }, [])
  const run = changeThen(load, setError)
  const add = (e: Event) => {
    e.preventDefault()
    run(api('POST', '/keywords', { keyword: draft }).then(() => setDraft('')))
  }
  return (
    <section>
      <form class="inline" onSubmit={add}>
        <label>
          Keyword or query
          <input
            value={draft}
            maxLength={200}
            required
            placeholder='crm -hubspot "sales pipeline" subreddit:sales'
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Add</button>
      </form>
      <p class="hint">
        Words must all appear; "exact phrase", OR, ( ), -word or NOT, word*, and platform:, site:, subreddit:, author:,
        lang:, type:post|comment, title: filters. See docs/queries.md.
      </p>
      <QueryPreview query={draft} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {figures && figures.keywords.length === 0 && <p>No keywords yet: add the words your buyers use.</p>}
      {figures && figures.keywords.length > 0 && (
        <>
          <p class="count">
            {`Team: ${figures.team.signals.toLocaleString()} signals, ${figures.team.verdicts.relevant} relevant, ` +
              `${figures.team.verdicts.notRelevant} not relevant, precision ${percent(figures.team.precision)}`}
          </p>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>Keyword</th>
                  <th>Signals</th>
                  <th>Relevant</th>
                  <th>Not relevant</th>
                  <th>Precision</th>
                  <th>Qualify threshold</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {figures.keywords.map((k) => (
                  <tr>
                    <td>{k.query}</td>
                    <td>{k.signals.toLocaleString()}</td>
                    <td>{k.verdicts.relevant}</td>
                    <td>{k.verdicts.notRelevant}</td>
                    <td>{percent(k.precision)}</td>
                    <td>{thresholdText(k.threshold)}</td>
                    <td>
                      <button
                        type="button"
                        aria-label={`Remove ${k.query}`}
                        onClick={() => run(api('DELETE', `/keywords/${encodeURIComponent(k.query)}`))}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
