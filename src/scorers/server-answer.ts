// What a scorer's error may say about the model server it called: the server's origin, never the credentials an
// address can carry, and at most 300 characters of what it answered.

/** The configured address's origin (no path, query or credentials); `instead` when it is no URL. */
export function originOf(address: string, instead: string): string {
  try {
    return new URL(address).origin
  } catch {
    return instead
  }
}

/**
 * A failed answer's message: the one `messageOf` finds in its JSON body, else its text, else the HTTP status text;
 * at most 300 characters.
 */
export async function errorText(res: Response, messageOf: (body: unknown) => unknown): Promise<string> {
  const text = (await res.text().catch(() => '')).trim()
  try {
    const message = messageOf(JSON.parse(text))
    if (typeof message === 'string') return message.slice(0, 300)
  } catch {}
  return text.slice(0, 300) || res.statusText
}
