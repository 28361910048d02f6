import type { Page } from 'playwright-core'

/** Swagger UI's Authorize with the team's key (the apiKey scheme), as a developer does before "Try it out". */
export async function authorizeWithKey(page: Page, apiKey: string): Promise<void> {
  await page.getByRole('button', { name: 'Authorize' }).first().click()
  const dialog = page.locator('.dialog-ux')
  await dialog.locator('input').first().fill(apiKey)
  await dialog.locator('button.modal-btn.authorize').first().click()
  await dialog.locator('button.btn-done').first().click()
}
