// `npm run build`: writes the single executable dist/lead-signals, with the migrations, the libSQL addon and the worker
// entry points inside (docs/architecture.md#layers).
//   bun build.ts                              for this machine
//   bun build.ts --target bun-linux-arm64     cross-build (needs that platform's @libsql/* package installed)
//   bun build.ts --outfile PATH               elsewhere than dist/lead-signals (a test's own copy)
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { BunPlugin } from 'bun'

const require = createRequire(import.meta.url)
const outfileFlag = process.argv.indexOf('--outfile')
const OUTFILE = outfileFlag > 0 ? process.argv[outfileFlag + 1] : 'dist/lead-signals'

const targetFlag = process.argv.indexOf('--target')
const target = (targetFlag > 0 ? process.argv[targetFlag + 1] : undefined) as Bun.Build.CompileTarget | undefined
const nativePackage = `@libsql/${target ? libsqlTargetOf(target) : libsqlTargetHere()}`

/** The `@libsql/*` package name for this machine, chosen as libsql's own loader does at run time. */
function libsqlTargetHere(): string {
  const { platform, arch } = process
  if (platform === 'win32') return `win32-${arch}-msvc`
  if (platform !== 'linux') return `${platform}-${arch}`
  const { familySync, MUSL } = require('detect-libc') as { familySync(): string | null; MUSL: string }
  return `linux-${arch}-${familySync() === MUSL ? 'musl' : 'gnu'}`
}

/** `bun-linux-x64-baseline-musl` → `linux-x64-musl`, `bun-darwin-arm64` → `darwin-arm64`, `bun-windows-x64` → `win32-x64-msvc`. */
function libsqlTargetOf(bunTarget: string): string {
  const [, os, arch, ...rest] = bunTarget.split('-')
  if (os === 'windows') return `win32-${arch}-msvc`
  if (os === 'darwin') return `darwin-${arch}`
  return `linux-${arch}-${rest.includes('musl') ? 'musl' : 'gnu'}`
}

// libsql picks its addon with a computed `require(`@libsql/${target}`)`, which the bundler cannot follow, so the
// executable would look for node_modules at run time. A static require of the one target makes Bun embed the .node.
// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text to find, not a template
const DYNAMIC_REQUIRE = 'require(`@libsql/${target}`)'
const embedLibsqlAddon: BunPlugin = {
  name: 'embed-libsql-addon',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
      const source = await Bun.file(path).text()
      if (!source.includes(DYNAMIC_REQUIRE)) {
        throw new Error(`${path}: libsql's native loader changed; update build.ts (looked for ${DYNAMIC_REQUIRE})`)
      }
      return { contents: source.replace(DYNAMIC_REQUIRE, `require(${JSON.stringify(nativePackage)})`), loader: 'js' }
    })
  },
}

const libsqlDir = dirname(require.resolve('libsql/package.json'))
if (
  !existsSync(join(libsqlDir, '..', ...nativePackage.split('/'))) &&
  !existsSync(join(libsqlDir, 'node_modules', ...nativePackage.split('/')))
) {
  console.error(`build: ${nativePackage} is not installed; install it to build for this target`)
  process.exit(1)
}

// Each build names its chunks' source maps by content hash, so an earlier build's maps would pile up beside the new
// ones; a map that no longer matches the executable only misleads.
const OUTDIR = dirname(OUTFILE)
if (existsSync(OUTDIR)) {
  for (const name of readdirSync(OUTDIR)) if (name.endsWith('.map')) rmSync(join(OUTDIR, name))
}

const started = performance.now()
const result = await Bun.build({
  // The worker threads (the rules scorer's, the polling writer's, the backup copy's, the restore's) are entry points, so the
  // executable carries them (src/workers.ts).
  entrypoints: [
    'src/main.ts',
    'src/scorers/rules/worker.ts',
    'src/storage/polling-writer/worker.ts',
    'src/storage/backup-copy/worker.ts',
    'src/storage/restore-thread/worker.ts',
  ],
  compile: { outfile: OUTFILE, ...(target ? { target } : {}) },
  target: 'bun',
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  bytecode: true,
  plugins: [embedLibsqlAddon],
})
if (!result.success) {
  for (const log of result.logs) console.error(log)
  process.exit(1)
}
const size = Bun.file(OUTFILE).size
console.log(
  `build: ${OUTFILE} (${(size / 1e6).toFixed(1)} MB, libSQL ${nativePackage}) in ${Math.round(performance.now() - started)} ms`,
)
