import type { Client } from '@libsql/client'

/** The teams a stream's overflow is past the polling queue's bound for (storage/tables/stream-queue-bounds.ts). */
export function createStreamQueueBoundsRepo(client: Client) {
  return {
    /** The bound starts acting for the team: `since` is kept while it holds. */
    async started(platform: string, teamId: string, since: string): Promise<void> {
      await client.execute({
        sql: 'insert into stream_queue_bounds (platform, team_id, since) values (?, ?, ?) on conflict do nothing',
        args: [platform, teamId, since],
      })
    },
    /** The bound stops acting for the team (`teamId`), or for every team when the platform's reader starts. */
    async ended(platform: string, teamId?: string): Promise<void> {
      await client.execute(
        teamId === undefined
          ? { sql: 'delete from stream_queue_bounds where platform = ?', args: [platform] }
          : { sql: 'delete from stream_queue_bounds where platform = ? and team_id = ?', args: [platform, teamId] },
      )
    },
    /** Per platform, since when the bound has acted for the team. */
    async ofTeam(teamId: string): Promise<Map<string, string>> {
      const rs = await client.execute({
        sql: 'select platform, since from stream_queue_bounds where team_id = ?',
        args: [teamId],
      })
      return new Map(rs.rows.map((r) => [String(r.platform), String(r.since)]))
    },
  }
}
