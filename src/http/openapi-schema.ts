import { type ConversionConfig, toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { withServedGuides } from '../wire/served-guides'

type Json = Record<string, unknown>

/**
 * A valibot schema as the OpenAPI document's JSON Schema. `nullable(picklist([…]))` becomes `anyOf: [{enum: […]},
 * {type: 'null'}]`, which @elysiajs/openapi folds into `{type: [T, 'null'], enum: […]}`; the enum, which JSON Schema
 * checks as well as the type, then refused the null the server sends (a signal's `verdict` before any feedback), so
 * a validator or a client generated from /swagger/json rejected most signal pages. It is folded here instead, with
 * null in the enum, and the plugin leaves it alone.
 */
export function openApiSchema(schema: v.GenericSchema): Json {
  // errorMode 'ignore' keeps the rest of a schema when one part (a transform) has no JSON Schema form.
  // The draft it names is no part of an OpenAPI schema object; the plugin drops it for bodies, not for headers.
  const { $schema: _, ...json } = toJsonSchema(schema, { errorMode: 'ignore', overrideAction: numberFromText })
  return linkedGuides(numericDefaults(nullableEnumsFolded(json))) as Json
}

/**
 * `docs/api.md#error-codes` in a description, as a link to the page the service serves (`/docs/api#error-codes`):
 * Swagger UI shows descriptions as Markdown.
 */
const linkedGuides = (node: unknown) => withServedGuides(node, (path, mention) => `[${mention}](${path})`)

/**
 * A query parameter arrives as text and is coerced with `toNumber()` (wire/common.ts `queryInt`): from there on the
 * pipe checks a number, so the document says number and keeps the bounds after it. Left as a string, the converter
 * dropped `minValue`/`maxValue` and published only the text's pattern, which let `limit=-1` through Swagger UI and
 * generated clients although the server refuses it (docs/api.md#limits). The text's pattern is dropped: it applies
 * to strings only, and a number written out as digits already matches it.
 */
const numberFromText: NonNullable<ConversionConfig['overrideAction']> = ({ valibotAction, jsonSchema }) => {
  if (valibotAction.type !== 'to_number') return undefined
  const { type: _, pattern: __, minLength: ___, maxLength: ____, ...rest } = jsonSchema
  return { ...rest, type: 'number' }
}

/** The default of a number read from text is written as text in the schema (`'20'`); the document says 20. */
function numericDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(numericDefaults)
  if (node === null || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' ? value : numericDefaults(value)
  const numeric = out.type === 'number' || out.type === 'integer'
  if (numeric && typeof out.default === 'string' && out.default !== '') out.default = Number(out.default)
  return out
}

function nullableEnumsFolded(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableEnumsFolded)
  if (node === null || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = key === 'enum' ? value : nullableEnumsFolded(value)
  const options = out.anyOf
  if (!Array.isArray(options) || options.length !== 2) return out
  const isNull = (o: Json) => o.type === 'null' && Object.keys(o).length === 1
  const choices = options.find((o: Json) => Array.isArray(o.enum)) as Json | undefined
  if (!choices || !options.some(isNull)) return out
  const { anyOf: _, ...rest } = out
  const values = choices.enum as unknown[]
  const types = [...new Set(values.map((x) => typeof x))]
  return {
    ...rest,
    ...choices,
    ...(types.length === 1 ? { type: [types[0], 'null'] } : {}),
    enum: [...values, null],
  }
}
