// docs/operations.md#when-a-pass-finds-nothing: a team tracking keywords on a plan that includes no platform (starter,
// as shipped) has nothing searched. `poll --once` printed a table of zeros and nothing under it, and `keyword add` had
// just said "poll --once searches now": a new install was left with no word of why, nor of the command that helps.
import { afterEach, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, type Workspace } from './run-cli'

let ws: Workspace
afterEach(() => ws.cleanup())

describe('a team whose plan includes no platform', () => {
  test('poll --once says nothing is searched for it and gives the command that changes its plan', async () => {
    ws = createWorkspace()
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'starter'])
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    const line =
      'team acme is on plan starter, which includes no platform, so nothing is searched for it: give it a plan that does with  lead-signals team set --team acme --plan PLAN  (growth, scale, ultimate)'
    const out = await ok(ws, ['poll', '--once', '--team', 'acme'])
    expect(out.trimEnd().split('\n').at(-1)).toBe(line)
    const json = JSON.parse(await ok(ws, ['poll', '--once', '--team', 'acme', '--json']))
    expect(json.advice).toEqual([line])
  })

  test('keyword add says so in place of "poll --once searches now"', async () => {
    ws = createWorkspace()
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'starter'])
    const out = await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    expect(out).not.toContain('poll --once')
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      'Next: plan starter includes no platform, so nothing is searched for this team: lead-signals team set --team acme --plan PLAN gives it one that does (growth, scale, ultimate).',
    )
  })
})
