import { Icps } from './pages/icps'
import { Keywords } from './pages/keywords'
import { People } from './pages/people'
import { Settings } from './pages/settings'
import { Signals } from './pages/signals'
import { Sources } from './pages/sources'
import { TryScorer } from './pages/try-scorer'
import { Usage } from './pages/usage'
import { Webhooks } from './pages/webhooks'

// Which page an address opens, apart from main.tsx, which draws the shell around it: the menu's pages, the names they
// also answer to, and the address read from the window.

// Pages by their address (#/keywords…): the server serves one page, and the address keeps the place on reload.
// On a phone they sit behind the Menu button (styles/shell.css), so a new page (People) adds a line here and nothing
// else.
export const PAGES = [
  { path: 'signals', name: 'Signals', view: Signals },
  { path: 'people', name: 'People', view: People },
  { path: 'keywords', name: 'Keywords', view: Keywords },
  { path: 'icp-profiles', name: 'ICP profiles', view: Icps },
  { path: 'try-scorer', name: 'Try the scorer', view: TryScorer },
  { path: 'usage', name: 'Usage', view: Usage },
  { path: 'sources', name: 'Sources', view: Sources },
  { path: 'webhooks', name: 'Destinations', view: Webhooks },
  { path: 'settings', name: 'Settings', view: Settings },
]

// A page by its name where its address is another (Destinations at #/webhooks), and ICP profiles by the short name the
// command line gives them (`lead-signals icp`): a typed or guessed address opens the page rather than "No such page".
const OTHER_NAMES: Record<string, string> = {
  destinations: 'webhooks',
  icps: 'icp-profiles',
  icp: 'icp-profiles',
  score: 'try-scorer',
}

/**
 * The page's address in the window's; the part after '?' is the page's own state (the Signals page's filters). An
 * address by another name becomes the page's own, so the menu marks it and a shared link is the one the menu gives.
 */
export function currentPath(): string {
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?')
  const own = OTHER_NAMES[path as string]
  if (own) history.replaceState(history.state, '', `#/${own}${query === undefined ? '' : `?${query}`}`)
  return own ?? (path || 'signals')
}
