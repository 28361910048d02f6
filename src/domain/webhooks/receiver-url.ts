import { fieldError } from '../../errors'
import { checkTarget, OutboundError, UNRESOLVED_ADVICE } from '../../outbound/public-address'
import type { Needs } from '../needs'

/**
 * A receiver's URL: http(s), and on a public address unless `webhooks.allow_private_targets` (checked again at each
 * attempt).
 */
export async function checkReceiverUrl(deps: Needs<'config'>, raw: string): Promise<string> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw fieldError('url', 'must be an absolute http(s) URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fieldError('url', 'must be an absolute http(s) URL')
  try {
    await checkTarget(url, { allowPrivate: deps.config.webhooks.allow_private_targets })
  } catch (err) {
    if (err instanceof OutboundError) {
      const why =
        err.reason === 'private_address'
          ? `${err.message} (a receiver on this machine or network needs the operator to set webhooks.allow_private_targets = true)`
          : err.reason === 'unresolvable'
            ? `${err.message} (${UNRESOLVED_ADVICE})`
            : err.message
      throw fieldError('url', `refused: ${why}`, `url refused: ${why}`)
    }
    throw err
  }
  return url.href
}
