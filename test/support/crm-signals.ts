import type { NewSignal } from '../../src/storage/repos/signals'

/**
 * `n` signals for "crm": scores 10 down by 0.12, newest first among equals; from the 21st on MENTION, before ACTIVE.
 */
export function crmSignals(team: string, n: number): NewSignal[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `sig_${String(i).padStart(3, '0')}`,
    teamId: team,
    platform: 'reddit',
    postId: `p${i}`,
    author: `author${i}`,
    intent: i < 20 ? 'ACTIVE' : 'MENTION',
    score: Math.round((10 - i * 0.12) * 100) / 100,
    reason: `reason ${i}`,
    icpMatch: null,
    preview: `post number ${i} about a crm`,
    contentFull: null,
    url: `https://example.com/${i}`,
    keyword: 'crm',
    publishedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    detectedAt: '2026-11-12T00:00:00.000Z',
  }))
}
