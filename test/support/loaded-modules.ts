// Preloaded into a command (bun --preload) by test/cli/modules-loaded.test.ts: as the process exits, writes the path
// of every module it loaded (Bun's require.cache holds the ES modules too), one a line, to LOADED_MODULES_TO.
import { writeFileSync } from 'node:fs'

const out = process.env.LOADED_MODULES_TO
if (out) process.on('exit', () => writeFileSync(out, Object.keys(require.cache).join('\n')))
