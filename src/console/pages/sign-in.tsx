import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { Command } from '../components/command'
import { usePageTitle } from '../components/page-heading'
import { useRefusedField } from '../components/refused-field'
import { Alert } from '../components/ui'

const REFUSAL_ID = 'sign-in-refused'

/** `wanted`: the page the address leads to, opened once signed in (a link from an alert, a bookmark). */
export function SignIn(props: { ended?: boolean; wanted?: string; onSignedIn: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  // The keyboard starts in Email, as on any sign-in form; not if something on the page already holds it. Put there in
  // the frame the form is drawn (a layout effect, not a passive one, which Preact runs after the paint): a key typed
  // as soon as the form shows goes into Email, not to the page's body.
  const emailBox = useRef<HTMLInputElement>(null)
  // A box the server refused (a password over 256 characters) is marked and takes the keyboard; a wrong email or
  // password names neither (which one is not said), and stays the alert.
  const formRef = useRef<HTMLFormElement>(null)
  const mark = useRefusedField(formRef, REFUSAL_ID, { labels: { email: 'Email', password: 'Password' } })
  usePageTitle('Sign in')
  useLayoutEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) emailBox.current?.focus()
  }, [])
  const submit = async (e: Event) => {
    e.preventDefault()
    setError('')
    mark.clear()
    try {
      await api('POST', '/session', { email, password })
      props.onSignedIn()
    } catch (err) {
      setError(mark.refused(err))
    }
  }
  return (
    <main class="sign-in">
      <h1>lead-signals</h1>
      <form ref={formRef} onSubmit={submit}>
        {props.ended ? (
          <p role="status">Your session has ended: sign in again to go on.</p>
        ) : (
          props.wanted && <p role="status">Sign in to open {props.wanted}.</p>
        )}
        <label>
          Email
          <input
            ref={emailBox}
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => {
              setEmail(e.currentTarget.value)
              mark.clear()
            }}
            {...mark.about('email')}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => {
              setPassword(e.currentTarget.value)
              mark.clear()
            }}
            {...mark.about('password')}
          />
        </label>
        <Alert message={error} id={REFUSAL_ID} />
        <button type="submit">Sign in</button>
      </form>
      <p class="hint">
        No account? An operator creates one with <Command command="lead-signals user create" />.{' '}
        <a href="/swagger">API docs</a>
      </p>
    </main>
  )
}
