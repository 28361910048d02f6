import { expect, test } from 'bun:test'
import { testDeps } from '../../support/deps'
import { client } from '../../support/http'

// What the consent page and Swagger UI's Authorize show for each scope must cover what it allows
// (docs/oauth.md#scopes): a user allowing signals:read let the app read the team's people too, signals:write let it
// forget a person with their signals, and webhooks:manage reach Discord, Teams and e-mail, none of it said.
test('each scope says what it allows: people under signals, every kind of destination', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const words = spec.components.securitySchemes.oauth2.flows.authorizationCode.scopes as Record<string, string>
  expect(words['signals:read']).toContain('people')
  expect(words['signals:write']).toContain('people')
  expect(words['signals:write']).toContain('forget')
  for (const kind of ['webhooks', 'Slack', 'Discord', 'Teams', 'e-mail'])
    expect(words['webhooks:manage']).toContain(kind)
})
