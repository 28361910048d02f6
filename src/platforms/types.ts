import type { Source } from '../config/platform-names'

/** One post (docs/api.md#mention-search), normalised; engagement numbers are always numbers. */
export type Mention = {
  id: string
  author: string
  content: string
  url: string
  profileUrl: string
  date: string
  platform: Source
  engagement: { likes: number; comments: number; shares: number }
}

export type PlatformConnector = {
  platform: Source
  /** Newest matching posts, at most `limit`. Throws AppError upstream_error / upstream_timeout on failure. */
  search(keyword: string, limit: number, signal?: AbortSignal): Promise<Mention[]>
}
