// The one reading of GET /console/api/scorer (docs/console.md#settings) for Settings' Scorer section and both of the
// Signals page's notices (the stand-in notice, and ScorerNotice where there is none). Not in scorer-now.ts: tests
// import its words where the browser's types (api.ts) are not loaded.
import { useEffect, useState } from 'preact/hooks'
import { api } from './api'
import type { ScorerCondition } from './scorer-now'

/** GET /console/api/scorer once, when `ask`; null until it answers, and when it cannot be read (the page says the rest). */
export function useScorerCondition(ask = true): ScorerCondition | null {
  const [condition, setCondition] = useState<ScorerCondition | null>(null)
  useEffect(() => {
    if (!ask) return
    api<ScorerCondition>('GET', '/scorer')
      .then(setCondition)
      .catch(() => setCondition(null))
  }, [ask])
  return condition
}
