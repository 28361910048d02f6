/**
 * What a person calls the scorer a `scorer.backend` names, for lines people read (the CLI, `scorer check`, logs'
 * messages, source health's notes): the id stays in config keys and JSON values, where a program reads it. "openai"
 * is any server that speaks OpenAI's API (vLLM, the llama.cpp server, LM Studio), rarely OpenAI itself.
 */
export const scorerWords = (backend: string) =>
  backend === 'ollama'
    ? 'the Ollama model server'
    : backend === 'openai'
      ? 'the OpenAI-compatible server'
      : 'the embedded scorer'
