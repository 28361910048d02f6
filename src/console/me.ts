/** Who is signed in to the console, and their team (GET /console/api/me, docs/console.md#routes). */
export type Me = {
  user: { email: string; role: string }
  team: { name: string; plan: string }
  server: { email: boolean }
}
