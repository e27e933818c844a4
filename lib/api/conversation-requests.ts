/** The bodies and queries of the conversation routes, declared once (docs/contract.md). */
import { z } from 'zod';
import { BlindSeatSchema } from './blind';

export const MAX_TITLE_LENGTH = 200;

const Title = z.string().trim().min(1, 'must not be empty').max(MAX_TITLE_LENGTH);

/** GET /api/conversations?q=&cursor=&limit= (the cursor's own check is the server's: it knows its format). */
export const ListQuerySchema = z
  .object({
    q: z.string().max(500).optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

/** PATCH /api/conversations/{id}. */
export const RenameSchema = z.object({ title: Title }).strict();
export type RenameBody = z.input<typeof RenameSchema>;

/**
 * POST /api/compares. `blind`: the models of a blind race, seated by the server at random;
 * the answer names only their labels.
 */
export const NewCompareSchema = z.object({ title: Title, blind: z.array(BlindSeatSchema).min(2).max(6).optional() }).strict();
export type NewCompareBody = z.input<typeof NewCompareSchema>;
