export interface LinktreeAccount {
  username: string;
  pageTitle: string;
  description: string;
  profilePictureUrl: string | null;
  links: Array<Record<string, unknown>>;
}

export interface StandInPage {
  status?: number;
  html?: string;
  account?: LinktreeAccount;
  delayMs?: number;
  location?: string;
  bytes?: number;
}

export function entry(id: number, position: number, title: string, url: string, extra?: Record<string, unknown>): Record<string, unknown>;
export function profileOf(name: string, origin: string): LinktreeAccount;
export function linktreeHtml(account: LinktreeAccount): string;
export function startLinktreeStandIn(port?: number): Promise<{
  origin: string;
  pages: Map<string, StandInPage>;
  seen: string[];
  close: () => Promise<void>;
}>;
