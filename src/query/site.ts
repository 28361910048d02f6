/**
 * The community a post belongs to, read from its address (docs/queries.md#filters): `r/NAME` on Reddit,
 * `owner/repo` on GitHub, else the host without `www.` (a Stack Exchange site, a news domain). Reading it from the
 * address works as well for a stored signal as for a fetched post.
 */
export function communityOf(platform: string, url: string): string | undefined {
  let address: URL
  try {
    address = new URL(url)
  } catch {
    return undefined
  }
  const path = address.pathname.split('/').filter(Boolean)
  if (platform === 'reddit') return path[0] === 'r' && path[1] ? `r/${path[1].toLowerCase()}` : undefined
  if (platform === 'github') return path.length >= 2 ? `${path[0]}/${path[1]}`.toLowerCase() : undefined
  return address.hostname.toLowerCase().replace(/^www\./, '')
}

/**
 * `site:` names a community the way people write it: `saas` or `r/saas`; `owner` (every repository of an owner)
 * or `owner/repo`; `superuser`, `superuser.com` or `dba` (dba.stackexchange.com); `example.com` (and its subdomains).
 */
export function siteMatches(site: string, community: string | undefined): boolean {
  if (!community) return false
  if ([site, `r/${site}`, `${site}.com`, `${site}.stackexchange.com`].includes(community)) return true
  return community.startsWith(`${site}/`) || community.endsWith(`.${site}`)
}
