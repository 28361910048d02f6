type Json = Record<string, unknown>

const objectsOf = (node: unknown): Json[] =>
  node && typeof node === 'object' ? (Object.values(node).filter((x) => x && typeof x === 'object') as Json[]) : []

/**
 * `holder.schema`'s description moved to `holder.description`, where OpenAPI puts the meaning of a header or a
 * parameter and Swagger UI reads it. The plugin writes both as `{schema}` only, so the words of the valibot schemas
 * sat inside the schema, which Swagger UI does not show there. Moved, not copied: some viewers show both. A holder
 * already described is left as it is.
 */
function describedOutOfSchema(holder: Json): void {
  const schema = holder.schema as Json | undefined
  if (typeof schema?.description !== 'string' || holder.description !== undefined) return
  const { description, ...rest } = schema
  holder.description = description
  holder.schema = rest
}

/**
 * The OpenAPI document with each response header's meaning in its Header Object (the Description column of a
 * response's Headers, http/response-headers.ts) and each parameter's in its Parameter Object (the text under the
 * parameter's name in Swagger UI's Parameters table). Changes the document in place (the plugin keeps it between
 * requests).
 */
export function descriptionsOutOfSchemas(document: unknown): void {
  const paths = (document as { paths?: unknown } | null)?.paths
  for (const operations of objectsOf(paths))
    for (const operation of objectsOf(operations)) {
      for (const parameter of objectsOf(operation.parameters)) describedOutOfSchema(parameter)
      for (const response of objectsOf(operation.responses))
        for (const header of objectsOf(response.headers)) describedOutOfSchema(header)
    }
}
