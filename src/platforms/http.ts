import { AppError } from '../domain/errors'
import type { Logger } from '../lib/log'

export const USER_AGENT = 'lead-signals/0.1 (self-hosted social listening)'

/**
 * GETs JSON from a platform within `timeoutMs`. Every failure becomes the contract's error, naming the platform
 * and what went wrong but never the URL (it may carry a key) or the body.
 */
export async function fetchPlatformJson(a: {
  platform: string
  url: URL
  timeoutMs: number
  headers?: Record<string, string>
  signal?: AbortSignal
  log: Logger
}): Promise<unknown> {
  const timeout = AbortSignal.timeout(a.timeoutMs)
  const signal = a.signal ? AbortSignal.any([a.signal, timeout]) : timeout
  let res: Response
  try {
    res = await fetch(a.url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...a.headers }, signal })
  } catch (err) {
    if (timeout.aborted) throw new AppError('upstream_timeout', `${a.platform} did not answer within ${a.timeoutMs} ms`)
    a.log.warn('platform_unreachable', { platform: a.platform, err })
    throw new AppError('upstream_error', `${a.platform} could not be reached`)
  }
  if (!res.ok) {
    await res.body?.cancel()
    const what = res.status === 429 ? 'a rate-limit answer (429)' : `status ${res.status}`
    throw new AppError('upstream_error', `${a.platform} answered with ${what}`)
  }
  try {
    return await res.json()
  } catch {
    if (timeout.aborted) throw new AppError('upstream_timeout', `${a.platform} did not answer within ${a.timeoutMs} ms`)
    throw new AppError('upstream_error', `${a.platform} sent a body that is not JSON`)
  }
}
