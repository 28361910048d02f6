// Issue 32 item 13, the points settled in code: CSV cells that a spreadsheet would still read as formulas, and a new
// password ending the user's connected apps as well as their console sessions (docs/security.md).
import { afterEach, describe, expect, test } from 'bun:test'
import { csvCell } from '../../src/domain/signals/export-lines'
import { setPassword } from '../../src/domain/users/users'
import { bearer, oauthWorld, obtainTokens } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('CSV cells', () => {
  test('a formula after leading spaces, or in full-width characters, is made inert', () => {
    for (const cell of [' =1+1', '  +SUM(A1)', ' @cmd', '＝HYPERLINK("x")', '＋1', '－1', '＠x', ' ＝1'])
      expect(csvCell(cell).replace(/^"/, '').startsWith("'")).toBe(true)
    expect(csvCell('a = b')).toBe('a = b')
    expect(csvCell('plain')).toBe('plain')
  })
})

describe('a new password', () => {
  test("ends the user's connected apps: their access and refresh tokens stop working", async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const tokens = await obtainTokens(w, { scope: 'signals:read' })
    const before = await fetch(`${w.base}/api/v1/signals`, { headers: bearer(tokens.access_token) })
    expect(before.status).toBe(200)
    await setPassword(w.deps, { email: 'ann@acme.test', password: 'another long password' })
    const after = await fetch(`${w.base}/api/v1/signals`, { headers: bearer(tokens.access_token) })
    expect(after.status).toBe(401)
  })
})
