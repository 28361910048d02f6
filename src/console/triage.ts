import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from './api'
import type { Me } from './me'
import { serverNow } from './server-clock'

type Triage = { count: number; move: (by: number) => void; judge: (relevant: boolean) => void; open: () => void }

/**
 * docs/console.md#triage: j / k move through the list, r judges the current signal relevant, n not relevant, o opens
 * its post. Keys typed into a field, or with a modifier (the browser's own shortcuts), are left alone.
 */
export function useTriageKeys(t: Triage) {
  // The handlers of the latest render, set while rendering: a key pressed as soon as the list shows acts on that
  // list, not on the one before (an effect would re-register only after the browser has painted).
  const latest = useRef(t)
  latest.current = t
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const now = latest.current
      const target = e.target as HTMLElement
      if (e.ctrlKey || e.metaKey || e.altKey || target.closest('input, select, textarea') || now.count === 0) return
      const act = {
        j: () => now.move(1),
        k: () => now.move(-1),
        r: () => now.judge(true),
        n: () => now.judge(false),
        o: now.open,
      }[e.key]
      if (!act) return
      e.preventDefault()
      act()
    }
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [])
}

/**
 * The previous visit of this user to the Signals page (kept in the browser), and how many signals the team got
 * since: the "new since your last visit" count. The visit is recorded as the page opens.
 */
export function useLastVisit(me: Me) {
  const [seen, setSeen] = useState<{ after: string | null; count: number }>({ after: null, count: 0 })
  useEffect(() => {
    const key = `lead-signals:last-visit:${me.team.name}:${me.user.email}`
    const after = localStorage.getItem(key)
    // The server's now: the signals' times it is compared with are the server's (server-clock.ts).
    localStorage.setItem(key, new Date(serverNow()).toISOString())
    if (!after) return
    api<{ count: number }>('GET', `/new-signals?${new URLSearchParams({ after })}`)
      .then((n) => setSeen({ after, count: n.count }))
      .catch(() => setSeen({ after: null, count: 0 }))
  }, [])
  return seen
}
