// docs/console.md#verdicts, docs/queries.md#filters: the note after adding a keyword says when that keyword is
// searched. It looked at the platforms of all the team's keywords, so "crm platform:reddit", on a plan without Reddit,
// was said to be searched on each polling pass because another keyword was; nothing ever searches it.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', plan: 'narrow', config: narrowPlan(['github']) })

describe('the note after adding a keyword limited by platform:', () => {
  atBothSizes(made, 'is about that keyword, not the others', async (page, size) => {
    await navigateTo(page, 'Keywords')
    const box = page.getByRole('textbox', { name: 'Keyword or query' })
    const add = async (keyword: string, note: string) => {
      await box.fill(keyword)
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await page.getByText(keyword, { exact: true }).waitFor()
      expect(await page.getByRole('status').textContent()).toContain(note)
    }
    // GitHub, on the plan and keyless, searches a plain keyword.
    await add(`crm ${size}`, `“crm ${size}” is searched on each polling pass`)
    await add(`erp ${size} platform:github`, `“erp ${size} platform:github” is searched on each polling pass`)
    const limited = `wms ${size} platform:reddit`
    await add(limited, `Nothing searches “${limited}” yet`)
    expect(await page.getByRole('status').textContent()).not.toContain('polling pass')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `keyword-platform-note-${size}`)
  })
})
