import { request } from "./request";

export const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.0.12.93";

/** A request from a person on a phone (counted), from the given address. */
export function visitor(path: string, ip = "198.51.100.20", init: { method?: string; ua?: string } = {}) {
  return request(path, { method: init.method ?? "POST", ip, headers: { "user-agent": init.ua ?? PHONE_UA } });
}
