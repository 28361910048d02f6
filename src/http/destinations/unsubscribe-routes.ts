import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { unsubscribe, unsubscribeState } from '../../domain/webhooks/unsubscribe'
import { AppError } from '../../errors'
import { escapeHtml } from '../../lib/text'
import { htmlPage } from '../html-page'
import { callerFailure } from '../../wire/failure'

// docs/destinations.md#unsubscribe: the link in every e-mail, without signing in. GET shows a button (mail
// scanners open links; they must not unsubscribe anyone); POST turns the destination off, from that button or from
// a mail client's one-click unsubscribe (RFC 8058).

const page = (status: number, title: string, body: string) =>
  htmlPage({ status, title, body: `<h1>${escapeHtml(title)}</h1>${body}` })

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

const tokenOf = (query: Record<string, string | undefined>) => {
  const token = query.token
  if (!token || token.length > 200) throw new AppError('invalid_request', 'this unsubscribe link is not valid')
  return token
}

// A person opened this from an e-mail: every answer is a page, never the API's JSON error. The log gets what the
// API's error handler would log (wire/failure.ts), without the database's words.
const refusal = (deps: Deps, err: unknown) => {
  // The API's words begin in lower case (they follow a field or a status); here they are a sentence of their own.
  if (err instanceof AppError)
    return page(400, 'This link does not work', `<p>${escapeHtml(sentence(err.message))}.</p>`)
  const failure = callerFailure(err, deps.log, { route: '/unsubscribe' })
  return failure.kind === 'storage_unavailable'
    ? page(
        503,
        'Try again later',
        '<p>The server cannot use its database just now, so nothing was changed. Open the link again later.</p>',
      )
    : page(500, 'Something went wrong', '<p>Nothing was changed. Open the link again later.</p>')
}

export const unsubscribeRoutes = (deps: Deps) =>
  new Elysia({ detail: { hide: true } })
    .get('/unsubscribe', async ({ query }) => {
      try {
        const token = tokenOf(query)
        const state = await unsubscribeState(deps, token)
        if (!state.enabled)
          return page(
            200,
            'You are unsubscribed',
            `<p>${escapeHtml(state.to)} gets no more lead e-mails from here.</p>`,
          )
        return page(
          200,
          'Stop these e-mails?',
          `<p>${escapeHtml(state.to)} gets e-mails about new leads from lead-signals.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>`,
        )
      } catch (err) {
        return refusal(deps, err)
      }
    })
    .post('/unsubscribe', async ({ query }) => {
      try {
        const state = await unsubscribe(deps, tokenOf(query))
        return page(
          200,
          'You are unsubscribed',
          `<p>${escapeHtml(state.to)} gets no more lead e-mails from here. A member of the team can turn them on again in the console.</p>`,
        )
      } catch (err) {
        return refusal(deps, err)
      }
    })
