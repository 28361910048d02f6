import { basename } from 'node:path'
import page from '../../console/index.html'

type Asset = { body: Uint8Array; type: string }
export type ConsoleAssets = { index: string; files: Map<string, Asset> }

// Where the page's scripts and styles are served; their names carry a content hash, so they are cached for good.
export const ASSETS_PATH = '/assets/'

type EmbeddedFile = { path: string; loader: string; headers: Record<string, string> }
type Bundle = { index: string; files?: EmbeddedFile[] }

/**
 * The console's page and its bundled files (docs/architecture.md#how-the-console-is-built). Inside the executable, Bun
 * has bundled them at build time (an HTML import in a compiled program) and lists them in `files`; run from source,
 * they are bundled here, once, on first use. Either way the page references its files under ASSETS_PATH.
 */
export async function loadConsoleAssets(): Promise<ConsoleAssets> {
  const bundle = page as unknown as Bundle
  return bundle.files ? await fromExecutable(bundle.files) : await bundleFromSource(bundle.index)
}

async function fromExecutable(embedded: EmbeddedFile[]): Promise<ConsoleAssets> {
  let index = ''
  const files = new Map<string, Asset>()
  for (const f of embedded) {
    const file = Bun.file(f.path)
    if (f.loader === 'html') index = await file.text()
    else files.set(basename(f.path), { body: await file.bytes(), type: f.headers['content-type'] ?? file.type })
  }
  // The page names its files from the root; they are served under ASSETS_PATH.
  for (const name of files.keys()) index = index.replaceAll(`"/${name}"`, `"${ASSETS_PATH}${name}"`)
  return { index, files }
}

async function bundleFromSource(entry: string): Promise<ConsoleAssets> {
  const built = await Bun.build({ entrypoints: [entry], minify: true, publicPath: ASSETS_PATH, target: 'browser' })
  if (!built.success) throw new AggregateError(built.logs, 'the console did not bundle')
  let index = ''
  const files = new Map<string, Asset>()
  for (const out of built.outputs) {
    if (out.path.endsWith('.html')) index = await out.text()
    else files.set(basename(out.path), { body: new Uint8Array(await out.arrayBuffer()), type: out.type })
  }
  return { index, files }
}
