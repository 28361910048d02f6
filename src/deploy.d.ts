// The deployment files the served documents link to (src/http/docs/files.ts), read as text.
declare module '*/Dockerfile' {
  const text: string
  export default text
}
declare module '*.service' {
  const text: string
  export default text
}
declare module '*/lead-signals-admin' {
  const text: string
  export default text
}
