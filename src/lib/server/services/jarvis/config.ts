import { z } from 'zod';

/** The study assistant's model: the environment variables it reads (config.ts collects every domain's). */
export const JarvisConfigSchema = z.object({
  /** An OpenAI-compatible chat-completions server for the study assistant (`…/v1`); unset: the assistant answers from the data alone. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1' }).transform((url) => url.replace(/\/+$/, '')).optional(),
  /** Its key (local servers such as Ollama need none). */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** How long the model may take to answer (ms) before the assistant answers from the data instead. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Model calls per person and per site in an hour; past them, the answer comes from the data alone (chat: 429). */
  AI_MAX_PER_USER_HOUR: z.coerce.number().int().min(0).default(20),
  AI_MAX_PER_SITE_HOUR: z.coerce.number().int().min(0).default(2000),
});

/** A model needs its server and its name. */
export function checkJarvisConfig(env: z.infer<typeof JarvisConfigSchema>, context: z.RefinementCtx): void {
  if (Boolean(env.AI_BASE_URL) !== Boolean(env.AI_MODEL)) context.addIssue({ code: 'custom', path: [env.AI_BASE_URL ? 'AI_MODEL' : 'AI_BASE_URL'], message: 'AI_BASE_URL and AI_MODEL go together' });
}
