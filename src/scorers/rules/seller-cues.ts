/**
 * How people write about business software from a seller's point of view, beyond the buying and complaint cues of
 * buying-cues.ts and pain-cues.ts (docs/model.md#the-rules-scorer): a team choosing a product, a customer leaving
 * one, a practitioner's question, and the kinds of post that only talk about a product (launches, job posts,
 * tutorials); the everyday pain of work done by hand is in work-pain-cues.ts. General phrases, written from how people write; not taken from any
 * evaluation data.
 */
import { A, type Cue, cue } from './cue'

/** A team choosing or about to adopt a product: added to the buying cues (ACTIVE). */
export const CHOOSING_CUES: readonly Cue[] = [
  cue(
    `\\bshort-?list(?:ed|ing)?\\b|\\b(?:deciding|choosing|torn|picking)\\s+between\\b|\\bnarrow(?:ed|ing)\\s+(?:it\\s+)?down\\s+to\\b|\\bhelp\\s+(?:me|us)\\s+(?:choose|pick|decide)\\b|\\bwhich\\s+(?:one\\s+)?(?:is|would\\s+be)\\s+(?:better|best|cheaper|easier)\\b|\\b(?:decide|choose|pick)\\b(?<=\\b(?:need|have|got)\\s+to\\s+\\w+)|\\bhow\\s+much\\s+(?:does|do|would|will|is|are)\\s+(?:[\\w.-]+\\s+){1,5}?(?:cost|charge)\\b`,
    'is choosing between products',
    2,
  ),
  cue(
    `\\b(?:about|trying|need|have|going|want|planning|ready)\\s+to\\s+(?:choose|pick|select|roll\\s+out|adopt|implement|stand\\s+up|set\\s+up|buy|get)\\s+(?:a|an|the|our|one|some|proper|something)\\s+(?:new\\s+|proper\\s+|real\\s+|dedicated\\s+)?(?:[\\w-]+\\s+){0,2}?(?:tool|app|software|platform|vendor|provider|system|solution|service|crm|helpdesk|stack|option|warehouse|product)s?\\b`,
    'is about to choose one',
    1.5,
  ),
  cue(
    `\\bwhat\\s+(?:[\\w-]+\\s+){0,3}?(?:do|does|did|are|is)\\s+(?:you|y${A}all|people|folks|everyone|others|teams|companies|[\\w-]+\\s+(?:teams|companies|centers|shops|agencies|firms|startups))\\s+(?:all\\s+|guys\\s+)?(?:use|using|running|run|recommend|pick|go\\s+with)\\b|\\bwho\\s+(?:have|do|did|would)\\s+you\\s+(?:used?|recommend|go\\s+with|pick)\\b`,
    'asks what others use',
    1.5,
  ),
  cue(
    `\\b(?:suggestions?|recommendations?|recs|pointers|tips)\\s+(?:are\\s+|very\\s+|much\\s+|most\\s+)*(?:welcome|appreciated)\\b|\\b(?:vendors?|sales\\s*(?:people|reps?))\\s*[:,]?\\s+(?:please\\s+)?(?:dm|pm|message|email|contact)\\b|\\binclude\\s+(?:your\\s+)?(?:pricing|prices|a\\s+quote)\\b`,
    'invites offers',
    2,
  ),
  cue(
    `\\b(?<=(?:^|[.!?\\n])\\s*)(?:need|needs|needing|want|looking\\s+for)\\s+(?:an?|some)\\s+(?:good\\s+|new\\s+|simple\\s+|cheap\\s+|decent\\s+)?[\\w-]+`,
    'states a need',
    1.5,
  ),
  cue(
    `\\b(?:budget|go-ahead|green\\s+light|sign-?off)\\s+(?:is\\s+|was\\s+|has\\s+been\\s+|got\\s+|just\\s+|finally\\s+)*(?:approved|signed\\s+off|allocated|freed\\s+up|in\\s+place)\\b|\\b(?:approved|given|got)\\s+(?:the\\s+|a\\s+)?(?:budget|go-ahead|green\\s+light)\\b`,
    'has a budget approved',
    2,
  ),
  cue(
    `\\b(?:replac(?:e|ing)|mov(?:e|ing)|migrat(?:e|ing)|upgrad(?:e|ing))\\s+(?:our|my)\\s+(?:[\\w-]+\\s+){0,3}?(?:to|into|with|by)\\s+(?:something|a\\s+(?:proper|real|dedicated)|an?\\s+\\w+\\s+(?:tool|app|system|platform))|\\b(?:want|need|trying)\\s+to\\s+(?:stop|get\\s+off|get\\s+away\\s+from)\\s+\\w+ing\\b`,
    'wants to replace how it is done',
    1.5,
  ),
  cue(
    `\\b(?:which|what)\\s+(?:[\\w-]+\\s+){0,2}?(?:tool|app|software|service|platform|provider|vendor|solution|system|crm|helpdesk)s?\\s+(?:is|are|do|does|should|would|can|handles?|supports?|works?|lets?)\\b`,
    'asks which product fits',
    1.5,
  ),
  cue(
    `\\bbefore\\s+(?:i|we)\\s+(?:start|sign|commit|buy|choose|pick)\\b|\\b(?:start(?:ing)?|begin(?:ning)?)\\s+(?:the|a|our)\\s+(?:free\\s+)?trial\\b|\\bdeal-?breaker\\b|\\bmust-haves?\\b|\\brequirements?\\s*:`,
    'states buying requirements',
    1.5,
  ),
  cue(
    `\\blooking\\s+to\\s+(?:buy|adopt|implement|switch|move|replace|invest\\s+in|bring\\s+in|roll\\s+out)\\b|\\b(?:in\\s+search\\s+of|on\\s+the\\s+hunt\\s+for|need\\s+help\\s+(?:choosing|finding|picking))\\b|\\bwhat\\s+would\\s+you\\s+(?:use|recommend|pick|choose|go\\s+with)\\b|\\bwho\\s+do\\s+you\\s+(?:use|recommend)\\b|\\bwhich\\s+(?:[\\w-]+\\s+)?would\\s+you\\s+(?:pick|use|choose|recommend|go\\s+with)\\b|\\b(?:i|we)\\s+(?:really\\s+|urgently\\s+)?(?:need|want)\\s+(?:[\\w-]+\\s+){0,3}?(?:software|tool|app|platform|system|solution|provider)\\b|\\b(?:rfp|request\\s+for\\s+proposals?)\\b|\\bis\\s+(?:it|\\w+)\\s+worth\\s+(?:it|paying|the\\s+(?:money|price|upgrade))\\b`,
    'is shopping for one',
    1.5,
  ),
  // "Time to get a proper helpdesk", "drop your recs", "open to anything", "looking into booking apps".
  cue(
    `\\btime\\s+(?:to|for\\s+us\\s+to)\\s+(?:get|find|buy|pick|choose|invest\\s+in|move\\s+to|switch\\s+to)\\s+(?:a|an|some|proper|real|dedicated)\\b|\\b(?:drop|throw)\\s+(?:me\\s+)?(?:your\\s+)?(?:suggestions?|recommendations?|recs|favou?rites?|picks)\\b|\\bopen\\s+to\\s+(?:anything|suggestions|ideas|options|recommendations)\\b|\\blooking\\s+(?:into|at)\\s+(?:[\\w-]+\\s+){0,3}?(?:tools|apps|software|platforms|options|solutions|vendors|providers|systems|services)\\b`,
    'is shopping for one',
    1.5,
  ),
]

/** Leaving a product: with a competitor named, the post is COMPETITOR; alone it is buying intent. */
export const LEAVING_CUES: readonly Cue[] = [
  cue(
    `\\b(?:mov|migrat|switch|port)(?:e|es|ed|ing|ion)?\\s+(?:\\S+\\s+){0,5}?(?:off(?:\\s+of)?|away\\s+from|somewhere\\s+else|elsewhere)\\b|\\bexit\\s+plan\\b|\\b(?:migrat|switch|mov)(?:ed|ing)\\s+(?:from|to|(?:\\S+\\s+){1,3}?over)\\b`,
    'is leaving a product',
    2,
  ),
  cue(
    `\\b(?:we${A}re|i${A}m|we\\s+are|i\\s+am|we${A}ve|i${A}ve|finally|been|are|am)\\s+(?:\\w+\\s+)?(?:leaving|ditching|dumping|dropping|ripping|replacing|cancel+ing|abandoning|phasing\\s+out|sunsetting)\\b|\\brip(?:ping)?\\s+(?:it|them)\\s+out\\b`,
    'is leaving a product',
    2,
  ),
  cue(
    `\\b(?:stop(?:ped|s)?|quit|done|finished)\\s+(?:using|paying(?:\\s+for)?)\\b|\\b(?:convince|persuade)\\s+(?:\\w+\\s+){1,3}to\\s+stop\\b`,
    'stops using a product',
    2,
  ),
  cue(
    `\\b(?:not|won${A}t|aren${A}t|isn${A}t|never)\\s+(?:[\\w'’]+\\s+){0,3}?renew(?:ing|al)?\\b|\\b(?:look(?:ing)?\\s+(?:at|for|into)|evaluat\\w+|consider\\w*|(?:getting|get|requesting|collecting)\\s+(?:quotes|demos|pricing)\\s+from|mov\\w+\\s+(?:\\w+\\s+){0,3}?to|switch\\w*\\s+to|pric(?:e|ing)\\s+out)\\s+(?:\\w+\\s+){0,2}?(?:(?:other|different|another|cheaper|simpler)\\s+\\w+|alternatives?\\b)`,
    'looks at other products',
    2,
    false,
  ),
  cue(
    `\\bworth\\s+staying\\b|\\bshould\\s+(?:we|i)\\s+(?:stay|leave|switch|jump\\s+ship)\\b|\\b(?:everyone|people)\\s+(?:else\\s+)?(?:moving|leaving|switching|jumping\\s+ship)\\b`,
    'weighs leaving a product',
    1.5,
  ),
  cue(
    `\\b(?:thinking|thought)\\s+(?:about|of)\\s+(?:leaving|dropping|switching|moving|cancel+ing|ditching|replacing)\\b|\\bregret\\w*\\s+(?:choosing|picking|buying|going\\s+with|signing\\s+up)\\b|\\b(?:keeps?|kept)\\s+(?:raising|increasing|hiking)\\b`,
    'is leaving a product',
    1.5,
  ),
]

/** A practitioner's question: how others do it, what something means. Added to the question cues. */
export const ASKING_CUES: readonly Cue[] = [
  cue(
    `\\b(?:do|does|did|would|should)\\s+(?:you|y${A}all|people|teams|folks|others|everyone|most\\s+\\w+)\\s+(?:all\\s+|guys\\s+)?(?:handle|keep|use|put|track|manage|deal|reserve|structure|organi[sz]e|version|name|set|measure|estimate|prefer|approach|do)\\b`,
    'asks how others do it',
    1.5,
  ),
  cue(
    `\\b(?:curious|wondering)\\s+(?:how|what|whether|if|about|which|why)\\b|\\btrying\\s+to\\s+(?:understand|figure\\s+out|work\\s+out|get\\s+my\\s+head\\s+around)\\b|\\b(?:can|could)\\s+(?:some\\s*one|any\\s*one|you)\\s+explain\\b|\\bdifference\\s+between\\b|\\b(?:question|q)\\s*:|\\bask\\s+hn\\b`,
    'asks to understand',
    1.5,
  ),
  cue(
    `\\bis\\s+there\\s+a\\s+(?:clean|good|simple|better|standard)?\\s*way\\s+to\\b|\\bwhat${A}?s?\\s+(?:is\\s+)?the\\s+(?:best|right|correct|proper|recommended|cleanest|easiest)\\s+(?:way|practice|approach|pattern)\\b|\\bbest\\s+practices?\\b|\\bany\\s+(?:tips|advice)\\b|\\bhow\\s+(?:do|can|should|would)\\s+(?:you|one)\\s+(?:set\\s+up|configure|handle|model|structure|implement|estimate|track|measure|test|design|name|calculate|integrate|automate|version|organi[sz]e)\\b|\\bhow\\s+(?:do|can|should|would|could)\\s+(?:i|we)\\s+(?!(?:get|cancel|contact|reach|speak|talk|claim|complain|return)\\b)[a-z]+|\\bdoes\\s+(?:it|this|that|the\\s+\\w+)\\s+(?:support|work\\s+with|handle|integrate)\\b`,
    'asks how to do it',
    1.5,
  ),
  // A sentence that opens with its verb and ends in a question mark: "do in-app banners get more clicks?"
  cue(
    `\\b(?<=(?:^|[.!?:\\n])\\s*)(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have)\\s+[^.!?\\n]{3,160}\\?`,
    'asks a yes-or-no question',
    1,
  ),
]

/**
 * Posts that only talk about a product: a vendor's launch, a job post, a tutorial, an answer, a write-up. They describe
 * problems and ask questions without having them, so they count against PAIN and QUESTION.
 */
export const GENRE_CUES: readonly Cue[] = [
  cue(
    `\\b(?:launch|show)\\s+hn\\b|\\b(?:we${A}re|we\\s+are|we${A}ve|we\\s+have|just)\\s+(?:launching|launched|building|built|shipped|released|releasing|announcing|open-?sourcing|open-?sourced)\\b|\\b(?:introducing|announcing|now\\s+available|(?:happy|excited|thrilled|proud)\\s+to\\s+(?:announce|share|launch|introduce))\\b|\\b(?:speaking|presenting|talking)\\s+at\\b|\\bcome\\s+say\\s+hi\\b`,
    'announces a product',
    1.5,
  ),
  cue(
    `\\b(?:we${A}re|we\\s+are|now)\\s+hiring\\b|\\bjoin\\s+(?:our|the)\\s+team\\b|\\b(?:you${A}ll|you\\s+will)\\s+(?:own|build|work|lead)\\b|\\byou\\s+have\\s*:|\\bapply\\s+(?:here|now|via|at)\\b`,
    'is a job post',
    1.5,
  ),
  cue(
    `\\b(?:tutorial|walkthrough|step-by-step|chapters\\s*:|(?:in\\s+this|this)\\s+(?:guide|post|article|video|write-?up)\\s+(?:i|we|covers|shows|explains)|here${A}s\\s+how|(?:blog|engineering)\\s+post|write-?up|release\\s+notes|changelog|psa\\b|pro\\s+tip|quick\\s+tip|answer\\s*:|awesome\\s+list|a\\s+curated\\s+list)`,
    'teaches or reports',
    1.5,
  ),
]
