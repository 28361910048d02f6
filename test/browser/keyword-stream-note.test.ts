// docs/console.md#verdicts, docs/streams.md#backpressure: a stream reads who tracks what every 15 s, so a keyword
// added on the Keywords page is matched from within 15 s on (measured against `serve` and a Jetstream fake: the first
// signal came 0.5 to 15 s after the add). The note said the stream matched new posts against it "from now on", and a
// post made in those seconds is never matched.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', plan: 'narrow', config: narrowPlan(['bluesky']) })

describe('the note after adding a keyword a stream matches', () => {
  atBothSizes(made, 'says within how long the stream matches it', async (page, size) => {
    await navigateTo(page, 'Keywords')
    const keyword = `crm ${size}`
    await page.getByRole('textbox', { name: 'Keyword or query' }).fill(keyword)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText(keyword, { exact: true }).waitFor()
    const note = (await page.getByRole('status').textContent()) ?? ''
    expect(note).toContain('Bluesky matches new posts against it within 15 seconds')
    expect(note).not.toContain('from now on')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `keyword-stream-note-${size}`)
  })
})
