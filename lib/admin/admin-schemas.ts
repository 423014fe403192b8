import { z } from "zod";
// Inputs of the administration API, validated in the handlers.

/** A page's or user's id in the path (cuid; 404 when no such row). */
export const adminTargetParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
