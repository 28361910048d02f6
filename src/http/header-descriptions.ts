type Json = Record<string, unknown>

const objectsOf = (node: unknown): Json[] =>
  node && typeof node === 'object' ? (Object.values(node).filter((x) => x && typeof x === 'object') as Json[]) : []

/**
 * The OpenAPI document with each response header's meaning in its Header Object's own `description`, where OpenAPI
 * puts it and Swagger UI reads it (the Description column of a response's Headers). The plugin writes a header as
 * `{schema}` only, so the words of http/response-headers.ts sat inside the schema, which Swagger UI does not show
 * there. Moved, not copied: some viewers show both. Changes the document in place (the plugin keeps it between
 * requests), and a header already described is left as it is.
 */
export function describeResponseHeaders(document: unknown): void {
  const paths = (document as { paths?: unknown } | null)?.paths
  for (const operations of objectsOf(paths))
    for (const operation of objectsOf(operations))
      for (const response of objectsOf(operation.responses))
        for (const header of objectsOf(response.headers)) {
          const schema = header.schema as Json | undefined
          if (typeof schema?.description !== 'string' || header.description !== undefined) continue
          const { description, ...rest } = schema
          header.description = description
          header.schema = rest
        }
}
