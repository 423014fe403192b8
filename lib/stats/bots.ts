// Crawlers and link-preview fetchers (WhatsApp, Instagram, Telegram, Slack...)
// open pages too; they are never counted. An empty User-Agent is not a person.
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp|telegram|slack|discord|twitterbot|linkedinbot|pinterest|embedly|quora link preview|skypeuripreview|vkshare|redditbot|applebot|bingpreview|google-?(inspectiontool|read-aloud|site-verification)|mediapartners|adsbot|yandex|baidu|duckduck|semrush|ahrefs|mj12|petalbot|bytespider|gptbot|claudebot|ccbot|headlesschrome|phantomjs|lighthouse|pagespeed|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|okhttp|java\/|libwww|node-fetch|undici|axios|postman|insomnia|preview/i;

export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim();
  if (!ua) return true;
  return BOT_PATTERN.test(ua);
}
