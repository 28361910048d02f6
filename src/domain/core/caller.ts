import type { TeamRow } from '../../storage/repos/teams'
import type { Plan } from './plans'

/**
 * Who makes a request: a team and its plan; `scopes` only for an OAuth token (a key may do everything). Every domain
 * folder that serves a caller imports it from here, the core that imports no other domain folder.
 */
export type Caller = { team: TeamRow; plan: Plan; scopes?: readonly string[] }
