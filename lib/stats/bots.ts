import { isbot } from "isbot";

// Crawlers and link-preview fetchers (WhatsApp, Telegram, Slack, Facebook...)
// open pages too; they are never counted. The maintained list (isbot) knows
// most of them; EXTRA_FETCHERS adds the previewers and tools it lacks. In-app
// browsers (Instagram, Facebook, TikTok) are people: isbot leaves them alone.
// An empty User-Agent is not a person.
const EXTRA_FETCHERS =
  /microsoft office\/|ms-office|outlook-(ios|android)|\(compatible; linkedin\)|google-read-aloud|bingpreview|skypeuripreview|headlesschrome|phantomjs|lighthouse|pagespeed|python-|aiohttp|httpx|go-http-client|okhttp|node-fetch|undici|axios|postman|insomnia|wget\/|curl\//i;

// The same few User-Agents arrive again and again: their answers are kept
// (a bounded map, emptied when full) so a count costs no long regex.
const seen = new Map<string, boolean>();
const SEEN_MAX = 2_000;

export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim();
  if (!ua) return true;
  let answer = seen.get(ua);
  if (answer === undefined) {
    answer = isbot(ua) || EXTRA_FETCHERS.test(ua);
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(ua, answer);
  }
  return answer;
}
