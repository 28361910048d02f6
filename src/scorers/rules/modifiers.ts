/**
 * Modifiers: they strengthen a score but never decide the intent. BUDGET_RE is an amount; the word "budget" is an ACTIVE
 * cue. An amount without a currency sign starts only where a number starts (not after a digit, comma or point): from
 * every digit of "1,0,0,…" the run would be scanned again to its end, quadratic in its length (docs/model.md#performance).
 */
export const BUDGET_RE =
  /(?:[$€£]\s?\d[\d,.]*\s?[km]?\b(?:\s?(?:\/|per|a|an)\s?(?:mo|month|yr|year|seat|user|license|licence)\b)?|(?<![\w,.])\d[\d,.]*\s?(?:usd|eur|gbp|dollars|euros|bucks)\b)/gi
export const URGENCY_RE =
  /\b(?:asap|a\.s\.a\.p|urgent(?:ly)?|right\s+away|immediately|as\s+soon\s+as\s+possible|this\s+week|by\s+(?:tomorrow|monday|tuesday|wednesday|thursday|friday|end\s+of\s+(?:the\s+)?(?:day|week|month|quarter))|deadline|need\s+it\s+(?:now|today|yesterday))\b/gi
export const TEAM_SIZE_RE =
  /\b(?:(?:team|company|org|organi[sz]ation|staff|agency|startup)\s+of\s+(?:about\s+|around\s+|~\s?)?\d+|\d+[\s-]?(?:person|people|member|employee|seat|user|rep|agent|developer|dev|engineer|salespeople|sales\s+reps?)s?)\b/gi

/** Words that join others: never a name, in a frame's place for one ("looking at alternatives") or capitalised. */
const JOINING_WORDS = 'at in on of to into onto about from by as per via over under up out off for with'

/** Words that can follow "switching from", "alternative to" etc. without naming a product. */
export const GENERIC_NAMES: ReadonlySet<string> = new Set(
  (
    'a an the it this that these those them they one ones my our your their his her its me us you him what which ' +
    'something anything everything nothing some any all another other others here there now then today ' +
    'tool tools app apps software platform platforms service services solution solutions product products system ' +
    'systems provider providers vendor vendors company companies subscription subscriptions account accounts plan plans ' +
    'contract membership job jobs work home place stuff thing things way ways option options version current old ' +
    'existing legacy new free paid cheap cheaper expensive proper real good better best decent solid simple simpler ' +
    'similar viable manual manually paper email emails spreadsheet spreadsheets excel ' +
    'sheet sheets hand habit phone phones laptop computer internet wifi bank job doing using trying being having ' +
    'so too very really just still even also not yes no ok okay please thanks thank lol omg and or but if ' +
    JOINING_WORDS
  ).split(' '),
)

/**
 * Capitalised words that start sentences or carry no product name; a capitalised word outside this set, an @handle
 * or a dotted/CamelCase token next to a complaint is taken as a product name.
 */
export const COMMON_CAPS: ReadonlySet<string> = new Set(
  (
    'i im ive id ill the this that these those it its my our your we you they he she his her their a an and but or so ' +
    'if when why what how where who which just still again really seriously ugh wow omg lol wtf smh ok okay hey hi ' +
    'hello thanks thank please sorry yes no not never always today yesterday tomorrow tonight now then also even ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december is are was were be been do does did can could would should will wont cant ' +
    'dont doesnt isnt didnt there here all every everything nothing something anyone someone everyone nobody after ' +
    'before since because while guys folks team customer service support help dear update edit ps tbh imo fyi btw ' +
    `${JOINING_WORDS} ` +
    // Kinds of business and teams, written like names ("SaaS", "RevOps") without being one.
    'saas paas iaas devops revops salesops finops secops mlops gitops devsecops martech fintech edtech adtech ' +
    'proptech insurtech healthtech devrel ecommerce'
  ).split(' '),
)

/** Words that carry no topical signal when matching ICP profiles. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her here ' +
    'hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other ' +
    'our ours out over own same she should so some such than that the their theirs them then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself im ive id ill dont cant wont isnt doesnt didnt get got gets getting make makes made use ' +
    'used uses using need needs want wants like looking look find help new good best better one two lot lots thing ' +
    'things really still even much many any anyone someone something every everyone people way ways know think going ' +
    'go way day time year years today also etc via per yes ok okay thanks please who whose us let lets want http https www com'
  ).split(' '),
)
