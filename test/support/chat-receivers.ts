// Fakes of Discord's and Teams' webhook receivers that check each body against the documented format and answer
// as the real ones do: Discord 204 No Content (execute-webhook without ?wait), a Teams Workflows trigger 202 Accepted;
// a body out of the format gets 400, as the real services answer.

/** Discord's Execute Webhook body and its embed limits (Message Resource, "Embed Limits"). Problems, or []. */
export function discordProblems(body: any): string[] {
  const p: string[] = []
  if (typeof body.content === 'string' && body.content.length > 2000) p.push('content over 2000')
  if (!body.content && !(body.embeds?.length > 0)) p.push('neither content nor embeds')
  const embeds: any[] = body.embeds ?? []
  if (embeds.length > 10) p.push('more than 10 embeds')
  let total = 0
  for (const e of embeds) {
    const len = (s: unknown, max: number, what: string) => {
      if (s === undefined) return
      if (typeof s !== 'string') p.push(`${what} not a string`)
      else if (s.length > max) p.push(`${what} over ${max}`)
      else total += s.length
    }
    len(e.title, 256, 'title')
    len(e.description, 4096, 'description')
    if (e.url !== undefined && !/^https?:\/\//.test(e.url)) p.push('url not http(s)')
    if (e.color !== undefined && !Number.isInteger(e.color)) p.push('color not an integer')
    if (e.timestamp !== undefined && Number.isNaN(Date.parse(e.timestamp))) p.push('timestamp not ISO 8601')
    if ((e.fields ?? []).length > 25) p.push('more than 25 fields')
    for (const f of e.fields ?? []) {
      len(f.name, 256, 'field name')
      len(f.value, 1024, 'field value')
    }
    len(e.footer?.text, 2048, 'footer text')
    len(e.author?.name, 256, 'author name')
  }
  if (total > 6000) p.push('embeds over 6000 characters')
  return p
}

/**
 * Slack's Block Kit limits for a message (docs.slack.dev, Block Kit reference: blocks, text object, button element):
 * at most 50 blocks, a header's plain text 150 characters, a section's text 3,000, its fields 10 of 2,000 each, a
 * context's elements 10 of 3,000 each, a button's text 75 and its URL 3,000 (http or https). Problems, or [].
 */
export function slackProblems(body: any): string[] {
  const p: string[] = []
  const blocks: any[] = body.blocks ?? []
  if (blocks.length > 50) p.push('more than 50 blocks')
  // A text object: `plain_text` or `mrkdwn`, 1 character at least; `emoji` only on plain_text, `verbatim` only on
  // mrkdwn.
  const text = (t: any, max: number, what: string, plainOnly = false) => {
    if (typeof t?.text !== 'string' || t.text.length === 0) p.push(`${what} without text`)
    else if (t.text.length > max) p.push(`${what} over ${max}`)
    if (t?.type !== 'plain_text' && (plainOnly || t?.type !== 'mrkdwn')) p.push(`${what} of type ${t?.type}`)
    if (t?.type === 'plain_text' && 'verbatim' in t) p.push(`${what}: verbatim on plain_text`)
    if (t?.type === 'mrkdwn' && 'emoji' in t) p.push(`${what}: emoji on mrkdwn`)
  }
  const button = (e: any) => {
    if (e.type !== 'button') p.push(`element ${e.type} not a button`)
    text(e.text, 75, 'button text', true)
    if (typeof e.url !== 'string' || e.url.length > 3000 || !/^https?:\/\//.test(e.url)) p.push('button url')
  }
  for (const b of blocks) {
    if (b.type === 'header') text(b.text, 150, 'header', true)
    if (b.type === 'section') {
      if (b.text) text(b.text, 3000, 'section text')
      if ((b.fields ?? []).length > 10) p.push('more than 10 fields')
      for (const f of b.fields ?? []) text(f, 2000, 'field')
      if (b.accessory) button(b.accessory)
    }
    if (b.type === 'context') {
      if (b.elements.length > 10) p.push('more than 10 context elements')
      for (const e of b.elements) text(e, 3000, 'context element')
    }
    if (b.type === 'actions') for (const e of b.elements) button(e)
  }
  return p
}

const CARD_ELEMENTS = new Set(['TextBlock', 'RichTextBlock', 'Container', 'ColumnSet', 'FactSet', 'Image', 'ActionSet'])

// Teams' connector reference, known limits of "Post card in a chat or channel": a message of about 28 KB at most,
// a larger one fails with "Request Entity Too Large".
const TEAMS_MAX_BYTES = 28 * 1024

/** A Teams Workflows "when a Teams webhook request is received" body: a message with one Adaptive Card. */
export function teamsProblems(body: any): string[] {
  const p: string[] = []
  if (Buffer.byteLength(JSON.stringify(body)) > TEAMS_MAX_BYTES) p.push('message over 28 KB')
  if (body.type !== 'message') p.push('type is not "message"')
  const [a, ...rest] = body.attachments ?? []
  if (!a || rest.length > 0) p.push('not exactly one attachment')
  if (a?.contentType !== 'application/vnd.microsoft.card.adaptive') p.push('contentType is not an Adaptive Card')
  const card = a?.content ?? {}
  if (card.type !== 'AdaptiveCard') p.push('content.type is not AdaptiveCard')
  if (!/^1\.[0-5]$/.test(card.version ?? '')) p.push('version not 1.0-1.5')
  const openUrl = (act: any) => {
    if (act.type !== 'Action.OpenUrl' || !/^https?:\/\//.test(act.url)) p.push('action not an http(s) OpenUrl')
  }
  const walk = (items: any[]) => {
    for (const el of items ?? []) {
      if (!CARD_ELEMENTS.has(el.type)) p.push(`unknown element ${el.type}`)
      if (el.type === 'TextBlock' && typeof el.text !== 'string') p.push('TextBlock without text')
      // RichTextBlock (schema 1.2): inlines of TextRun, each with its text.
      if (el.type === 'RichTextBlock') {
        if (card.version < '1.2') p.push('RichTextBlock before version 1.2')
        for (const run of el.inlines ?? [])
          if (typeof run !== 'string' && (run?.type !== 'TextRun' || typeof run.text !== 'string'))
            p.push('RichTextBlock inline not a TextRun with text')
      }
      if (el.type === 'Container') walk(el.items)
      // ActionSet (schema 1.2): actions among the body's elements, each an http(s) OpenUrl here.
      if (el.type === 'ActionSet') {
        if (card.version < '1.2') p.push('ActionSet before version 1.2')
        if (!(el.actions?.length > 0)) p.push('ActionSet without actions')
        for (const act of el.actions ?? []) openUrl(act)
      }
      if (el.selectAction && el.selectAction.type !== 'Action.OpenUrl') p.push('selectAction not OpenUrl')
    }
  }
  walk(card.body)
  for (const act of card.actions ?? []) openUrl(act)
  return p
}

const PROBLEMS = { discord: discordProblems, teams: teamsProblems, slack: slackProblems }

/**
 * The answer a fake receiver gives a body: the real status, or 400 with the problems (Slack's incoming webhooks: 200
 * `ok`, or 400 `invalid_blocks` for blocks out of the format).
 */
export function checkedAnswer(kind: 'discord' | 'teams' | 'slack', text: string): Response {
  const problems = PROBLEMS[kind](JSON.parse(text))
  if (kind === 'slack')
    return problems.length > 0
      ? new Response(`invalid_blocks: ${problems.join('; ')}`, { status: 400 })
      : new Response('ok')
  if (problems.includes('message over 28 KB')) return new Response('Request Entity Too Large', { status: 413 })
  if (problems.length > 0) return Response.json({ message: problems.join('; ') }, { status: 400 })
  return new Response(null, { status: kind === 'discord' ? 204 : 202 })
}

// What Slack and Discord answer for a webhook that no longer exists (docs/destinations.md#a-deleted-webhook): Slack's
// incoming webhooks answer 404 with the plain-text code `no_service` for a webhook removed or disabled; Discord 404
// with JSON error code 10015 (Unknown Webhook) for a deleted one, 401 with 50027 (Invalid Webhook Token) for a token
// that is not the webhook's.
export const slackNoService = () =>
  new Response('no_service', { status: 404, headers: { 'content-type': 'text/plain' } })
// Slack's changelog "Improving error conditions for Incoming Webhooks" (2016-05-17): 404 `channel_not_found`, the
// webhook's channel does not exist; 410 `channel_is_archived`, the channel is archived and takes no more messages;
// 403 `action_prohibited`, the workspace restricts the webhook's posting there.
const slackText = (status: number, code: string) => () =>
  new Response(code, { status, headers: { 'content-type': 'text/plain' } })
export const slackChannelNotFound = slackText(404, 'channel_not_found')
export const slackChannelIsArchived = slackText(410, 'channel_is_archived')
export const slackActionProhibited = slackText(403, 'action_prohibited')
export const discordUnknownWebhook = () => Response.json({ message: 'Unknown Webhook', code: 10015 }, { status: 404 })
export const discordInvalidToken = () =>
  Response.json({ message: 'Invalid Webhook Token', code: 50027 }, { status: 401 })
