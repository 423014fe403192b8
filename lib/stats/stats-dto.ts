/** First-release shape (GET /api/stats keeps these fields and their meaning). */
export interface DailyStat {
  date: string;
  views: number;
  clicks: number;
}

export interface StatsDto {
  views: number;
  clicks: number;
  daily: DailyStat[];
}

export interface InsightsDailyStat extends DailyStat {
  visitors: number;
  /** Sign-ups confirmed that day (subscribe blocks, api.md Audience). */
  subscribers: number;
  /** Of that day's clicks, those the short link sent to an installed app. */
  sentToApp: number;
}

export interface LinkInsight {
  id: string;
  title: string;
  clicks: number;
  ctr: number;
  /** Clicks per day of the period, oldest first (the table's small chart). */
  daily: number[];
}

/** GET /api/stats?days= (api.md, Insights). */
export interface InsightsDto {
  views: number;
  visitors: number;
  clicks: number;
  ctr: number;
  /** Confirmed sign-ups in the period. */
  subscribers: number;
  /** Clicks of the period the short link sent to an installed app (each also among `clicks`, under its source). */
  sentToApp: number;
  daily: InsightsDailyStat[];
  links: LinkInsight[];
  sources: { source: string; views: number; clicks: number }[];
  devices: { device: string; views: number }[];
  countries: { country: string; views: number }[];
}

/** GET /api/links/:id/stats?days= */
export interface LinkStatsDto {
  clicks: number;
  daily: { date: string; clicks: number }[];
  sources: { source: string; clicks: number }[];
}
