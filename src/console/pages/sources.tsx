import { useEffect, useState } from 'preact/hooks'
import { api } from '../api'
import { DataTable } from '../components/data-table'
import { Ago, Alert } from '../components/ui'
import { platformName, sourceError } from '../signal-facts'
import { failingNow, inUse, reading, type Source } from '../source-reading'

const nameOf = (s: Source) => platformName(s.platform)

/**
 * What a platform only the earlier search route reads (docs/api.md#earlier-search) is: "News (earlier route only)",
 * read as "search" under "Searched on each polling pass", was taken for polled by a team that never met that route.
 */
const earlierOnly = (
  <>
    never polled: only <a href="/docs/api#earlier-search">the earlier search route</a> searches it
  </>
)

/** The settings that would make a platform usable, as configuration file keys (each has an environment twin). */
function missing(s: Source) {
  return (
    <li>
      <strong>{nameOf(s)}</strong>{' '}
      <span>
        {s.missingSettings.length === 0 ? 'not configured' : 'set '}
        {s.missingSettings.map((m, i) => (
          <>
            {i > 0 && ', '}
            <code title={`or ${m.env}`}>{m.key}</code>
          </>
        ))}
        {/* The settings above are the route open to every install; Reddit's own API needs its approval first. */}
        {s.platform === 'reddit' && (
          <>
            ; or, once Reddit has approved an app, its own API (<a href="/docs/platforms#reddit">how</a>)
          </>
        )}
        {!s.inPlan && '; not on your plan'}
        {s.earlierRouteOnly && <>; {earlierOnly}</>}
      </span>
    </li>
  )
}

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

/**
 * Platforms this server can use come first, with how their last tries went; the rest follow as one line each, the
 * setting to add. Listing all 22 alike made a phone page of 22 cards, most of them empty dashes.
 */
export function Sources() {
  const [sources, setSources] = useState<Source[]>([])
  const [error, setError] = useState('')
  useEffect(() => {
    api<{ platforms: Source[] }>('GET', '/sources')
      .then((s) => setSources(s.platforms))
      .catch((e) => setError(e.message))
  }, [])
  // "In use" is what this team's polling searches or streams: a source this server could use but the plan leaves
  // out stood there with "On the plan: no", as though the team's keywords were searched on it.
  const usable = sources.filter((s) => inUse(s) && s.inPlan)
  const offPlan = sources.filter((s) => inUse(s) && !s.inPlan)
  const unset = sources.filter((s) => !inUse(s))
  return (
    <section>
      <Alert message={error} />
      <h2>In use</h2>
      <p class="hint">
        The platforms your plan includes that this server can use: searched for your keywords on each polling pass, or
        read as a stream. Hacker News, Stack Overflow, dev.to, GitHub, Medium and Substack need no key, nor does
        Bluesky's stream.
      </p>
      <DataTable
        label="Sources in use"
        rows={usable}
        columns={[
          { head: 'Platform', cell: nameOf },
          { head: 'Last success', cell: (s) => <Ago iso={s.lastSuccessAt} /> },
          {
            head: 'Last failure',
            // A failure a success came after is history: its error (often "set this setting") read as the state.
            cell: (s) =>
              s.lastFailureAt ? (
                <span>
                  <Ago iso={s.lastFailureAt} />: {sourceError(s.platform, s.lastError ?? '')}
                  {!failingNow(s) && ' (it has answered since)'}
                </span>
              ) : (
                '—'
              ),
          },
          {
            head: 'Next retry',
            // A wait the platform announced (to any server on the database) says why; a refused search's is its failure.
            cell: (s) => (
              <span>
                <Ago iso={s.retryAt} scheduled />
                {s.retryWhy && ` (${s.retryWhy})`}
              </span>
            ),
          },
          { head: 'Reading', cell: (s) => (s.earlierRouteOnly ? earlierOnly : reading(s)) },
        ]}
      />
      <OutOfReach sources={usable} />
      {offPlan.length > 0 && (
        <>
          <h2>Not on your plan</h2>
          <p class="hint">
            This server can use these, but your team's plan does not include them: they are not searched for you.
          </p>
          <ul class="rows" aria-label="Sources not on your plan">
            {offPlan.map((s) => (
              <li>{nameOf(s)}</li>
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
            <code>LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY</code>).{' '}
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
