import { NoKey } from '../components/no-key'
import { missing, OffPlan, whyNot } from '../components/not-searched'
import { useEffect, useState } from 'preact/hooks'
import { api } from '../api'
import { serverNow } from '../server-clock'
import { SourcesTable } from '../components/sources-table'
import { Alert } from '../components/ui'
import type { TeamSources } from '../../wire/platforms'
import { platformName } from '../signal-facts'
import { failingNow, type Source } from '../source-reading'

const nameOf = (s: Source) => platformName(s.platform)

// How long after a retry time the sources are read again: the server's clock as read here may be a second or so off
// (the Date header gives whole seconds), and an answer read before the retry time passed shows it still ahead.
const RETRY_SLACK_MS = 1_500

/**
 * What helps the sources whose last try could not reach them (docs/console.md#sources): Getting started sends a team
 * here for each source's error, and the table said "GitHub could not be reached" and no more, on every pass of an
 * air-gapped site. Only the server's operator can help, so the note says what they check.
 */
function OutOfReach(props: { sources: Source[] }) {
  const out = props.sources.filter((s) => failingNow(s) && s.lastError?.includes('could not be reached'))
  if (out.length === 0) return null
  const [its, it] = out.length === 1 ? ['its', 'it'] : ['their', 'them']
  return (
    <p class="hint" role="note" aria-label="Sources out of reach">
      {out.map(nameOf).join(', ')} could not be reached on {its} last try: the server's operator checks that it can
      reach {it} (a firewall, a proxy, no internet access); a site without internet access points {its} base_url at a
      mirror, or {its} stream_url for a stream (<a href="/docs/platforms#checking-the-platforms">how</a>).
    </p>
  )
}

/** What the page says when nothing is searched for the team: it tracks no keyword, or its plan gives it no platform. */
function NothingSearched(props: { keywords: number; ready: number }) {
  if (props.keywords === 0)
    return (
      <p class="hint" role="note" aria-label="No keyword yet">
        Nothing is searched for your team: it tracks no keyword. Add one on the <a href="#/keywords">Keywords</a> page;
        {props.ready > 0
          ? ' the platforms below then search it on each polling pass, or match it as their stream reads.'
          : ' your plan includes no platform this server can use, so ask its operator for another.'}
      </p>
    )
  return <p class="hint">None of your keywords is searched here: see why for each platform below.</p>
}

/**
 * Platforms searched for the team come first, with how their last tries went; those this server can use but that
 * search nothing for it follow with why, and the rest as one line each, the setting to add. Listing all 22 alike made
 * a phone page of 22 cards, most of them empty dashes.
 */
export function Sources() {
  const [answer, setAnswer] = useState<TeamSources>({ keywords: 0, platforms: [] })
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState('')
  const [reads, setReads] = useState(0)
  useEffect(() => {
    api<TeamSources>('GET', '/sources')
      .then((s) => {
        setAnswer(s)
        setLoaded(true)
      })
      .catch((e) => setError(e.message))
  }, [reads])
  // Read again once, when the earliest retry time passes by the server's clock: "in under a minute" stayed until
  // a reload. One timer, not a poll every second; the answer read then sets the next one.
  useEffect(() => {
    const due = answer.platforms.map((s) => (s.retryAt ? Date.parse(s.retryAt) : Number.NaN)).filter(Number.isFinite)
    if (due.length === 0) return
    const timer = setTimeout(() => setReads((n) => n + 1), Math.max(0, Math.min(...due) - serverNow()) + RETRY_SLACK_MS)
    return () => clearTimeout(timer)
  }, [answer])
  const { keywords, platforms: sources } = answer
  // Each part is what the server says of the source (usable, ready, searched: domain/sources/team-sources.ts), as
  // Getting started reads it too; a rule of the page's own would drift from it. "In use" is what is searched for this
  // team (docs/console.md#sources); the plan's platforms alone read as searched for a team with no keyword.
  const ready = sources.filter((s) => s.ready)
  const searched = sources.filter((s) => s.searched)
  const unsearched = sources.filter((s) => s.usable && !(keywords === 0 ? ready : searched).includes(s))
  const unset = sources.filter((s) => !s.usable)
  return (
    <section>
      <Alert message={error} />
      <h2>In use</h2>
      {searched.length > 0 && (
        <>
          <p class="hint">
            The platforms searched for your keywords on each polling pass, or read as a stream, and how many of your
            keywords each searches.
            <NoKey inUse={searched} />
          </p>
          <SourcesTable label="Sources in use" rows={searched} keywords={keywords} />
        </>
      )}
      {loaded && searched.length === 0 && <NothingSearched keywords={keywords} ready={ready.length} />}
      {keywords === 0 && ready.length > 0 && (
        <SourcesTable label="Sources ready for a keyword" rows={ready} keywords={0} />
      )}
      <OutOfReach sources={keywords === 0 ? ready : searched} />
      {unsearched.length > 0 && (
        <>
          <h2>Not searched for you</h2>
          <p class="hint">This server can use these, but nothing is searched on them for your team:</p>
          {unsearched.some((s) => !s.inPlan && !s.earlierRouteOnly) && <OffPlan />}
          <ul class="rows not-searched" aria-label="Sources not searched for you">
            {unsearched.map((s) => (
              <li>
                <strong>{nameOf(s)}</strong> <span>{whyNot(s)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {unset.length > 0 && (
        <>
          <h2>Not set up</h2>
          <p class="hint">
            Add the setting to the configuration file and restart; each also reads from the environment, in capitals
            with <code>LEAD_SIGNALS_</code> before it (<code>platforms.youtube.api_key</code> is{' '}
            <code class="setting-name">LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY</code>).{' '}
            <a href="/docs/platforms">What to get for each platform</a>.
          </p>
          <ul class="rows settings-to-add" aria-label="Sources not set up">
            {unset.map(missing)}
          </ul>
        </>
      )}
    </section>
  )
}
