import { afterAll, test } from 'bun:test'
import { oauthWorld, registerClient, obtainCode, tokenRequest } from '../support/oauth'

let stop: (() => void) | undefined
afterAll(() => stop?.())

test('probe', async () => {
  const world = await oauthWorld()
  stop = world.stop
  const conf = (await registerClient(world, { token_endpoint_auth_method: 'client_secret_basic' })).body
  console.log('conf', conf)
  const form = await obtainCode(world, { client: conf })
  const res = await tokenRequest(world, form)
  console.log('code without secret', res.status, res.body)
  const form2 = await obtainCode(world, { client: conf })
  const ok = await tokenRequest(world, { ...form2, client_secret: conf.client_secret })
  console.log('code with secret post', ok.status, ok.body)
  if (ok.body.refresh_token) {
    const r = await tokenRequest(world, {
      grant_type: 'refresh_token',
      refresh_token: ok.body.refresh_token,
      client_id: conf.client_id,
    })
    console.log('refresh without secret', r.status, r.body)
    const r2 = await tokenRequest(world, { grant_type: 'refresh_token', refresh_token: ok.body.refresh_token })
    console.log('refresh without client_id', r2.status, r2.body)
  }
  const rv = await fetch(`${world.base}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: 'x', client_id: conf.client_id }),
  })
  console.log('revoke without secret', rv.status, await rv.text())
}, 60000)
