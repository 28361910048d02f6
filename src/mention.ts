import type { Source } from './config/platform-names'

/**
 * One post (docs/api.md#mention-search), normalised; engagement numbers are always numbers. A leaf like errors.ts:
 * connectors produce it, polling queues it in storage, the domain scores it (docs/architecture.md#layers).
 */
export type Mention = {
  id: string
  author: string
  content: string
  url: string
  profileUrl: string
  date: string
  platform: Source
  engagement: { likes: number; comments: number; shares: number }
  /** The post's title where the platform has one (docs/queries.md#filters: `title:`); not part of the API's mention. */
  title?: string
  /** A comment or a reply rather than a post (`type:comment`); a post when absent. Not part of the API's mention. */
  kind?: 'post' | 'comment'
}
