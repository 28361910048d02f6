import { SEARCH_PLATFORMS, type SearchPlatform } from '../../config/platform-names'
import { readQuery } from '../../query/parse'
import { mayMatchOn } from '../../query/scope'

/**
 * The platforms each keyword's `platform:` filters let it be searched on (docs/queries.md#filters), every platform for
 * a keyword without one. The console says from it whether a keyword just added is searched: the team's other keywords
 * may reach platforms that this one never does.
 */
export const allowedOn = (keywords: string[]): { keyword: string; platforms: SearchPlatform[] }[] =>
  keywords.map((keyword) => {
    const root = readQuery(keyword).root
    return { keyword, platforms: SEARCH_PLATFORMS.filter((p) => mayMatchOn(root, p)) }
  })
