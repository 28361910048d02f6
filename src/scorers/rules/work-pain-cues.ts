/**
 * The everyday pain of work done badly, as people describe it about business software
 * (docs/model.md#the-rules-scorer): by hand, scattered, chased, piling up, costing money, figures that disagree.
 * Added to the complaint cues of pain-cues.ts. General phrases, written from how people write; not taken from any
 * evaluation data.
 */
import { A, type Cue, cue } from './cue'

/** The pain of work done badly: by hand, scattered, chased, slow, going wrong. Added to the complaint cues (PAIN). */
export const WORK_PAIN_CUES: readonly Cue[] = [
  cue(
    `\\b(?:by\\s+hand|manually|copy(?:-|\\s+and\\s+|\\s*/\\s*)?past(?:e|ed|ing)|past(?:ed|ing)\\s+into|re-?typ(?:e|ed|ing)|double\\s+entry|sticky\\s+notes?|on\\s+paper|wet\\s+ink|print(?:ing)?\\s+(?:\\d+\\s+|out\\s+)?(?:pages|forms|copies))\\b`,
    'does the work by hand',
    1.5,
  ),
  cue(
    `\\b(?:chas(?:e|es|ed|ing)|nag(?:s|ged|ging)?|hound(?:ing)?)\\s+(?:\\w+\\s+){0,3}?(?:for|down|up|about)\\b|\\bchasing\\s+(?:people|clients|customers|invoices|payments|everyone)\\b`,
    'chases people',
    1.5,
  ),
  cue(
    `\\b(?:lives?|living|spread|scattered)\\s+(?:in|across|over)\\s+(?:\\w+\\s+)?(?:places|spreadsheets|sheets|inboxes|tools|tabs|systems|docs|apps)\\b|\\bout\\s+of\\s+sync\\b|\\bno\\s+single\\s+source\\b|\\b(?:nobody|no\\s+one)\\s+(?:knows|trusts|owns|can\\s+(?:find|tell|see|explain))\\b|\\b(?:fall(?:s|ing|en)?|fell|slip(?:s|ped|ping)?)\\s+through\\s+the\\s+cracks\\b|\\blost\\s+track\\b|\\bno\\s+visibility\\b`,
    'says the work is scattered',
    1.5,
  ),
  cue(
    `\\b(?:chaos|chaotic|messy|drowning\\s+in|buried\\s+in|overwhelm\\w*|burn(?:ed|t|ing)?\\s*out|dread\\w*|nightmare|exhausting|soul-?crushing|(?:such\\s+a|what\\s+a)\\s+(?:pain|mess|hassle|slog)|deserves?\\s+(?:so\\s+much\\s+|much\\s+|way\\s+)?better|(?:my|personal|absolute|living|pure)\\s+hell|without\\s+(?:telling|asking|warning|notifying)\\s+(?:us|me|anyone)|not\\s+sustainable|unsustainable)\\b`,
    'says the work is a burden',
    1.5,
  ),
  cue(
    `\\b(?:struggl(?:e|es|ed|ing)\\s+(?:to|with)|can${A}t\\s+keep\\s+up|(?:hard|difficult|impossible)\\s+to\\s+(?:track|keep\\s+track|manage|find|see|know|tell|get)|held\\s+together\\s+(?:with|by)|back-and-forth|error-prone|time-consuming|cumbersome|swamped|(?:keep|keeps|kept)\\s+(?:losing|forgetting|missing|getting\\s+lost)|too\\s+much\\s+(?:time|manual|admin))\\b`,
    'struggles with the work',
    1.5,
  ),
  cue(
    `\\b(?:spend|spends|spent|spending|lose|loses|losing|burn|burns|burning|eats?|eating|takes?|took|taking)\\s+(?:us\\s+|me\\s+|up\\s+)?(?:\\w+\\s+){0,3}?(?:hours|days|weeks|weekends|mornings|evenings|fridays|mondays|forever|ages|(?:whole|entire)\\s+(?:day|evening|morning|weekend|week|afternoon|night)|\\d+\\s*(?:h|hrs?|hours?|mins?|minutes|days))\\b`,
    'loses time to it',
    1,
  ),
  cue(
    `\\b(?:dropped|fell|plummeted|tanked|spiked|jumped|ballooned|went)\\s+(?:up\\s+|down\\s+)?from\\s+[$€£]?\\d|\\b(?:tanked|plummeted|nosedived|cratered)\\b|\\b(?:penalty|penalties|fined|late\\s+fees?)\\b|\\b(?:pric(?:e|ing)\\s+(?:hike|jump|increase)|renewal\\s+(?:quote|price|came)|priced\\s+(?:me|us)\\s+out)\\b|\\b(?:doubled|tripled|quadrupled)\\s+(?:our|my|the)\\s+(?:bill|price|invoice|cost|renewal|quote)\\b|\\b(?:doubled|tripled|quadrupled)\\b(?<=\\b(?:bill|price|invoice|renewal|quote)\\s+(?:just\\s+|has\\s+|have\\s+)?\\w+)|\\bquoted\\s+(?:us|me)\\s+(?:\\d+(?:\\.\\d+)?x|double|triple|twice)\\b|\\b(?:bill|price|prices|pricing|invoice|cost|costs|renewal|quote)\\s+(?:just\\s+|has\\s+|have\\s+)?(?:went|gone|jumped|shot|rose|increased|spiked)\\s+up\\s+(?:by\\s+)?\\d+(?:\\.\\d+)?\\s?%`,
    'reports a cost or a drop',
    1.5,
  ),
  // Carries its own negation: "shouldn't cost this much" is the complaint, not its denial.
  cue(
    `\\bshould(?:n${A}t|\\s+not)\\s+cost\\b|\\bcosts?\\s+(?:this|that|so)\\s+much\\b`,
    'says it costs too much',
    1.5,
    false,
  ),
  // A share of something going wrong ("27% no-show rate"), a rating of one or two out of five.
  cue(
    `\\b(?<![\\d.])\\d+(?:\\.\\d+)?\\s?%\\s+(?:[\\w-]+\\s+){0,2}?(?:no-?shows?|churn|bounce|drop-?off|abandonment|failure|error)(?:\\s+rate)?\\b|\\b(?<![\\d.])[12]\\s?/\\s?5(?![\\d.])`,
    'reports a bad rate',
    1.5,
    false,
  ),
  cue(
    `\\b(?:too|so|very|overly|really)\\s+(?:complex|limited|bloated|heavy|rigid|pricey|basic|restrictive|overpriced)\\b|\\b(?:lacks?|lacking|no\\s+way\\s+to|can${A}t\\s+even|not\\s+worth|overkill|nickel-and-dim\\w*|upsells?|upselling|locked\\s+(?:in|behind)|paywall\\w*|contact\\s+(?:sales|us)\\s+for)\\b|\\b(?:biggest|main|only|one)\\s+(?:gripe|complaint|downside|drawback|frustration)\\b|\\b(?:raised|raising|hiked|doubled|tripled)\\s+(?:the\\s+|their\\s+|our\\s+|its\\s+)?(?:price|prices|pricing|rates?|fees?)\\b`,
    "names a product's shortcoming",
    1.5,
    false,
  ),
  cue(`(?:😭|🫠|🙃|🥲|😮‍💨|🤯)`, 'shows strain', 1, false),
  // Work piling up: "900 unread", "40 untouched demo requests", "invoices piling up". The count is checked behind the
  // word, so that the cue is tried at these rare words rather than at every number (word-index.ts).
  cue(
    `\\b(?:unread|unanswered|untouched|overdue|unpaid|unresolved)\\b(?<=\\d\\+?\\s+\\w+)|\\bpil(?:e|es|ed|ing)\\s+up\\b`,
    'says the work piles up',
    1.5,
  ),
  // What the problem costs the business: "eating our margins", "killing us", "costing us deals", "made a mistake".
  cue(
    `\\b(?:eat(?:s|ing)?|cut(?:s|ting)?)\\s+(?:into\\s+)?(?:our|my)\\s+(?:margins?|profits?|revenue|budget|time)\\b|\\b(?:kill(?:s|ing)|cost(?:s|ing)|hurt(?:s|ing))\\s+(?:us|me|our)\\b|\\bmistakes?\\b(?<=\\b(?:made|make|making|makes)\\s+(?:a\\s+|the\\s+same\\s+|so\\s+many\\s+)?mistakes?)`,
    'says what it costs',
    1.5,
  ),
  // A problem growing, or customers kept waiting: "churn is climbing", "customers wait 2 days for a first reply".
  cue(
    `\\b(?:churn|costs?|bills?|backlog|complaints|refunds|wait\\s+times?|response\\s+times?|no-?shows)\\s+(?:is|are|has\\s+been|have\\s+been|keeps?|kept)\\s+(?:\\w+\\s+)?(?:climbing|rising|growing|increasing|going\\s+up|getting\\s+worse)\\b|\\bwait(?:s|ed|ing)?\\s+(?:\\w+\\s+)?(?:\\d+|two|three|several|many)\\s+(?:hours|days|weeks)\\s+for\\s+(?:a\\s+|an\\s+|the\\s+|any\\s+)?(?:first\\s+)?(?:reply|replies|response|answer|callback|fix|refund)\\b`,
    'says a problem grows or people wait',
    1.5,
  ),
  // Figures that should agree and do not.
  cue(
    `\\b(?:match|add\\s+up|agree|line\\s+up|reconcile|tie\\s+out)\\b(?<=(?:n${A}t|\\bnot|\\bnever)\\s+(?:\\w+\\s+)?\\w+(?:\\s+(?:up|out))?)|\\bdifferent\\s+(?:numbers|totals|figures|answers)\\b|\\bargu(?:e|es|ing|ments?)\\s+(?:about|over)\\b`,
    'says the numbers do not agree',
    1.5,
    false,
  ),
]
