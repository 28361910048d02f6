// The one reading of GET /console/api/scorer (docs/console.md#settings) for Settings' Scorer section and the Signals
// page, which hands it to whichever of its notices says it (the stand-in notice, or ScorerNotice where there is none).
// Not in scorer-now.ts: tests import its words where the browser's types (api.ts) are not loaded.
import { useEffect, useState } from 'preact/hooks'
import { api } from './api'
import type { ScorerCondition } from './scorer-now'

/** GET /console/api/scorer once; null until it answers, and when it cannot be read (the page says the rest). */
export function useScorerCondition(): ScorerCondition | null {
  const [condition, setCondition] = useState<ScorerCondition | null>(null)
  useEffect(() => {
    api<ScorerCondition>('GET', '/scorer')
      .then(setCondition)
      .catch(() => setCondition(null))
  }, [])
  return condition
}
