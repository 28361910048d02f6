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

  // docs/api.md#export: Excel with ';' as its list separator splits this file on semicolons, and sees a quoted
  // field's line break as the end of a row; a formula character there would begin a cell and run.
  test('a formula after a semicolon, a tab or a line break inside a field, or after a leading line feed, is inert', () => {
    expect(csvCell("x;=cmd|' /C calc'!A0;y")).toBe("x;'=cmd|' /C calc'!A0;y")
    expect(csvCell('a, b; @SUM(1)')).toBe(`"a, b;' @SUM(1)"`)
    expect(csvCell('say;"=1+1&"')).toBe(`"say;'""=1+1&"""`)
    expect(csvCell('a\t+1')).toBe("a\t'+1")
    expect(csvCell('options:\r\n- one\n＝two')).toBe(`"options:\r\n'- one\n'＝two"`)
    expect(csvCell('\n=1+1')).toBe(`"'\n'=1+1"`)
    expect(csvCell('a; b')).toBe('a; b')
    expect(csvCell('x - y; z = 1')).toBe('x - y; z = 1')
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
