// What a scorer is asked to judge, for the places that describe it to callers (the OpenAPI description of the score
// route, the MCP tool's description): they read it here rather than from a scorer's prompt
// (docs/scoring.md#the-prompt).
export { INTENT_DEFINITIONS, SCORE_BANDS, SCORING_GUIDE } from '../../scorers/prompt'
export { Intent, intentGiven } from '../../scorers/types'
