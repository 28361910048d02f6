import type { Polling } from '../setup-state'
import { Command } from './command'
import { shellWord } from '../shell-word'
import { fromNow } from '../time'

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/**
 * docs/console.md#getting-started: when the next polling pass starts. The command that runs one now is the first-pass
 * step's (FirstPassTodo): said here, it came before the team's keywords and profile. A schedule time that comes while a
 * pass runs is skipped: the next starts then only if this one has ended. A pass that stopped before it ended (its
 * process killed, hung or cut off from the database) is no pass running: said so, with when its lease stops keeping the
 * next out.
 */
export function nextPass(p: Polling): string {
  if (!p.enabled) return 'Polling is off on this server (polling.enabled = false): no pass runs by itself.'
  if (!p.nextPassAt) return `No polling pass is scheduled (polling.schedule = "${p.schedule}").`
  const at = clock(p.nextPassAt)
  if (p.passRunning)
    return `A polling pass is running now: the next starts after it, on the schedule (${at} at the earliest).`
  const next = `The next polling pass starts ${fromNow(p.nextPassAt)}, at ${at}.`
  const stopped = p.stoppedPass
  if (!stopped) return next
  const since = `A polling pass stopped before it ended: its process last renewed the polling lease at ${clock(stopped.lastRenewedAt)}`
  if (!stopped.heldUntil) return `${since} and is gone. ${next}`
  return `${since} and no longer does (stopped, hung or cut off from the database); its lease keeps other passes out until ${clock(stopped.heldUntil)}. ${next}`
}

/**
 * What to do while no first pass has searched the team's keywords. `poll --once` finds a held lease and does nothing
 * (docs/operations.md#one-pass-at-a-time): not offered while a pass runs, nor before a stopped pass's lease ends.
 */
export function FirstPassTodo(props: { polling: Polling; team: string }) {
  const { polling } = props
  const sources = (
    <>
      The <a href="#/sources">Sources</a> page shows how each source's last search went.
    </>
  )
  if (polling.passRunning)
    return (
      <>
        Wait for the pass running now: the <a href="#/sources">Sources</a> page shows how each source's search went.
      </>
    )
  const command = <Command command={`lead-signals poll --once --team ${shellWord(props.team)}`} />
  const heldUntil = polling.stoppedPass?.heldUntil
  if (heldUntil)
    return (
      <>
        Wait for the next pass, or from {clock(heldUntil)}, when the stopped pass's lease ends, run one on the server:{' '}
        {command}. {sources}
      </>
    )
  return (
    <>
      {polling.nextPassAt ? 'Wait for the next pass, or run one now on the server:' : 'Run a pass on the server:'}{' '}
      {command}. {sources}
    </>
  )
}
