// Bun's one-shot hash: the same digest as node:crypto's createHash, about a fifth of its cost (0.2 against 1.2 µs for
// an API key), and every authenticated request hashes its key.
export const sha256Hex = (text: string) => Bun.SHA256.hash(text, 'hex') as string
