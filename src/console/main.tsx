import { render } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, api, NOT_THE_SERVICE, onSignedOut } from './api'
import { NoSuchPage } from './components/no-such-page'
import { keyboardToNextHeading, PageHeading } from './components/page-heading'
import { SourcesDown } from './components/sources-down'
import { Alert, Icon } from './components/ui'
import type { Me } from './me'
import { useMenuKeyboard } from './menu-keyboard'
import { currentPath, PAGES } from './addresses'
import { Authorize } from './pages/authorize'
import { Person } from './pages/person'
import { SignIn } from './pages/sign-in'

function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  // Why the session could not be checked, when it was not a plain "not signed in" (a server error, no network).
  const [failure, setFailure] = useState<string | null>(null)
  const [path, setPath] = useState(currentPath())
  // The phone's menu, open or not; every move to another page closes it.
  const [menu, setMenu] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  useMenuKeyboard(menu, () => setMenu(false), menuButton)
  // The session ended while the console was open: the sign-in form says so, and the address keeps the page to return
  // to.
  const [ended, setEnded] = useState(false)
  const [signOutFailure, setSignOutFailure] = useState('')
  useEffect(
    () =>
      onSignedOut(() => {
        if (me) setEnded(true)
        setMe(null)
      }),
    [me],
  )
  const load = () => {
    setFailure(null)
    return api<Me>('GET', '/me')
      .then(setMe)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 401) return setMe(null)
        if (!(e instanceof ApiError)) return setFailure('The server cannot be reached.')
        // A proxy's page is said in words of its own; the service's refusal with its status.
        setFailure(e.code === NOT_THE_SERVICE ? e.message : `The server answered ${e.status}: ${e.message}`)
      })
  }
  useEffect(() => {
    load()
    const onHash = () => {
      setPath(currentPath())
      setMenu(false)
    }
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  if (failure)
    return (
      <div class="server-failure" role="alert">
        <PageHeading name="The console cannot load" />
        <p>{failure}</p>
        <button type="button" onClick={load}>
          Try again
        </button>
      </div>
    )
  if (me === undefined) return <p class="loading">Loading…</p>
  if (me === null)
    return (
      <SignIn
        ended={ended}
        wanted={wantedPage(path)}
        onSignedIn={() => {
          keyboardToNextHeading()
          setEnded(false)
          setSignOutFailure('')
          return load()
        }}
      />
    )
  // An authorization request from /oauth/authorize: the consent page, outside the menu.
  const consent = /^authorize\/(.+)$/.exec(path)?.[1]
  // A person's page (#/people/per_…) sits under People in the menu.
  const personId = /^people\/(.+)$/.exec(path)?.[1]
  // An address with no page (a typo, an old link) says so: showing Signals there passed it off as that page.
  const page = PAGES.find((p) => p.path === (personId ? 'people' : path))
  // Only a session the server ended (or had already ended) shows the sign-in form: a Sign out that did not reach it
  // left the session alive in its cookie behind a sign-in form, and the next visitor of this browser signed in.
  const signOut = () => {
    setSignOutFailure('')
    return api('DELETE', '/session').then(
      () => setMe(null),
      (e) =>
        e instanceof ApiError && e.status === 401
          ? setMe(null)
          : setSignOutFailure(`Not signed out: this browser is still signed in. ${e.message}`),
    )
  }
  return (
    <div class="shell">
      <header class={menu ? 'menu-open' : ''}>
        <strong class="brand">lead-signals</strong>
        <button
          type="button"
          ref={menuButton}
          class="menu-button"
          aria-expanded={menu}
          aria-controls="menu"
          onClick={() => setMenu(!menu)}
        >
          <Icon name="menu" /> Menu
        </button>
        <div class="menu" id="menu">
          <nav>
            {PAGES.map((p) => (
              <a
                href={`#/${p.path}`}
                class={p === page && !consent ? 'current' : ''}
                aria-current={p === page && !consent ? 'page' : undefined}
                // The same page again fires no hashchange: the menu closes here too.
                onClick={() => setMenu(false)}
              >
                {p.name}
              </a>
            ))}
            <a href="/swagger">API docs</a>
          </nav>
          <span class="who">
            {/* Cut with an ellipsis on a wide bar (styles/shell.css): the whole of it is here, for a pointer. */}
            <span title={`${me.user.email} · ${me.team.name}`}>
              {me.user.email} · {me.team.name}
            </span>
            <button type="button" onClick={signOut}>
              Sign out
            </button>
          </span>
        </div>
      </header>
      <main>
        <Alert message={signOutFailure} />
        {consent ? (
          <>
            <PageHeading name="Connect an app" />
            <Authorize me={me} id={consent} />
          </>
        ) : !page ? (
          <NoSuchPage path={path} pages={PAGES} />
        ) : (
          <>
            <PageHeading name={page.name} />
            {/* Where a team reads its results: a list that stopped growing says why (docs/console.md). The Signals
                page shows it above its list only: Getting started, in its place before a first signal, says it. */}
            {page.path === 'people' && <SourcesDown />}
            {personId ? <Person id={decodeURIComponent(personId)} /> : <page.view me={me} />}
          </>
        )}
      </main>
    </div>
  )
}

/**
 * What a link that needs a session leads to (an alert's person or the console's Signals page), named on the sign-in
 * form: the form alone did not say the link had worked (docs/console.md#sign-in). None for the bare address.
 */
function wantedPage(path: string) {
  if (!location.hash.replace(/^#\/?/, '')) return undefined
  if (/^people\/./.test(path)) return "this person's page"
  const page = PAGES.find((p) => p.path === path)
  return page ? `the ${page.name} page` : undefined
}

render(<App />, document.getElementById('app') as HTMLElement)
