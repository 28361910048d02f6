/**
 * `lead-signals --help`: every command, as the README's table of commands lists them (docs/operations.md#command-line).
 */
export const USAGE = `usage: lead-signals <command> [options]

  serve [--demo]                                       migrate, then serve HTTP
  migrate                                              apply pending migrations and exit
  backup --to FILE                                     a checked copy of the embedded database, also while serving
  restore --from FILE                                  replace the embedded database with a backup (server stopped)
  team create --name NAME --plan PLAN [--credits N] [--json]
                                                       a team and its first API key, shown once
  team list [--json]                                   plan, usage this month, credits
  team set --team TEAM [--name NAME] [--plan PLAN] [--credits N]
                                                       rename a team, change its plan or set its credits
  team remove --team TEAM --yes                        the team and everything it holds (keys, users, signals…)
  user create --team TEAM --email EMAIL [--role owner|member]
                                                       a console user; password on stdin (prompted on a terminal)
  user list --team TEAM [--json]                       the team's console users: email, role, created
  user remove --team TEAM --email EMAIL                remove a console user; their sessions and apps end
  user password --email EMAIL                          a new password (stdin); ends the user's sessions and apps
  key create --team TEAM [--name LABEL] [--json]       a new API key, shown once
  key list --team TEAM [--json]                        the team's keys: prefix, label, created, last used
  key revoke --team TEAM PREFIX|KEY                    by the prefix "key list" shows, or the whole key
  keyword add --team TEAM KEYWORD...                   track keywords
  keyword remove --team TEAM KEYWORD...                stop tracking keywords
  keyword list --team TEAM [--json]                    the team's tracked keywords
  icp add --team TEAM --name NAME --description TEXT [--competitors "A, B"]   ideal-customer profiles
  icp list --team TEAM [--json]                        the team's ideal-customer profiles
  icp remove --team TEAM --name NAME                   remove one profile
  signals import --team TEAM FILE [--skip-invalid] [--json]
                                                       JSON Lines, one signal per line ("-": stdin)
  signals export --team TEAM [--format csv|jsonl] [--bom] [--keyword K] [--intent I] [--platform P]
                 [--min-score N] [--since DATE] [--include dismissed] [--out FILE [--force]]
                                                       the team's signals as CSV or JSON Lines (stdout by default)
  people export --team TEAM [--format csv|jsonl] [--bom] [--out FILE [--force]]
                                                       the team's people, one record per person (stdout by default)
  people forget --team TEAM PERSON_ID                  remove a person, their accounts and signals; keep them out
  webhook add --team TEAM (--url URL | --to ADDRESS) [--kind webhook|slack|discord|teams|email]
              [--event signal.created|person.updated] [--cadence instant|hourly|daily|weekly] [--digest-hour H]
              [--time-zone ZONE] [--quiet-hours FROM-TO] [--min-score N] [--intents A,B] [--keywords A,B] [--platforms A,B] [--disabled] [--json]
                                                       a destination for new signals (or people turning hot); its secret is shown once
  webhook list --team TEAM [--json]                    the team's destinations, their state and filters
  webhook remove --team TEAM ENDPOINT_ID               remove one
  webhook test --team TEAM ENDPOINT_ID [--json]        send it a test event now
  oauth-client list [--json]                           the OAuth clients apps registered; how many users allowed each
  oauth-client remove CLIENT_ID                        remove one, with its grants and tokens
  poll --once [--team TEAM] [--json]                   one keyword-polling pass now; prints what it found
  platforms check [--platform PLATFORM] [--json]       one small real search per configured platform: ok, or why not
  email check [--json]                                 connect, TLS and sign in to the [email] SMTP server: ok, or why not
  scorer check [--json] [--verbose]                    the configured scorer scores a sample post: ok, or why not
  mcp [--api-key KEY]                                  MCP tools over stdio for the key's team (or LEAD_SIGNALS_API_KEY)
  --version                                            print the version

TEAM is a team id or name. Every command accepts --config FILE, before the command or after it.
Configuration: --config FILE, else $LEAD_SIGNALS_CONFIG, else ./lead-signals.toml where the command runs, else
the defaults. Every setting, with its default: config.example.toml, served by serve at /docs/config.example.toml.`

/** Said under every command's own --help: the one option all of them take. */
export const CONFIG_NOTE = 'Every command accepts --config FILE.'
