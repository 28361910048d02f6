import { expect, test } from 'bun:test'
import { createClient } from '@libsql/client'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../support/temp-dirs'
import { refusal as refusalOf } from './refusal'

// docs/operations.md#configuration-file: a file that is not valid TOML is refused with the line to look at, and the
// message never repeats a value of the file (an unquoted token would otherwise reach the journal).
const SECRET = 'AAAAhunter2xyz'
const refusal = (fileText: string) => refusalOf({ env: {}, fileText })

test('an unquoted secret is refused by its line, without its value', () => {
  const message = refusal(`[server]\nport = 8080\n\n[platforms.twitter]\nbearer_token = ${SECRET}\n[api]\n`)
  expect(message).toBe('config: the file is not valid TOML: line 5: a text value must be in quotes')
  expect(message).not.toContain(SECRET)
})

test('the line named is the one in error, after values written over several lines', () => {
  const file = [
    '[server]',
    'trusted_proxies = [',
    '  "10.0.0.0/8",',
    '  "192.168.0.0/16",',
    ']',
    'public_url = """https://leads.example.com"""',
    '[email]',
    `password = "${SECRET}"`,
    `password = "${SECRET}"`,
    'port = 587',
  ].join('\n')
  const message = refusal(file)
  expect(message).toStartWith('config: the file is not valid TOML: line 9: ')
  expect(message).not.toContain(SECRET)
  // A string left open runs to the end of the file: the line it opens on is the one to fix.
  expect(refusal(`[email]\nhost = "smtp.example.org"\npassword = "${SECRET}\nport = 587\n`)).toStartWith(
    'config: the file is not valid TOML: line 3: ',
  )
})

test('a file without a newline at its end is placed as well', () => {
  expect(refusal(`[server]\nport = 8080\n[email]\npassword = "${SECRET}`)).toStartWith(
    'config: the file is not valid TOML: line 4: ',
  )
  expect(refusal('[server]\r\nport = 80 80\r\n')).toStartWith('config: the file is not valid TOML: line 2: ')
})

// A database (or any binary file) given as --config by mistake: "line 1: Expected '=' …" left the operator reading
// the file for a missing '=', when it is the wrong file.
test('a SQLite database or another binary file is said not to be a configuration file', async () => {
  const dir = tempDir('lead-signals-config-')
  try {
    const client = createClient({ url: `file:${join(dir, 'x.db')}` })
    await client.execute('CREATE TABLE t (a TEXT)')
    client.close()
    const expected =
      'config: the file does not look like a configuration file: it holds binary data (a database?), not TOML text'
    expect(refusal(readFileSync(join(dir, 'x.db'), 'utf8'))).toBe(expected)
    expect(refusal('port = 8080\n\u0000\u0001\u0002')).toBe(expected)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
