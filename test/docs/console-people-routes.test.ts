// docs/console.md#routes lists the JSON routes the console's page calls: each of the People pages' routes is named
// there in full (method and path), as the other pages' are, so a reader finds what each one does.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { consolePeopleRoutes } from '../../src/http/console/people-routes'
import { testDeps } from '../support/deps'

const DOC = readFileSync(join(resolve(import.meta.dir, '../..'), 'docs/console.md'), 'utf8')
const ROUTES = DOC.slice(DOC.indexOf('\n## Routes'), DOC.indexOf('\n## ', DOC.indexOf('\n## Routes') + 1))

describe('docs/console.md#routes', () => {
  test("names every route of the People pages, with the path's parameters in braces", async () => {
    const { deps } = await testDeps()
    const routes = consolePeopleRoutes(deps)
      .routes.filter((r) => r.path.startsWith('/console/api/people'))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    expect(routes.length).toBeGreaterThanOrEqual(9)
    expect(routes.filter((r) => !ROUTES.includes(`\`${r}`))).toEqual([])
    // The export's formats, as the signals export's row gives its own (the bar escaped in a table's cell).
    expect(ROUTES).toContain('`GET /console/api/people/export?format=csv\\|jsonl`')
  })
})
