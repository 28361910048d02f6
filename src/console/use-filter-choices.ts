// What the Signals page's filters offer to choose from: the team's keywords, and the platforms it can have signals
// from. Read once a page, apart from the list, which is read again at every change of filter, page or verdict.
import { useEffect, useState } from 'preact/hooks'
import { api } from './api'

/**
 * GET /keywords and GET /sources once. A server that cannot answer is said through `fail`, as for the list, not left
 * uncaught; the choices it could not read stay empty.
 */
export function useFilterChoices(fail: (message: string) => void): { keywords: string[]; platforms: string[] } {
  const [keywords, setKeywords] = useState<string[]>([])
  const [platforms, setPlatforms] = useState<string[]>([])
  useEffect(() => {
    api<{ keywords: string[] }>('GET', '/keywords')
      .then((k) => setKeywords(k.keywords))
      .catch((e) => fail(e.message))
    // What the team can have signals from: its plan's platforms that polling searches or streams
    // (docs/console.md#the-signals-page), not every platform the server knows.
    api<{ platforms: { platform: string; inPlan: boolean; earlierRouteOnly: boolean }[] }>('GET', '/sources')
      .then((s) => setPlatforms(s.platforms.filter((p) => p.inPlan && !p.earlierRouteOnly).map((p) => p.platform)))
      .catch((e) => fail(e.message))
  }, [])
  return { keywords, platforms }
}
