import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { usePageTitle } from '../components/page-heading'
import { Alert } from '../components/ui'

export function SignIn(props: { ended?: boolean; onSignedIn: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  // The keyboard starts in Email, as on any sign-in form; not if something on the page already holds it. Put there in
  // the frame the form is drawn (a layout effect, not a passive one, which Preact runs after the paint): a key typed
  // as soon as the form shows goes into Email, not to the page's body.
  const emailBox = useRef<HTMLInputElement>(null)
  usePageTitle('Sign in')
  useLayoutEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) emailBox.current?.focus()
  }, [])
  const submit = async (e: Event) => {
    e.preventDefault()
    setError('')
    try {
      await api('POST', '/session', { email, password })
      props.onSignedIn()
    } catch (err) {
      setError((err as Error).message)
    }
  }
  return (
    <main class="sign-in">
      <h1>lead-signals</h1>
      <form onSubmit={submit}>
        {props.ended && <p role="status">Your session has ended: sign in again to go on.</p>}
        <label>
          Email
          <input
            ref={emailBox}
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <Alert message={error} />
        <button type="submit">Sign in</button>
      </form>
      <p class="hint">
        No account? An operator creates one with <code>lead-signals user create</code>. <a href="/swagger">API docs</a>
      </p>
    </main>
  )
}
