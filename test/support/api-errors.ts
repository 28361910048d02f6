import { expect } from 'bun:test'

// The error shape of docs/api.md#error-codes as the error tests over HTTP read it (test/http/errors*.test.ts), and a
// post POST /api/v1/leads/score takes, shared by those tests so that each part checks the same shape.

export const expectError = (r: { status: number; body: any; headers: Headers }, status: number, code: string) => {
  expect(r.status).toBe(status)
  expect(r.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) })
  expect(Object.keys(r.body.error).every((k) => ['code', 'message', 'details'].includes(k))).toBe(true)
  expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
}
export const scoreBody = { content: 'We need a new CRM for our sales team, any recommendations?' }
