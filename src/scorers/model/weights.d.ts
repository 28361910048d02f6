// The trained weights, imported as a file (index.ts): the import gives its path, in the source tree or inside the
// compiled executable.
declare module '*.bin' {
  const path: string
  export default path
}
