import type { Source } from '../config/platform-names'
import type { Mention } from '../mention'

export type PlatformConnector = {
  platform: Source
  /** Newest matching posts, at most `limit`. Throws AppError upstream_error / upstream_timeout on failure. */
  search(keyword: string, limit: number, signal?: AbortSignal): Promise<Mention[]>
  /**
   * The requests of the platform's budget (docs/platforms.md#budgets) a search of `limit` sends: its pages at the
   * platform's page size, plus any call per result, or per part of the `keyword` when it is known. 1 when absent.
   */
  requestsFor?(limit: number, keyword?: string): number
  /**
   * Every keyword is matched against one read of the platform's newest posts (Product Hunt has no keyword search):
   * a pass plans the requests of that read once, not once per keyword.
   */
  sharesOneRead?: boolean
  /**
   * The wait a platform announced for the credentials this connector calls it with (common/rate-limit.ts
   * sharedPause: kept by every server calling with them, and by no other): `refuseWhileHeld` throws 503
   * platform_budget_exhausted with the seconds left, before anything is charged or sent.
   */
  pause?: { refuseWhileHeld(): Promise<void>; secondsLeft(): number }
  /** Something the operator should know although searches succeed (source health `warning`), or undefined. */
  warning?(): string | undefined
}
