/**
 * What each option of a command does, for its --help (docs/operations.md#command-line): by the option's name, or by
 * the command and the name where the same name does a different job in another command (`--name` is a team's name, a
 * key's label or a profile's).
 */
const OPTIONS: Record<string, string> = {
  '--team': 'the team, by its id or name',
  '--json': 'print the result as JSON',
  '--name': "the team's name",
  'team set --name': 'a new name for the team',
  'key create --name': "a label for the key, shown in 'key list'",
  'icp add --name': "the profile's name",
  'icp remove --name': 'the name of the profile to remove',
  '--plan': 'the name of a plan of the [plans] settings',
  'team create --credits': 'credits to start with',
  'team set --credits': 'set the credit balance to N',
  '--yes': 'confirm: it cannot be undone',
  '--email': "the user's e-mail address, with which they sign in to the console",
  '--role': 'owner or member (the default)',
  '--description': 'who the ideal customer is, in words the scorer reads',
  '--competitors': 'products they might switch from, comma-separated',
  '--skip-invalid': 'import the valid lines and list the others, rather than import nothing',
  '--format': 'csv (the default) or jsonl',
  '--bom': 'start the CSV with a UTF-8 byte order mark, for Excel',
  '--keyword': 'only the signals of this keyword',
  '--intent': 'only the signals of this intent',
  'signals export --platform': 'only the signals of this platform',
  'platforms check --platform': 'check this platform only',
  '--min-score': 'only the signals scored N or more',
  '--since': "only the signals since DATE, as the API's since",
  '--include': 'dismissed: also the dismissed signals (judged not relevant, or stored while their author was muted)',
  '--out': 'write to FILE rather than to standard output',
  '--force': 'replace FILE when it is already there',
  '--url': 'where to send: a webhook, Slack, Discord or Teams address',
  '--to': 'the e-mail address to send to (with --kind email)',
  '--kind': 'the kind of destination (webhook, the default)',
  '--event':
    'what it is told of: each new signal (signal.created, the default), or each person turning hot (person.updated: a webhook sent instantly, without filters)',
  '--cadence': 'each signal as it comes (instant, the default), or a digest each hour, day or week',
  '--digest-hour': 'the hour, 0-23, a daily or weekly digest is sent (9, the default)',
  '--time-zone': 'the IANA time zone (Europe/Berlin) of --digest-hour and --quiet-hours (UTC, the default)',
  '--quiet-hours': 'two whole hours (20-7: from 20:00 to 07:00) in which nothing is sent',
  'webhook add --min-score': 'only the signals scored N or more',
  '--intents': 'only the signals of these intents',
  '--keywords': 'only the signals of these keywords',
  '--platforms': 'only the signals of these platforms',
  '--disabled': 'add it turned off',
  '--once': 'one pass now, then exit (serve polls on its schedule)',
  'poll --team': 'only this team, by its id or name',
  '--api-key': "the team's API key; else the LEAD_SIGNALS_API_KEY variable",
  '--verbose': 'also print the log lines of the call',
  '--demo': 'on a database without teams: a demo team with sample signals, and its key',
  'backup --to': 'the backup file to write',
  '--from': 'the backup file to restore',
}

/** The `options:` lines of a command's --help: each option its usage names, with what it does. */
export function optionLines(command: string, usage: string): string[] {
  const named = [...new Set(usage.match(/--[a-z][a-z-]*/g) ?? [])]
  return named.flatMap((option) => {
    const what = OPTIONS[`${command} ${option}`] ?? OPTIONS[option]
    return what ? [`  ${option.padEnd(16)}${what}`] : []
  })
}

// An example for the commands whose first use takes several options, as the README and docs write them.
const EXAMPLES: Record<string, string[]> = {
  'team create': ['lead-signals team create --name acme --plan growth'],
  'keyword add': ['lead-signals keyword add --team acme crm "sales pipeline"'],
  'icp add': [
    'lead-signals icp add --team acme --name "Small sales teams" \\',
    '  --description "Sales teams of 5 to 50 people replacing spreadsheets with a CRM" --competitors "HubSpot, Pipedrive"',
  ],
  'user create': ['lead-signals user create --team acme --email ann@acme.example --role owner'],
  'signals export': ['lead-signals signals export --team acme --format jsonl --include dismissed --out acme.jsonl'],
  'signals import': ['lead-signals signals import --team acme acme.jsonl'],
  'webhook add': [
    'lead-signals webhook add --team acme --kind email --to sales@acme.example --cadence daily --digest-hour 8 \\',
    '  --time-zone Europe/Berlin --quiet-hours 20-7',
  ],
  backup: ['lead-signals backup --to /srv/backups/lead-signals-2026-11-01.db'],
  restore: ['lead-signals restore --from /srv/backups/lead-signals-2026-11-01.db'],
  poll: ['lead-signals poll --once --team acme'],
}

/** The `example:` paragraph of a command's --help, or nothing. */
export const exampleLines = (command: string): string[] => (EXAMPLES[command] ?? []).map((line) => `  ${line}`)
