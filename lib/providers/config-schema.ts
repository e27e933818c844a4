import 'server-only';
import { z } from 'zod';
import { PROTOCOLS } from '@/lib/protocols/ids';

/** A model's prices in US dollars per million tokens, and its context window: for gateways and private models, or to override the catalog. */
export const ModelPriceSchema = z
  .object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cachedInput: z.number().nonnegative().optional(),
    cacheWrite: z.number().nonnegative().optional(),
    contextWindow: z.number().int().positive().optional(),
  })
  .strict();

/** The providers file (`SLUICE_CONFIG`), as contract.md describes it. */
export const ProviderConfigSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-" only'),
    name: z.string().min(1).optional(),
    protocol: z.enum(PROTOCOLS),
    baseUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
    path: z.string().startsWith('/', 'must start with "/"').optional(),
    apiKey: z.string().min(1).optional(),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name')
      .optional(),
    headers: z.record(z.string(), z.string()).optional(),
    models: z.array(z.string().min(1)).optional(),
    /** After a broken connection, ask again with Last-Event-ID ("last-event-id", the default, used once the stream's events carried ids) or not ("off"). */
    resume: z.enum(['last-event-id', 'off']).optional(),
    /** A cassette the recording proxy uses for every request to this provider (docs/contract.md "Cassettes"). */
    cassette: z
      .object({
        name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'use letters, digits, ".", "_" and "-" only'),
        mode: z.enum(['record', 'playback', 'hybrid']),
        pace: z
          .string()
          .regex(/^(recorded|instant|\d+(\.\d+)?x)$/, 'use "recorded", "instant" or a multiple such as "2x"')
          .optional(),
      })
      .strict()
      .optional(),
    /** Prices per model id, over the catalog's. */
    prices: z.record(z.string().min(1), ModelPriceSchema).optional(),
  })
  .strict();

export const SluiceConfigSchema = z
  .object({
    providers: z.array(ProviderConfigSchema),
  })
  .strict();

export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
export type SluiceConfig = z.infer<typeof SluiceConfigSchema>;
