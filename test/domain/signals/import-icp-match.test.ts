// docs/operations.md#importing-signals: a signal's `icpMatch` names the team's ICP profile it matched, and a profile's
// name holds no control or direction character (refused when it is added or renamed,
// docs/operations.md#teams-keys-keywords-and-profiles). An import took any 100 characters there: an escape sequence or
// a right-to-left override from a file made elsewhere then reached the console, each webhook's payload and the
// e-mails as a profile's name. A line whose icpMatch holds one is now refused as such a name is, saying which
// character (never the character itself).
import { expect, test } from 'bun:test'
import { parseSignalLine } from '../../../src/domain/signals/import'
import { importLine } from '../../support/exports'

const parse = (icpMatch: unknown) =>
  parseSignalLine(importLine(1, { icpMatch }), { teamId: 'team_1', now: new Date('2026-11-01T00:00:00Z') })

test('an icpMatch holding a control or direction character rejects its line, naming the character', () => {
  for (const [icpMatch, code] of [
    ['smb\u001b]0;owned\u0007', 'U+001B'],
    ['\u202eesirpretne', 'U+202E'],
    ['smb\u2066x\u2069', 'U+2066'],
    ['smb\u061c', 'U+061C'],
    ['smb\nsaas', 'U+000A'],
    ['smb\u009b2J', 'U+009B'],
  ]) {
    const r = parse(icpMatch)
    expect({ icpMatch, r }).toEqual({
      icpMatch,
      r: {
        message: `icpMatch: a profile's name must not hold a control or direction character (${code}): it would show other than it reads`,
      },
    })
  }
})

test('a profile name of any script, or none, imports as it is', () => {
  for (const icpMatch of ['SMB SaaS', 'שיווק B2B', 'مؤسسات', 'Ünternehmen 😀', null]) {
    const r = parse(icpMatch)
    expect(r && 'row' in r ? r.row.icpMatch : r).toBe(icpMatch)
  }
})

// A file from another tool, or converted from a spreadsheet, writes "" for no match. Stored, it counted as a match
// with a profile of no name: the author's person was icpMatched, and warmer for it (docs/people.md#heat).
test('an empty or blank icpMatch is no match with a profile, as null is', () => {
  for (const icpMatch of ['', '  ']) {
    const r = parse(icpMatch)
    expect({ icpMatch, kept: r && 'row' in r ? r.row.icpMatch : r }).toEqual({ icpMatch, kept: null })
  }
})
