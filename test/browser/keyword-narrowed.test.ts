// docs/console.md#verdicts, docs/queries.md#per-platform: a platform without OR is searched for a query's first
// alternative only, so a post there saying only erp is never found for "crm OR erp". Adding such a keyword on the
// Keywords page said nothing of it (only the documentation did); it now names the platforms and what they are sent.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'narrow',
  config: {
    ...narrowPlan(['mastodon', 'github']),
    platforms: { mastodon: { base_url: 'http://127.0.0.1:9', access_token: 'token' } },
  },
})

describe('adding a keyword some platforms search in part', () => {
  atBothSizes(made, 'names the platforms that search its first alternative only', async (page, size) => {
    // One database for both sizes: each adds keywords of its own.
    const other = size === 'phone' ? 'wms' : 'erp'
    await navigateTo(page, 'Keywords')
    const box = page.getByRole('textbox', { name: 'Keyword or query' })
    await box.fill(`(crm OR ${other}) -hubspot`)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const status = page.getByRole('status')
    await status.waitFor()
    const said = (await status.textContent()) ?? ''
    // First when it is searched: a new user read nothing of it (docs/console.md#verdicts).
    expect(said).toMatch(
      new RegExp(
        `^“\\(crm OR ${other}\\) -hubspot” is searched on each polling pass\\. The next polling pass starts in .+, at .+\\. `,
      ),
    )
    expect(said).toEndWith(
      `“(crm OR ${other}) -hubspot” is searched as “crm” only on Mastodon, whose search cannot ask for every ` +
        'alternative of it: a post there that matches only another is not found. Track each alternative as a keyword of its own to find those.',
    )
    expect(await fitsWidth(page)).toBe(true)
    // A keyword every platform asks for whole says when it is searched, and nothing of alternatives: it has none cut.
    await box.fill(`crm -hubspot ${size}`)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText(`crm -hubspot ${size}`, { exact: true }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: `“crm -hubspot ${size}” is searched on each polling pass` })
      .waitFor()
    expect(await page.getByRole('status').textContent()).not.toContain('searched as')
    await screenshot(page, `keyword-next-pass-${size}`)
  })
})
