// The Destinations form for "People turning hot" (person.updated, docs/people.md#person-updated): the server takes it
// only as a webhook sent instantly. The form offered every kind and every digest all the same, and a person learned of
// the rule only from the refusal after Add. Now, once that is what it sends, Kind and When hold only what fits (shown,
// not to be chosen), a digest or a Slack URL chosen before is set back, and the first Add is taken.
import { describe, expect } from 'bun:test'
import type { Locator } from 'playwright-core'
import { listEndpoints } from '../../src/domain/webhooks/endpoints'
import { navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// The receiver is never sent to: the test reads the form and the list. A local address, allowed as for a test site.
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  config: { webhooks: { allow_private_targets: true } },
})

/** A select box's value, whether it can be changed, and the choices it offers (the ones not disabled). */
const choices = (box: Locator) =>
  box.evaluate((e) => {
    const select = e as unknown as { value: string; disabled: boolean; options: { text: string; disabled: boolean }[] }
    return {
      value: select.value,
      disabled: select.disabled,
      offered: [...select.options].filter((o) => !o.disabled).map((o) => o.text),
    }
  })

describe('the Destinations form sending People turning hot', () => {
  atBothSizes(made, 'offers only a webhook sent instantly, and the first Add is taken', async (page, size) => {
    await navigateTo(page, 'Destinations')
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'New destination' }) })
    const kind = form.getByLabel('Kind')
    const when = form.getByLabel('When')
    // A person who chose Slack and a daily digest first, then what it sends.
    await kind.selectOption('slack')
    await when.selectOption('daily')
    await form.getByLabel('Sends').selectOption('person.updated')
    expect(await choices(kind)).toEqual({ value: 'webhook', disabled: true, offered: ['Webhook (signed JSON)'] })
    expect(await choices(when)).toEqual({ value: 'instant', disabled: true, offered: ['Instantly'] })
    // No digest, so no digest hour; why it is so is said under Sends, and read with each of the two boxes.
    expect(await form.getByLabel('Digest hour').count()).toBe(0)
    for (const box of [kind, when])
      expect(await box.getAttribute('aria-describedby')).toBe(await form.locator('.choice-hint').getAttribute('id'))
    await screenshot(page, `destination-hot-choices-${size}`)
    const url = `http://127.0.0.1:9/hot-choices-${size}`
    await form.getByLabel('URL').fill(url)
    await form.getByRole('button', { name: 'Add destination' }).click()
    const card = page.locator('.cards li', { hasText: url })
    await card.waitFor({ timeout: 5000 })
    expect(await form.getByRole('alert').count()).toBe(0)
    expect(await card.textContent()).toContain('Webhook · people turning hot · instantly')
    const endpoints = await listEndpoints(made.deps, { teamId: made.teamId })
    expect(endpoints.find((e) => e.url === url)).toMatchObject({ event: 'person.updated', kind: 'webhook' })
    // Back to New signals (the form is empty again after Add: chosen anew), every kind and cadence is offered.
    await form.getByLabel('Sends').selectOption('person.updated')
    await form.getByLabel('Sends').selectOption('signal.created')
    expect((await choices(kind)).offered).toHaveLength(5)
    expect(await choices(when)).toMatchObject({ value: 'instant', disabled: false })
    expect((await choices(when)).offered).toHaveLength(4)
  })
})
