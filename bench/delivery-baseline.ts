// The delivery section's baselines (docs/performance.md#checking-for-regressions): a bare sender in this process
// doing the network part of what the executable's delivery worker does, to the same receivers, at the worker's
// concurrency (src/jobs/webhook-delivery.ts: 4 in flight for one destination, 16 in all). The worker's rate as a share
// of it measures the service, not how fast the host happens to be that hour.
import nodemailer from 'nodemailer'

/** A signal's JSON about as long as the worker's payload: the bare sender posts the same number of bytes. */
const BODY = JSON.stringify({
  event: 'signal.created',
  signal: { id: 'sig_bench', content: 'x'.repeat(900), score: 8.2, intent: 'ACTIVE', reason: 'y'.repeat(120) },
})

async function inFlight(n: number, at: number, send: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: at }, async () => {
      while (next < n) await send(next++)
    }),
  )
}

/** Seconds a bare client takes to POST `n` bodies to `url`, 4 at a time. */
export async function bareWebhooks(url: string, n: number): Promise<number> {
  const started = performance.now()
  await inFlight(n, 4, async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`bare webhook answered ${res.status}`)
  })
  return (performance.now() - started) / 1000
}

/** Seconds a bare nodemailer takes to send `n` messages, one connection each (STARTTLS and AUTH), 16 at a time. */
export async function bareEmails(a: { port: number; user: string; password: string }, n: number): Promise<number> {
  const started = performance.now()
  await inFlight(n, 16, async (i) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: a.port,
      requireTLS: true,
      auth: { user: a.user, pass: a.password },
      tls: { rejectUnauthorized: false },
    })
    try {
      await transport.sendMail({
        from: 'bench@example.test',
        to: `rep${i}@example.test`,
        subject: 'Five new leads',
        text: BODY,
        html: `<p>${BODY}</p>`,
      })
    } finally {
      transport.close()
    }
  })
  return (performance.now() - started) / 1000
}
