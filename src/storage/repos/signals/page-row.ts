import type { PageRow } from './queries'

/** A page row from the values of a pageQuery row, in the order of its columns. */
export const pageRowOf = (r: unknown[]): PageRow => ({
  id: r[0] as string,
  author: r[1] as string,
  platform: r[2] as string,
  intent: r[3] as string,
  score: r[4] as number,
  reason: r[5] as string,
  icpMatch: r[6] as string | null,
  preview: r[7] as string,
  contentFull: r[8] as PageRow['contentFull'],
  url: r[9] as string,
  keyword: r[10] as string,
  publishedAt: r[11] as string,
  detectedAt: r[12] as string,
  verdict: r[13] as PageRow['verdict'],
  personId: r[14] as string | null,
  dismissed: r[15] === 1,
})
