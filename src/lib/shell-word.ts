/**
 * One shell word, for a command line we print for someone to paste (a team's name, a query): as it is when it holds
 * nothing a shell reads, double quotes unless the text holds what a shell reads inside them, then single quotes.
 */
export function shellWord(text: string): string {
  if (/^[\w./:=@,+-]+$/.test(text)) return text
  if (!/["$`\\!]/.test(text)) return `"${text}"`
  return `'${text.replaceAll("'", `'\\''`)}'`
}
