import { api } from '../api'
import { platformName } from '../signal-facts'
import { ConfirmButton, counted, Name, shortName } from './ui'

type Forgotten = { id: string; author: string; platform: string; accounts: number; signals: number }

const linked = (n: number) => (n === 1 ? 'linked account' : `${n} linked accounts`)

/**
 * docs/people.md#forget: the person page's Forget this person. It asks first, saying what goes, that it cannot be
 * undone and that what was sent or exported stays where it went; then back to the People list, where they no longer
 * are. A refusal (linked meanwhile, gone already) is the page's error line.
 */
export function ForgetPerson(props: { person: Forgotten; onError: (message: string) => void }) {
  const p = props.person
  const forget = () =>
    api('DELETE', `/people/${encodeURIComponent(p.id)}`).then(
      () => {
        location.hash = '#/people'
      },
      (e) => props.onError(e.message),
    )
  return (
    <div class="forget">
      <ConfirmButton
        label="Forget this person"
        name={`${shortName(p.author)} on ${platformName(p.platform)}`}
        question={
          <>
            Forget <Name name={p.author} />? This removes them
            {p.accounts > 1 ? ` and their ${linked(p.accounts - 1)}` : ''}, all their posts here (
            {p.signals === 0 ? 'every one dismissed' : `${counted(p.signals, 'signal')} and any dismissed`}), your
            verdicts on them and alerts not sent yet, and keeps their later posts out. It cannot be undone. Alerts
            already sent and files already exported cannot be recalled.
          </>
        }
        onConfirm={forget}
      />
    </div>
  )
}
