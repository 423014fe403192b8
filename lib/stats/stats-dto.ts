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
