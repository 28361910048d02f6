import type { Database } from '../engine/types'
import { createGroupCommit } from '../engine/group-commit'
import { createApiKeysRepo } from './api-keys'
import { createHousekeepingRepo } from './housekeeping'
import { createIcpProfilesRepo } from './icp-profiles'
import { createJobLeasesRepo } from './job-leases'
import { createKeywordsRepo } from './keywords'
import { createEarlierPostsRepo } from './earlier-posts'
import { createPlatformBudgetsRepo } from './platform-budgets'
import { createPlatformHealthRepo } from './platform-health'
import { createPlatformPausesRepo } from './platform-pauses'
import { createPollingRepo } from './polling'
import { createScoreCacheRepo } from './score-cache'
import { createStreamPositionsRepo } from './stream-positions'
import { createStreamQueueBoundsRepo } from './stream-queue-bounds'
import { createSignalFeedbackRepo } from './signal-feedback'
import { createVerdictUndosRepo } from './verdict-undos'
import { createPeopleRepo } from './people'
import { createForgottenAuthorsRepo } from './forgotten-authors'
import { createHeldReceipts } from './held-receipts'
import { createSignalExportsRepo, createSignalsRepo } from './signals'
import { createTeamsRepo } from './teams'
import { createUsageRepo } from './usage'
import { createUsageDaysRepo } from './usage-days'
import { createUsersRepo } from './users'
import { createSessionsRepo } from './sessions'
import { createOAuthRepo } from './oauth'
import { createDestinationWindowsRepo } from './destination-windows'
import { createWebhookDeliveriesRepo } from './webhook-deliveries'
import { createWebhookEndpointsRepo } from './webhook-endpoints'

/** Every repository over one database: what the domain reads and writes through. */
export type Repos = ReturnType<typeof createRepos>

// `holder`: this process's name (domain/leases/holder.ts), which the receipts of its calls' units carry.
export const createRepos = (database: Database, holder = '') => {
  const { db, client } = database
  // The quota's writes, the per-day counts and the model answers of counted calls share one commit per turn.
  const usageWrites = createGroupCommit(client)
  const apiKeys = createApiKeysRepo(db, database.commits)
  return {
    teams: createTeamsRepo(db),
    apiKeys,
    keywords: createKeywordsRepo(db),
    icpProfiles: createIcpProfilesRepo(db, database.commits),
    signals: createSignalsRepo(db, { commits: database.commits }),
    signalExports: createSignalExportsRepo(database),
    signalFeedback: createSignalFeedbackRepo(db),
    verdictUndos: createVerdictUndosRepo(db),
    usage: createUsageRepo(client, usageWrites, apiKeys.countersTaken, holder),
    heldReceipts: createHeldReceipts(client, holder),
    usageDays: createUsageDaysRepo(db, usageWrites),
    users: createUsersRepo(db),
    sessions: createSessionsRepo(db),
    oauth: createOAuthRepo(db),
    platformHealth: createPlatformHealthRepo(db),
    platformBudgets: createPlatformBudgetsRepo(client),
    platformPauses: createPlatformPausesRepo(client),
    earlierPosts: createEarlierPostsRepo(db),
    scoreCache: createScoreCacheRepo(db, usageWrites),
    polling: createPollingRepo(client, database.file),
    streamPositions: createStreamPositionsRepo(client),
    streamQueueBounds: createStreamQueueBoundsRepo(client),
    jobLeases: createJobLeasesRepo(db),
    housekeeping: createHousekeepingRepo(client),
    webhookEndpoints: createWebhookEndpointsRepo(db),
    webhookDeliveries: createWebhookDeliveriesRepo(client),
    destinationWindows: createDestinationWindowsRepo(db, client),
    people: createPeopleRepo(client),
    forgottenAuthors: createForgottenAuthorsRepo(client),
  }
}
