/**
 * The commonest ways of asking for a product, leaving one, complaining and asking a question in German, French,
 * Spanish, Portuguese, Italian, Dutch and Japanese (docs/model.md#other-languages). Read only for posts written in
 * one of them (words.ts tells the language), so English posts pay nothing for them. General phrases of each
 * language, not taken from any evaluation data.
 */
import { type Cue, cue } from './cue'

// `\b` does not see accented letters as word letters, so the phrases end on plain letters or at a space.
const B = `(?<![\\p{L}\\p{N}])`
const E = `(?![\\p{L}\\p{N}])`
const u = (source: string, what: string, w: number, neg = false): Cue => ({
  ...cue('', what, w, neg),
  re: new RegExp(`${B}(?:${source})${E}`, 'giu'),
})

export const FOREIGN_ACTIVE: readonly Cue[] = [
  // de, fr, es, pt, it, nl: "looking for", "can you recommend", "an alternative to", "we need a".
  u(
    `such(?:e|en|t)|auf\\s+der\\s+suche|cherch(?:e|ons|ez|ent)|à\\s+la\\s+recherche|busc(?:o|amos|ando|an)|procur(?:o|amos|ando|am)|cerc(?:o|hiamo|ando|ate)|(?:op\\s+)?zoek(?:en|t)?(?:\\s+naar)?`,
    'is looking for a product (in another language)',
    1.5,
  ),
  u(
    `empfehl(?:en|t|ung|ungen)|(?:vous\\s+)?recommand(?:ez|ations?|eriez)|conseil(?:lez|s)|recom(?:iend|end)(?:an|en|as|am|em|ações|aciones|ación)|consigli(?:ate|ereste|o|ate)|aanrad(?:en|er)|aanbevel(?:en|ing)|tips\\?`,
    'asks for recommendations (in another language)',
    2,
  ),
  u(
    `alternative\\s+(?:zu|à|a)|alternativa\\s+(?:a|ao|para)|alternatief\\s+voor|brauchen\\s+(?:eine?n?|etwas)|besoin\\s+d${"['’]"}une?|necesit(?:o|amos)\\s+una?|precis(?:o|amos)\\s+de|abbiamo\\s+bisogno|hebben\\s+\\w+\\s+nodig`,
    'needs a product (in another language)',
    1.5,
  ),
  u(`budget|presupuesto|orçamento|bilancio|preventivo|angebot|devis`, 'mentions a budget (in another language)', 0.5),
]

export const FOREIGN_LEAVING: readonly Cue[] = [
  u(
    `wechsel(?:n|t|te)|umsteigen|umgestiegen|kündigen|gekündigt|quitt(?:er|é|ons)|résilier|passer\\s+(?:à|sur)|dejar\\s+de|cambiar(?:nos)?\\s+(?:a|de)|cancel(?:ar|amos)|migr(?:ar|ou|amos|ando|ei|ado|é|amos)|troc(?:ar|amos)|sair|lasciare|passare\\s+a|disdire|overstappen|overgestapt|opzeggen`,
    'is leaving a product (in another language)',
    2,
  ),
]

export const FOREIGN_PAIN: readonly Cue[] = [
  u(
    `funktioniert\\s+nicht|geht\\s+nicht|nervt|ärgerlich|katastrophe|chaos|mühsam|umständlich|zu\\s+teuer|ne\\s+(?:marche|fonctionne)\\s+pas|galère|cauchemar|(?:j${"['’]"}en\\s+ai\\s+)?marre|trop\\s+cher|perte\\s+de\\s+temps|no\\s+funciona|harto|pesadilla|caos|demasiado\\s+caro|pérdida\\s+de\\s+tiempo|não\\s+funciona|pesadelo|muito\\s+caro|perda\\s+de\\s+tempo|non\\s+funziona|stufo|incubo|troppo\\s+caro|perdita\\s+di\\s+tempo|werkt\\s+niet|nachtmerrie|te\\s+duur|tijdverspilling|frustrerend`,
    'complains (in another language)',
    1.5,
  ),
  u(
    `à\\s+la\\s+main|manuellement|von\\s+hand|a\\s+mano|manualmente|met\\s+de\\s+hand|handmatig|jeden\\s+(?:monat|tag)|chaque\\s+(?:mois|semaine)|cada\\s+(?:mes|semana)|ogni\\s+(?:mese|settimana)|elke\\s+(?:maand|week)`,
    'does the work by hand (in another language)',
    1,
  ),
]

/** Japanese is written without spaces: its phrases are matched anywhere. */
export const JAPANESE: { active: Cue[]; leaving: Cue[]; pain: Cue[]; question: Cue[] } = {
  active: [
    cue(`探して|おすすめ|オススメ|教えて|導入したい|検討して|比較して`, 'asks for a product (Japanese)', 2, false),
  ],
  leaving: [cue(`乗り換え|解約|移行`, 'is leaving a product (Japanese)', 2, false)],
  pain: [cue(`不具合|使いにくい|高すぎ|面倒|困って|大変|遅い`, 'complains (Japanese)', 2, false)],
  question: [cue(`ですか|でしょうか|ますか|方法|？`, 'asks a question (Japanese)', 1, false)],
}

export const FOREIGN_QUESTION: readonly Cue[] = [
  // "How do you (all) do it": the informational question of each language.
  u(
    `wie\\s+(?:macht|löst|handhabt|organisiert)\\s+ihr|comment\\s+(?:faites|gérez|organisez)[- ]vous|¿\\s*(?:cómo|qué|cuál)|cómo\\s+(?:lo\\s+)?(?:hacéis|hacen|gestionáis|configuráis)|como\\s+(?:vocês|vcs)|come\\s+(?:fate|gestite)|hoe\\s+(?:doen|regelen|pakken)\\s+jullie`,
    'asks how others do it',
    1.5,
  ),
  u(
    `wie|was|welche[rsnm]?|weiß\\s+jemand|frage|comment|quel(?:le)?s?|quelqu${"['’]"}un|cómo|qué|cuál(?:es)?|alguien|pregunta|como|qual|quais|alguém|dúvida|come|quale|qualcuno|domanda|hoe|welke|iemand|vraag`,
    'asks a question (in another language)',
    0.5,
  ),
]
