import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { cleanEmail } from '../../src/domain/users/users'
import { echoed, FORCING_DIRECTION, hidingRefusal, visible } from '../../src/lib/text'
import { hiddenCharacter } from '../../src/query/spaces'

// Unicode's Bidi_Control characters (PropList.txt): the marks (U+061C ARABIC LETTER MARK, U+200E, U+200F), the
// embeddings and overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069). Every place that keeps text others
// wrote from hiding or reordering what it shows (a listing, an echo, a name refused, a keyword refused, a user's
// e-mail address) takes all of them: U+061C was missing from lib/text.ts and from the e-mail address's check, while
// the keyword's had it.
const BIDI_CONTROL = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
const code = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`

test('every Bidi_Control character is shown as U+FFFD, refused in a name, a keyword and an e-mail address', () => {
  for (const c of BIDI_CONTROL) {
    const ch = String.fromCodePoint(c)
    expect({ c: code(c), shown: visible(`crm${ch}erp`) }).toEqual({ c: code(c), shown: 'crm\ufffderp' })
    expect({ c: code(c), echo: echoed(`x${ch}`) }).toEqual({ c: code(c), echo: 'x\ufffd' })
    expect(hidingRefusal('profile name', `smb${ch}`)).toContain(`(${code(c)})`)
    expect(hiddenCharacter(`crm ${ch}erp`)).toEqual({ position: 5, code: code(c) })
    expect(() => cleanEmail(`ana${ch}@example.com`)).toThrow('the email must look like name@host')
  }
})

test('text without them is left as it is, natural right-to-left writing and tabs in a keyword included', () => {
  for (const text of ['מחפש CRM חדש', 'أبحث عن نظام', 'crm erp']) {
    expect(visible(text)).toBe(text)
    expect(hidingRefusal('profile name', text)).toBeUndefined()
  }
  expect(hiddenCharacter('crm\terp')).toBeUndefined()
  expect(cleanEmail('Ana@Example.com')).toBe('ana@example.com')
})

// The characters that force a direction, left out where natural right-to-left writing stays (messages to people, the
// people export's identities, the console's options), and the direction characters as a whole (escaped in a log line,
// shown as U+FFFD in a listing) are lib/text.ts's lists: the log kept its own \p{Bidi_Control}, the console a copy
// of the forcing ones.
test('the characters that force a direction are the embeddings, overrides and isolates, one list', () => {
  const forcing = new RegExp(`[${FORCING_DIRECTION}]`, 'u')
  expect(BIDI_CONTROL.filter((c) => forcing.test(String.fromCodePoint(c))).map(code)).toEqual(
    ['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'].map((c) => `U+${c}`),
  )
  const src = new URL('../../src/', import.meta.url).pathname
  const naming = [...new Bun.Glob('**/*.{ts,tsx}').scanSync(src)].filter((f) => {
    const text = readFileSync(`${src}${f}`, 'utf8')
    return /Bidi_Control\}|\\u202a-/i.test(text.replace(/^\s*(\/\/|\*).*$/gm, ''))
  })
  expect(naming).toEqual(['lib/text.ts'])
})
