import type { Source } from '../config/platform-names'

/**
 * docs/platforms.md#budgets: platforms whose daily quota runs on their own clock rather than UTC's, and the IANA zone
 * of its midnight. The YouTube Data API's quota resets at midnight Pacific time
 * (developers.google.com/youtube/v3/getting-started#quota): a day's budget in UTC days would let two of its quota
 * days' worth of search.list calls land in one.
 */
const QUOTA_DAY_ZONES: Partial<Record<Source, string>> = { youtube: 'America/Los_Angeles' }

export const quotaDayZone = (source: Source): string | undefined => QUOTA_DAY_ZONES[source]
