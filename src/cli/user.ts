import { cleanEmail, createUser, listUsers, removeUser, requireUser, setPassword } from '../domain/users/users'
import { findTeam } from '../domain/teams/teams'
import { parseFlags, requireFlag } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'
import { consoleAddress } from './listening'
import { listedBy, teamFlag } from './not-there'
import { readPassword } from './password-input'

async function create(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
  })
  noPositionals(positionals)
  const team = requireFlag(flags, 'team')
  const email = requireFlag(flags, 'email')
  const role = flags.role as string | undefined
  const { user, address } = await withDeps(flags, async (deps) => {
    // What the command names is checked before the password is asked for (twice, on a terminal).
    await findTeam(deps, team)
    cleanEmail(email)
    const password = await readPassword()
    return {
      user: await createUser(deps, { team, email, role, password }),
      address: consoleAddress(deps.config.server),
    }
  })
  const where = address
    ? `sign in now at ${address} (the console of serve with this configuration)`
    : 'sign in to the console now'
  console.log(`Created ${user.role} ${user.email} in team ${user.team}; they can ${where}.`)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const team = requireFlag(flags, 'team')
  const users = await withDeps(flags, (deps) => listUsers(deps, { team }))
  if (flags.json) {
    printJson(users.map(({ email, role, createdAt }) => ({ email, role, createdAt })))
    return 0
  }
  if (users.length === 0) {
    console.log('the team has no users')
    return 0
  }
  console.log(
    formatTable(
      ['EMAIL', 'ROLE', 'CREATED'],
      users.map((u) => [u.email, u.role, u.createdAt]),
    ),
  )
  return 0
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, email: { type: 'string' } })
  noPositionals(positionals)
  const team = requireFlag(flags, 'team')
  const email = requireFlag(flags, 'email')
  const removed = await withDeps(flags, (deps) =>
    listedBy(`user list ${teamFlag(team)} shows its users`, () => removeUser(deps, { team, email })),
  )
  console.log(`Removed ${removed}; their sessions have ended.`)
  return 0
}

async function password(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { email: { type: 'string' } })
  noPositionals(positionals)
  const email = requireFlag(flags, 'email')
  // Users are listed per team; the e-mail names none, so the refusal says how to find both. The user is looked for
  // before the password is asked for.
  const changed = await withDeps(flags, (deps) =>
    listedBy("user list --team TEAM shows a team's users, and lead-signals team list the teams", async () => {
      await requireUser(deps, email)
      return setPassword(deps, { email, password: await readPassword() })
    }),
  )
  console.log(`Changed the password of ${changed}; their sessions have ended.`)
  return 0
}

export const user = commandGroup('user', {
  create: { usage: 'create --team TEAM --email EMAIL [--role owner|member]   (password on stdin)', run: create },
  list: { usage: 'list --team TEAM [--json]', run: list },
  remove: { usage: 'remove --team TEAM --email EMAIL', run: remove },
  password: { usage: 'password --email EMAIL   (password on stdin)', run: password },
})
