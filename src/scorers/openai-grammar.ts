// The llama.cpp server holds the model to the reply's JSON schema by turning it into a grammar, and refuses with
// HTTP 400 a request whose grammar cannot start or meets another (docs/scoring.md#thinking-models). Its message names
// the grammar, not the setting behind it, which is the server's: these say which.

// A chat template that starts the reply with the model's thinking (`<think>`), left in the reply by
// --reasoning-format none, which the grammar does not allow (llama.cpp's issue 21600).
const TEMPLATE_THINKS = /empty grammar stack/i
// A grammar the server applies to every request (--grammar, --grammar-file, --json-schema), or one some builds take
// from the chat template with --jinja (llama.cpp's issue 11847), beside the request's schema.
const TWO_GRAMMARS = /"json_schema" or "grammar"/

/** What to change on the server for a refusal of the reply's grammar, else undefined. */
export function grammarRefused(where: string, status: number, detail: string): string | undefined {
  if (status !== 400) return undefined
  const said = `the OpenAI-compatible server at ${where} could not hold the model to the reply's JSON schema (HTTP 400: ${detail})`
  if (TEMPLATE_THINKS.test(detail))
    return `${said}: the model's chat template starts its reply with thinking the reply's JSON schema does not allow; start the llama.cpp server with --reasoning-format auto (not none), which takes the thinking out of the reply, or with --reasoning-budget 0, which turns thinking off`
  if (TWO_GRAMMARS.test(detail))
    return `${said}: the server holds the model to a grammar of its own as well; start it without --grammar, --grammar-file or --json-schema, or, if it has none of those, without --jinja (some builds take a grammar from the chat template)`
  return undefined
}
