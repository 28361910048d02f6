/**
 * Whose life a post is about (docs/scoring.md#the-embedded-model): words of private life (family, holidays,
 * neighbours) against words of work (clients, colleagues, the company). A keyword of a business market is often used
 * by someone writing as a private person ("a baby monitor", "the neighbourhood newsletter"), who is no seller's lead;
 * a word of work makes it a work post again ("a birthday campaign for a client"). Words are compared
 * by their roots (rules/words.ts), in the languages the rules read. Words that a market's customers write about at
 * work are left out (pets at a vet, kitchens at a restaurant, landlords, weddings at a venue, "school", "doctor"), and
 * so are words with a common work sense ("party", "home", "class").
 */
import { root } from '../rules/words'

const rootsOf = (words: string) => new Set(words.split(/\s+/).filter(Boolean).map(root))

const LIFE = rootsOf(`
  wife husband kids son daughter baby toddler mom mum dad mother father parents grandma grandpa grandmother
  grandfather sister brother family birthday christmas thanksgiving easter halloween vacation honeymoon neighbour
  neighbor neighbourhood neighborhood backyard boyfriend girlfriend fiance netflix
  frau mann kinder sohn tochter mama papa mutter vater eltern oma opa schwester bruder familie geburtstag weihnachten
  urlaub nachbar nachbarn
  esposa esposo marido hijos hija bebé mamá papá madre padre abuela abuelo hermana hermano familia cumpleaños navidad
  vacaciones vecino vecinos barrio
  femme enfants enfant fille bébé maman mère père grand-mère mamie sœur frère famille anniversaire noël vacances
  voisin voisins
  moglie figli figlio figlia mamma nonna nonno sorella fratello famiglia compleanno natale vacanze
  vrouw kinderen zoon dochter moeder vader ouders zus broer verjaardag kerst vakantie buren
  filhos filho filha bebê mãe avó avô irmã irmão família aniversário férias vizinho
`)

const WORK = rootsOf(`
  client clients customer customers company companies employees employee staff colleagues coworkers coworker boss
  manager managers startup business agency firm department vendor vendors revenue quarter sprint stakeholders
  procurement seats saas b2b enterprise workflow ops
  kunden kunde mitarbeiter firma unternehmen kollegen büro
  clientes cliente empresa empleados equipo oficina
  entreprise équipe salariés collègues bureau
  clienti azienda dipendenti colleghi ufficio
  klanten klant bedrijf medewerkers kantoor collega's
  funcionários escritório
`)

// Each root's side in one map: one lookup a root of every post, where the two sets took two for most roots.
const LIFE_SIDE = 1
const WORK_SIDE = 2
const SIDE = new Map<string, number>()
for (const r of WORK) SIDE.set(r, WORK_SIDE)
// A root in both lists counts as private life, as it did when LIFE was asked first.
for (const r of LIFE) SIDE.set(r, LIFE_SIDE)

/** How many of a post's roots are of private life and how many of work. */
export function lifeAndWork(roots: readonly string[]): { life: number; work: number } {
  let life = 0
  let work = 0
  for (const r of roots) {
    const side = SIDE.get(r)
    if (side === LIFE_SIDE) life++
    else if (side === WORK_SIDE) work++
  }
  return { life, work }
}
