import { z } from "zod";
import { insightsStrings } from "@/lib/strings/insights";

const strings = { insights: insightsStrings };

// Shared by the handlers and the /dashboard/stats page.

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** ?days=7|30|90 (default 30); anything else is 400. */
export const statsQuerySchema = z.object({
  days: z
    .enum(["7", "30", "90"], { error: strings.insights.invalidDays })
    .default("30")
    .transform((v) => Number(v) as Period),
});

export function parseStatsQuery(req: Request) {
  const days = new URL(req.url).searchParams.get("days");
  return statsQuerySchema.parse({ days: days ?? undefined });
}

/**
 * The beacon's optional body: {"referrer": "…", "id": "…"} as JSON, or the
 * referrer itself as text. The id is the client's random name for this one
 * count: a retry carrying it again is counted once (lib/stats/count-store.ts).
 */
export const countBodySchema = z.object({
  referrer: z.string({ error: strings.insights.invalidReferrer }).max(2048, strings.insights.invalidReferrer).optional(),
  id: z
    .string({ error: strings.insights.invalidCountId })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, strings.insights.invalidCountId)
    .optional(),
});
export type CountBody = z.infer<typeof countBodySchema>;

/** Bytes a count body may have (a referrer is at most 2 KB). */
export const COUNT_BODY_LIMIT = 4096;

export const viewParamsSchema = z.object({ username: z.string().max(64) });
