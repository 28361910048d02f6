import { readQuery } from './parse'

/** What a keyword asks, whatever the case of its words: its parsed query without positions or spellings. */
const meaning = (keyword: string) =>
  JSON.stringify(readQuery(keyword).root, (key, value) => (key === 'at' || key === 'text' ? undefined : value))

/**
 * Whether two keywords in the same letters ask different queries: OR, AND and NOT are operators only in capitals
 * (docs/queries.md#matching), so 'crm NOT hubspot' is another query than 'crm not hubspot', and 'CRM' is 'crm'.
 */
export const anotherQuery = (spelling: string, keyword: string) =>
  spelling !== keyword && meaning(spelling) !== meaning(keyword)
