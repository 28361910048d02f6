import type { Source } from '../config/platform-names'
import type { Mention } from '../mention'

export type { Mention }

export type PlatformConnector = {
  platform: Source
  /** Newest matching posts, at most `limit`. Throws AppError upstream_error / upstream_timeout on failure. */
  search(keyword: string, limit: number, signal?: AbortSignal): Promise<Mention[]>
}
