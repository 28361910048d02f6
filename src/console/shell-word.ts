/** A word as a shell takes it in a command the console shows (a team's name): quoted when it is more than one word. */
export const shellWord = (s: string) => (/^[\w.@-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`)
