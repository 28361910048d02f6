import { useState } from 'preact/hooks'
import type { TeamSources } from '../../wire/platforms'
import { api } from '../api'
import { useRefreshing } from '../refreshing'
import { platformName } from '../signal-facts'
import { errorAfterName, type Source, stoppedAnswering } from '../source-reading'
import { Ago, shortName } from './ui'

// A platform's error is its own text, of any length: the warning shows its start, the Sources page the rest.
const ERROR_SHOWN = 200

/**
 * docs/console.md#sources-not-answering: on the pages a team reads its results on, the sources its keywords are
 * searched on that stopped answering, since when they have failed (their run of failures' start: one that never
 * answered has no last success to count from), and why; the list of signals only stopped growing, and said nothing.
 * A source that answers again leaves it. A reading that fails shows nothing here: the page's own reading says why.
 */
export function SourcesDown() {
  const [searched, setSearched] = useState<Source[]>([])
  // Read again as Getting started is (docs/console.md#sources-not-answering): once per visit, the warning stayed after
  // the source answered again, and a source that stopped answering while the page was open was never said.
  useRefreshing(() =>
    api<TeamSources>('GET', '/sources')
      .then((s) => setSearched(s.platforms.filter((p) => p.searched)))
      .catch(() => setSearched([])),
  )
  const down = searched.filter(stoppedAnswering)
  if (down.length === 0) return null
  const all = down.length === searched.length
  return (
    <div class="notice sources-down" role="note" aria-label="Sources not answering">
      <ul>
        {down.map((s) => (
          <li>
            {platformName(s.platform)} has failed since <Ago iso={s.failingSince} />
            {s.lastSuccessAt === null ? ' and has never answered' : ''}; last tried <Ago iso={s.lastFailureAt} />:{' '}
            {shortName(errorAfterName(s.platform, s.lastError ?? 'failed'), ERROR_SHOWN)}
          </li>
        ))}
      </ul>
      <p>
        {all
          ? 'No source searches your keywords meanwhile: no new signal comes until one answers. '
          : 'Your keywords are searched on the others meanwhile. '}
        What to check: <a href="#/sources">Sources</a>.
      </p>
    </div>
  )
}
