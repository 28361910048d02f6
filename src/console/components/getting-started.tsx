import { useState } from 'preact/hooks'
import { when } from '../api'
import { useRefreshing } from '../refreshing'
import { readState, type State } from '../setup-state'
import { noneAnsweringWords, stoppedWords } from '../source-reading'
import { platformName } from '../signal-facts'
import { relative } from '../time'
import { Command } from './command'
import { FirstPassTodo, nextPass } from './next-pass'
import { Icon } from './ui'

// Up to five by name: "and 1 more" hid a name no longer than the count (dev.to, on the growth plan's five sources).
const list = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 4).join(', ')} and ${items.length - 4} more` : items.join(', ')
/** Platforms by the names people know them by (Hacker News, dev.to), as a list. */
const platforms = (ids: string[]) => list(ids.map(platformName))

/**
 * docs/console.md#getting-started: the Signals page of a team with no signal yet. What is set up, when polling runs
 * next, and a checklist that ticks itself from the server's state, each step linking to the page that does it.
 * `team`: the team's name, for the command that runs its pass now.
 */
export function GettingStarted(props: { team: string }) {
  const [state, setState] = useState<State | null>(null)
  const [error, setError] = useState('')
  useRefreshing(() =>
    readState()
      .then((s) => {
        setState(s)
        setError('')
      })
      .catch((e) => setError(e.message)),
  )
  if (error) return <p class="error">The setup could not be read: {error}</p>
  if (!state) return <p class="muted">Loading…</p>
  // Every usable source failed its last try: configured is not enough, this server cannot read any of them.
  const noneAnswers = state.usable.length > 0 && state.failing.length === state.usable.length
  // The Signals page shows no warning of sources not answering above this list: its first step says it.
  const stopped = stoppedWords(state.failing)
  const failingNow = state.failing.map((f) => f.platform)
  const answering = state.usable.filter((p) => !failingNow.includes(p) && !state.untried.includes(p))
  // Keywords that all go to platforms the team cannot use: Sources lists nothing in use, with why for each one.
  const unreached = state.usable.length === 0 && state.keywords.length > 0 && state.ready.length > 0
  const streamsRead = state.keywords.length > 0 && state.streaming.length > 0
  const steps = [
    {
      done: state.usable.length > 0 && !noneAnswers,
      title: 'A source to search',
      href: '#/sources',
      text: noneAnswers
        ? noneAnsweringWords(state.failing)
        : state.usable.length
          ? // Apart: "Usable now" listed the failing ones as well, and then named them again under "Failing".
            // Never searched nor read yet (a new server) is not answering: "Answering: GitHub." read so offline.
            [
              answering.length ? `Answering: ${platforms(answering)}.` : '',
              state.untried.length ? `Set up, not tried yet: ${platforms(state.untried)}.` : '',
              failingNow.length ? `Set up but failing lately: ${platforms(failingNow)}.` : '',
              stopped,
            ]
              .filter(Boolean)
              .join(' ')
          : unreached
            ? `None of your keywords is searched here: each is limited to a platform your plan or this server does not give you. Ready for one: ${platforms(state.ready)}.`
            : !state.onPlan
              ? 'Your plan includes no platform.'
              : state.keyless.length
                ? `None is usable yet; ${platforms(state.keyless)} need no key.`
                : 'None is usable yet.',
      // No setting helps a plan without platforms: only the operator's change of plan does (docs/operations.md).
      todo: !state.onPlan ? (
        <>
          Ask the operator to move your team to a plan with platforms:{' '}
          <Command command="lead-signals team set --team TEAM --plan PLAN" />.
        </>
      ) : unreached ? (
        <>
          Let a keyword reach a platform you have: change or remove its <code>platform:</code> filter on the{' '}
          <a href="#/keywords">Keywords</a> page; the <a href="#/sources">Sources</a> page says why each is not
          searched.
        </>
      ) : noneAnswers ? (
        <>
          Check that this server can reach its sources (a firewall, a proxy, no internet access): the{' '}
          <a href="#/sources">Sources</a> page shows each one's last error; the next pass tries again.
        </>
      ) : (
        <>
          Configure a source: the <a href="#/sources">Sources</a> page names the setting each one needs.
        </>
      ),
    },
    {
      done: state.keywords.length > 0,
      title: 'A keyword',
      href: '#/keywords',
      text: state.keywords.length ? `Tracking ${list(state.keywords)}.` : 'None tracked yet.',
      todo: (
        <>
          Add the words your buyers use on the <a href="#/keywords">Keywords</a> page.
        </>
      ),
    },
    {
      done: state.profiles > 0,
      title: 'An ICP profile',
      href: '#/icp-profiles',
      text: state.profiles ? `${state.profiles} profile${state.profiles > 1 ? 's' : ''}.` : 'None yet.',
      todo: (
        <>
          Describe who buys from you on the <a href="#/icp-profiles">ICP profiles</a> page, so leads are matched to it.
        </>
      ),
    },
    {
      // A stream reads the tracked keywords with no pass: a team whose only source is Bluesky's stream had none.
      done: state.polling.lastPassAt !== null || streamsRead,
      title: 'A first polling pass',
      href: '#/sources',
      text: state.polling.lastPassAt
        ? `Your keywords were last searched ${relative(state.polling.lastPassAt)} (${when(state.polling.lastPassAt)}).`
        : streamsRead
          ? `${platforms(state.streaming)} ${state.streaming.length > 1 ? 'are read as streams' : 'is read as a stream'}: posts with your keywords are read as they are published, with no pass.`
          : // A team with no keyword has nothing a pass could search: "your keywords" would be words it does not have.
            !state.keywords.length
            ? 'Nothing to search yet: your team tracks no keyword.'
            : state.failing.length
              ? 'No search of your keywords has answered yet.'
              : 'Your keywords have not been searched yet.',
      // A pass can be a quarter of an hour away (polling.schedule), or never come (polling off): whoever runs the
      // server can start one now.
      todo: <FirstPassTodo polling={state.polling} team={props.team} />,
    },
    {
      done: false,
      title: 'A first signal',
      href: '#/keywords',
      text: "A post that scores at or above its keyword's qualify threshold appears here.",
      todo: (
        <>
          None qualified yet: a broader query on the <a href="#/keywords">Keywords</a> page finds more.
        </>
      ),
    },
  ]
  const next = steps.find((s) => !s.done) ?? steps[steps.length - 1]
  // A profile is optional: the pass searches the keywords without one. While the profile is what comes next, the
  // first-pass step gives its own next step (run one now), which a team skipping the profile never read otherwise.
  const firstPass = steps[3]
  const passAhead = steps[0]?.done && state.keywords.length > 0 && !firstPass?.done && next === steps[2]
  return (
    <section class="getting-started" aria-label="Getting started">
      <h2>No signals yet</h2>
      <p>{nextPass(state.polling)}</p>
      {/* No platform to search (air-gapped, no credentials): a pasted post is the one lead the team can score today. */}
      {!steps[0]?.done && (
        <p class="first-step">
          First step: paste a post your buyers wrote on the <a href="#/try-scorer">Try the scorer</a> page, to see how
          it is read while no platform can be searched here.
        </p>
      )}
      <p class="next">
        {steps[0]?.done ? 'What to do next' : 'Then'}: {next.todo}
      </p>
      <ol class="checklist">
        {steps.map((s) => (
          <li class={s.done ? 'done' : ''}>
            <span class="tick" role="img" aria-label={s.done ? 'done' : 'to do'}>
              {s.done ? <Icon name="check" /> : null}
            </span>
            <span>
              <a href={s.href}>
                <strong>{s.title}</strong>
              </a>{' '}
              <span class="muted">{s.text}</span>
              {passAhead && s === firstPass ? <> {s.todo}</> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
