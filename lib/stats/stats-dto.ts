import { z } from "zod";

// The statistics' answers (api.md, Insights): each type is its schema's, so
// the API's document and the answers cannot drift apart.

/** First-release shape (GET /api/stats keeps these fields and their meaning). */
export const dailyStatSchema = z.object({ date: z.string(), views: z.number(), clicks: z.number() });
export type DailyStat = z.infer<typeof dailyStatSchema>;

export const statsDtoSchema = z.object({ views: z.number(), clicks: z.number(), daily: z.array(dailyStatSchema) });
export type StatsDto = z.infer<typeof statsDtoSchema>;

export const insightsDailyStatSchema = dailyStatSchema.extend({
  visitors: z.number(),
  /** Sign-ups confirmed that day (subscribe blocks, api.md Audience). */
  subscribers: z.number(),
  /** Of that day's clicks, those the short link sent to an installed app. */
  sentToApp: z.number(),
  /** Checkouts started that day (Selling with Pix; 0 where selling is off). */
  checkouts: z.number(),
  /** Orders paid that day, less those refunded since (a refund counts on its order's paid day). */
  orders: z.number(),
  /** Those orders' amount, in centavos. */
  revenueCents: z.number(),
});
export type InsightsDailyStat = z.infer<typeof insightsDailyStatSchema>;

export const linkInsightSchema = z.object({
  id: z.string(),
  title: z.string(),
  clicks: z.number(),
  ctr: z.number(),
  /** Clicks per day of the period, oldest first (the table's small chart). */
  daily: z.array(z.number()),
});
export type LinkInsight = z.infer<typeof linkInsightSchema>;

/** GET /api/stats?days= (api.md, Insights). */
export const insightsDtoSchema = z.object({
  views: z.number(),
  visitors: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  /** Confirmed sign-ups in the period. */
  subscribers: z.number(),
  /** Clicks of the period the short link sent to an installed app (each also among `clicks`, under its source). */
  sentToApp: z.number(),
  /** Checkouts started in the period (Selling with Pix). */
  checkouts: z.number(),
  /** Orders paid in the period and not refunded, and their amount in centavos. */
  orders: z.number(),
  revenueCents: z.number(),
  daily: z.array(insightsDailyStatSchema),
  links: z.array(linkInsightSchema),
  sources: z.array(z.object({ source: z.string(), views: z.number(), clicks: z.number() })),
  devices: z.array(z.object({ device: z.string(), views: z.number() })),
  countries: z.array(z.object({ country: z.string(), views: z.number() })),
});
export type InsightsDto = z.infer<typeof insightsDtoSchema>;

/** GET /api/links/:id/stats?days= */
export const linkStatsDtoSchema = z.object({
  clicks: z.number(),
  daily: z.array(z.object({ date: z.string(), clicks: z.number() })),
  sources: z.array(z.object({ source: z.string(), clicks: z.number() })),
});
export type LinkStatsDto = z.infer<typeof linkStatsDtoSchema>;
