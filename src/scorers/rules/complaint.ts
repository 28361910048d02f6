/**
 * General complaint rules beyond single complaint words (pain-cues.ts PAIN_CUES). A complaint says that the writer's
 * expectations of a product or service were breached; besides "broken" or "terrible" people say it with:
 *  - a question about something they are owed or a failure that goes on ("where is my refund", "how much longer");
 *  - a comparison with how things were or were promised ("used to work", "no longer", "I was told", "supposed to");
 *  - a first-person need for a remedy ("I want a refund", "I need someone to help", "please fix this");
 *  - blame addressed to the company ("you cancelled", "you lost my bag"), or contact tried again and again;
 *  - a failure of service stated plainly ("no signal", "two hours late", "having trouble", "I was charged");
 *  - frustration shown rather than said (an angry emoji or emoticon).
 * Weaker signs only add up: a stake of the writer's own ("my order", "my account"), time that has passed ("for three
 * days", "since Monday", "still"), a negated verb, a question mark, the company's service addressed as "your", words
 * in capitals. Thanks for something done and praise ("love it", a smiling emoji), not negated, count against a
 * complaint.
 *
 * Every expression is compiled once; the phrases are general knowledge of how customers write to companies, not taken
 * from any evaluation data.
 */
import { A, type Cue, cue } from './cue'
import type { CueHit } from './hits'

const DURATION = `(?:minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?)`
const SMALL_NUMBER = `(?:\\d+|an?|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|several|few|many)`

/** Complaint frames: each can decide PAIN on its own (weight ≥ 1). */
export const COMPLAINT_FRAMES: readonly Cue[] = [
  cue(
    `\\bwhere(?:${A}s|\\s+is|\\s+are|\\s+the\\s+hell\\s+is)\\s+(?:my|our)\\b` +
      `|\\bwhen\\s+(?:will|can|do|am|are|shall)\\s+(?:i|we)\\s+(?:ever\\s+|finally\\s+)?(?:be\\s+(?:refunded|contacted|compensated|able\\s+to)|get\\s+(?:my|our|a|an|the)|receive|hear\\s+back)\\b` +
      `|\\bwhen\\s+(?:will|is|are)\\s+(?:it|this|that|they|my\\s+\\w+|our\\s+\\w+|the\\s+\\w+|your\\s+\\w+)\\s+(?:ever\\s+|finally\\s+)?(?:be\\s+)?(?:fixed|back\\s+(?:up|on|online)|working|resolved|sorted|restored|refunded)\\b` +
      `|\\bhow\\s+(?:much\\s+longer|many\\s+more\\s+(?:times|days|hours|weeks|calls|emails))\\b` +
      `|\\bhow\\s+long\\s+(?:do|does|will|must|should|am|are)\\s+(?:i|we)\\s+(?:have\\s+to\\s+|need\\s+to\\s+)?(?:wait|keep|be\\s+on\\s+hold)\\b` +
      `|\\bwhat\\s+(?:happened|(?:is|${A}s)\\s+(?:going\\s+on|happening|wrong))\\s+(?:to|with)\\b`,
    'asks about something owed or a failure that goes on',
    1.5,
    false,
  ),
  cue(
    `\\bused\\s+to\\s+(?:be|work|have|get|love|like)\\b|\\bno\\s+longer\\b|\\b(?:gone|went|going)\\s+(?:down\\s*hill|to\\s+(?:hell|crap|shit))\\b` +
      `|\\bworse\\s+(?:than\\s+(?:ever|before|last)|and\\s+worse|every|each|by\\s+the)\\b|\\bnot\\s+what\\s+(?:it|they|you)\\s+used\\s+to\\b|\\b(?:worse|slower|buggier|pricier|expensive)\\b(?<=\\b(?:gotten|getting|got|become|became|gone)\\s+(?:\\w+\\s+)?(?:more\\s+)?\\w+)` +
      // "n't … any more", read from "any more" back, so that the cue starts on a word (match.ts).
      `|\\bany\\s*more\\b(?<=(?:n[’']t|\\bnot|\\bnever|\\bno)\\s+(?:\\w+\\s+){0,4}any\\s*more)`,
    'compares with how it used to be',
    1.5,
    false,
  ),
  cue(
    `\\bsupposed\\s+to\\b|\\bshould\\s+(?:have|${A}ve|of)\\s+(?:been|arrived|received|got|gotten|come|had|known)\\b` +
      `|\\b(?:was|were|been|got)\\s+(?:told|promised|assured|guaranteed)\\b|\\byou\\s+(?:guys\\s+)?(?:said|promised|told\\s+(?:me|us)|claimed|advertised)\\b` +
      `|\\b(?:i|we)\\s+(?:paid|pay|am\\s+paying|are\\s+paying)\\s+(?:for|good\\s+money|[$£€]|\\d)`,
    'says what was promised or paid for',
    1.5,
    false,
  ),
  cue(
    `\\b(?:please|pls|plz|kindly)\\s+(?:just\\s+)?(?:fix|sort|refund|respond|reply|answer|resolve|look\\s+into|get\\s+back|call\\s+me|contact\\s+me|explain|do\\s+something|help)\\b` +
      `|\\bfix\\s+(?:this|it|your|the\\s+(?:issue|problem|bug|app|site|website))\\b|\\bsort\\s+(?:it|this)\\s+out\\b|\\bdo\\s+something\\s+about\\b|\\b(?:money|cash)\\s+back\\b` +
      `|\\b(?:i|we)\\s+(?:just\\s+|really\\s+|still\\s+)?(?:want|need|demand|expect|deserve|am\\s+owed|are\\s+owed)\\s+(?:a\\s+|an\\s+|my\\s+|our\\s+|some\\s+|full\\s+|proper\\s+)?(?:refund|compensation|apology|explanation|answer|response|reply|replacement|credit|money|help|assistance|someone\\s+to)\\b`,
    'needs a remedy',
    1,
  ),
  cue(
    `\\byou(?:\\s+guys|\\s+people|${A}ve|\\s+have|\\s+just|\\s+still|\\s+even)?\\s+(?:lost|cancel{1,2}ed|overcharged|charged\\s+(?:me|us)|ruined|messed\\s+up|screwed\\s+up|ignored|ignore|sent\\s+(?:me\\s+|us\\s+)?(?:the\\s+|a\\s+)?wrong|delayed|failed|took\\s+my|keep\\s+\\w+ing)\\b`,
    'blames the company',
    1.5,
  ),
  cue(
    `\\b(?:called|emailed|e-mailed|messaged|tweeted|dm${A}?(?:e)?d|contacted|rang|phoned|chatted\\s+with|spoken\\s+to|spoke\\s+to|complained|asked|tried)\\s+(?:you\\s+|them\\s+|(?:your|the)\\s+\\w+\\s+)?(?:\\d+|two|three|four|five|six|several|multiple|many|numerous|countless)\\s+times\\b` +
      `|\\b(?:(?:third|fourth|fifth|sixth|\\d+(?:rd|th))\\s+time|(?:speak|talk)\\s+to\\s+(?:a|your|the)\\s+(?:manager|supervisor|human|real\\s+person))\\b`,
    'has tried again and again',
    1.5,
  ),
  cue(
    // Read from "late" back, so that the cue is tried at these words rather than at every "a" (word-index.ts).
    `\\b(?:late|delayed|behind)\\b(?<=\\b${SMALL_NUMBER}\\s+(?:\\w+\\s+)?${DURATION}\\s+\\w+)` +
      `|\\b(?:having|had|have|has|got|getting)\\s+(?:\\w+\\s+)?(?:trouble|difficulty|difficulties)\\b|\\b(?:was|were|been|got|being)\\s+(?:charged|billed)\\b`,
    'reports a failure of service',
    1,
  ),
  // Carries its own negation, so a "no" inside it does not cancel it.
  cue(
    `\\bno\\s+(?:service|signal|internet|power|wifi|wi-fi|connection|network|hot\\s+water|heating|heat|reception)\\b`,
    'reports no service',
    1,
    false,
  ),
  cue(
    `\\bhow\\s+(?:is\\s+(?:this|that|it)\\s+(?:fair|acceptable|ok|okay|reasonable|legal|allowed|right)|can\\s+(?:you|they)\\s+(?:charge|justify|call|get\\s+away))\\b` +
      `|\\b(?:worse|slower|buggier|less\\s+reliable)\\s+than\\b`,
    'asks how that can be fair or compares unfavourably',
    1.5,
    false,
  ),
  cue(
    `(?:😡|😠|🤬|😤|😒|🙄|😩|😫|😖|😣|😞|👎|🤦)|(?<=^|\\s)(?:>?:-?\\(+|:-?[/\\\\](?!/)|-_-|D:)(?=\\s|$)`,
    'shows frustration',
    1,
    false,
  ),
]

/** Weak signs of a complaint: 0.5 each, so two are needed, or one next to a complaint cue. */
export const COMPLAINT_SUPPORT: readonly Cue[] = [
  cue(
    `\\b(?:my|our)\\s+(?:\\w+\\s+)?(?:order|package|parcel|delivery|shipment|refund|account|bill|invoice|payment|card|subscription|booking|reservation|flight|ticket|luggage|bag|suitcase|claim|item|purchase|money|internet|connection|service|appointment|warranty|repair|return|case|router|contract|points|voucher|coupon|credit)s?\\b`,
    'has a stake of their own',
    0.5,
    false,
  ),
  cue(
    `\\b(?:for|over|after)\\s+(?:over\\s+|more\\s+than\\s+|almost\\s+|nearly\\s+)?${SMALL_NUMBER}\\s+(?:\\w+\\s+)?${DURATION}\\b` +
      `|\\bsince\\s+(?:yesterday|last\\s+\\w+|this\\s+morning|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\\d)` +
      // "three days now", read from "now" back (see above); "… and still" is the "still" below.
      `|\\b(?:now|later)\\b(?<=\\b${SMALL_NUMBER}\\s+${DURATION}\\s+\\w+)|\\bago\\s+and\\b(?<=\\b${SMALL_NUMBER}\\s+${DURATION}\\s+ago\\s+and)|\\ball\\s+(?:day|week|weekend|night|morning|afternoon)\\b|\\bstill\\b`,
    'says how long it has gone on',
    0.5,
    false,
  ),
  // Written "n't" first and checked behind: the engine then skips every position that is not an "n" (three times
  // faster than trying each negated verb at every word).
  cue(
    `(?:n(?:${A}t|ot)|\\bnever)\\b(?<=\\b(?:(?:ca|could|wo|would|should|must|need|did|does|do|have|has|had|is|are|was|were|ai)n${A}t|cannot|never|not))` +
      `(?!\\s+(?:only|just|bad|sure|wait|worry|forget|miss|hesitate|to\\s+mention|that\\s+bad|too\\s+bad))`,
    'uses a negation',
    0.5,
    false,
  ),
  cue(`\\?`, 'asks a question', 0.5, false),
  cue(
    `\\byour\\s+(?:\\w+\\s+)?(?:service|support|app|website|site|staff|system|store|team|agents?|drivers?|company)\\b`,
    'addresses the company',
    0.5,
    false,
  ),
]

/** Words in capitals ("STILL NOT FIXED"): two in a row, each of two letters or more, and at least one of three. */
const SHOUTING = /(?<![\w@#])(?:[A-Z]{3,}\s+[A-Z]{2,}|[A-Z]{2,}\s+[A-Z]{3,})(?![\w])/g

/**
 * Thanks for something done and praise, not negated ("not happy" is no praise). A bare "thanks" is left out: a
 * complaint to a company often ends politely ("…still no refund, thanks"). "Thanks for nothing" and "love how…" are
 * sarcasm and are not praise either.
 */
export const PRAISE: readonly Cue[] = [
  cue(
    `\\b(?:thanks|thank\\s+you|thx|ty)\\s+(?:so\\s+much\\s+|very\\s+much\\s+|again\\s+)?(?:for|to)\\s+(?:the\\s+|your\\s+|a\\s+|all\\s+)?(?:quick|fast|prompt|speedy|swift|great|help|helping|reply|replying|response|support|fix|fixing|sort|sorting|resolv|getting|sending|replacing|refund|update|info|letting|sharing|coming|having|being|making\\s+(?!me\\b))` +
      `|\\b(?:appreciate\\s+(?:it|the|your|you)|grateful)\\b` +
      `|\\b(?:it|this|that|everything|problem|issue|all)\\s+(?:is\\s+|was\\s+|has\\s+been\\s+|got\\s+|${A}s\\s+)?(?:(?:now\\s+)?(?:fixed|resolved|sorted)|working\\s+(?:again|now|fine|perfectly))\\b(?![^.!\\n]{0,20}\\?)`,
    'thanks for something done',
    1,
  ),
  cue(
    `\\b(?:loves?(?!\\s+(?:how|when|that|it\\s+when|being|waiting|paying))|loving|loved|thrill(?:ed)?|delighted|chef${A}s\\s+kiss|game[\\s-]changer|life\\s*saver|worth\\s+it|stress-free|yay)\\b`,
    'loves it',
    1,
  ),
  cue(
    `\\b(?:great|awesome|amazing|excellent|fantastic|perfect|brilliant|wonderful|best|happy|glad|enjoy(?:ed|ing)?|congrat\\w*|beautiful|favou?rite|excited|lovely|impressed|yay)\\b`,
    'praises',
    1,
  ),
  cue(`(?:😍|😊|🙂|😀|😁|😃|😄|❤|💕|💯|👍|🎉|😘|🥰|💙|💜|💚|♥)|(?<=^|\\s):-?[)D](?=\\s|$)`, 'smiles', 1, false),
  // A rating of four or five out of five.
  cue(`\\b(?<![\\d.])[45]\\s?/\\s?5(?![\\d.])`, 'rates it highly', 1, false),
]

/** Praise lowers the complaint evidence by at most this much: a warm word does not cancel a clear complaint. */
const PRAISE_CAP = 1.5

/** Words in capitals, as a weak sign of a complaint, or null. */
export function shouting(text: string): CueHit | null {
  SHOUTING.lastIndex = 0
  const shout = SHOUTING.exec(text)
  return shout ? { what: 'shouts', text: shout[0], w: 0.5, index: shout.index } : null
}

/** How much the thanks and praise found (hits of PRAISE) count against a complaint, at most PRAISE_CAP. */
export function praiseWeight(hits: readonly CueHit[]): number {
  let praise = 0
  for (const h of hits) praise += h.w
  return Math.min(PRAISE_CAP, praise)
}
