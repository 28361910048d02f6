// The server's clock as the console reads it, each answer's Date header (src/console/server-clock.ts), made to read a
// test's own clock: a test clock stands still while the process's, which Bun writes the header from, goes on.
import type { ServicePage } from './browser'

/** Every answer of the service to `view` says `at()` as its Date header. */
export async function serverDateAt(view: ServicePage, at: () => number): Promise<void> {
  await view.context.route(
    (url) => url.origin === view.origin,
    async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), date: new Date(at()).toUTCString() } })
    },
  )
}
