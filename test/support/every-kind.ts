import { checkedAnswer } from './chat-receivers'
import { seedTeam, testDeps } from './deps'
import type { fakesPerTest } from './fake-upstream'
import type { smtpPerTest } from './smtp'

/** Where a test's receiver takes each kind of destination (docs/destinations.md#kinds). */
export const KIND_PATHS = {
  slack: '/services/T0/B0/x',
  discord: '/api/webhooks/1234567890/tok-EN_abc',
  teams: '/workflows/5f0c2a/triggers/manual/paths/invoke',
  webhook: '/hook',
} as const

/**
 * A team on a server with an SMTP server and a public address, and one receiver for its chat and webhook
 * destinations, answering each as its platform documents (chat-receivers.ts), and 503 on a path ending in `/down` (a
 * receiver that is down): the world of a test of every kind.
 */
export async function everyKindWorld(smtp: ReturnType<typeof smtpPerTest>, receiver: ReturnType<typeof fakesPerTest>) {
  const server = await smtp({})
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:58:30.000Z',
    config: {
      email: server.emailConfig,
      webhooks: { allow_private_targets: true },
      server: { public_url: 'https://leads.example.com' },
    },
  })
  const { team } = await seedTeam(deps)
  const r = receiver((req) =>
    req.url.pathname === KIND_PATHS.discord
      ? checkedAnswer('discord', req.body)
      : req.url.pathname === KIND_PATHS.teams
        ? checkedAnswer('teams', req.body)
        : req.url.pathname.endsWith('/down')
          ? new Response('', { status: 503 })
          : new Response('ok'),
  )
  return { deps, clock, team, server, r }
}
