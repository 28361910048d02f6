// The Swagger UI files imported with `{ type: 'file' }` (src/http/swagger/assets.ts): Bun hands back a path, which
// points inside the executable once it is compiled.
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const path: string
  export default path
}
declare module 'swagger-ui-dist/swagger-ui.css' {
  const path: string
  export default path
}
declare module 'swagger-ui-dist/oauth2-redirect.js' {
  const path: string
  export default path
}
