// The commands that read or change a team, each with the least it needs, run against a workspace holding the team
// acme and its profile Founders (seededWorkspace, first-hour.test.ts): the cases where every command must stop before
// it touches the database (config-errors.test.ts, a configuration it cannot use; first-hour.test.ts, an argument it
// does not take) add their own.
export const ACME_COMMANDS: string[][] = [
  ['migrate'],
  ['team', 'create', '--name', 'beta', '--plan', 'growth'],
  ['team', 'list'],
  ['team', 'set', '--team', 'acme', '--credits', '3'],
  ['key', 'create', '--team', 'acme'],
  ['key', 'list', '--team', 'acme'],
  ['keyword', 'list', '--team', 'acme'],
  ['icp', 'add', '--team', 'acme', '--name', 'N', '--description', 'd'],
  ['icp', 'list', '--team', 'acme'],
  ['icp', 'remove', '--team', 'acme', '--name', 'Founders'],
]
