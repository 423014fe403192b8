import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

// A short pt-BR description of a browser from its User-Agent, for the list
// of signed-in devices ('Chrome no Android'). Order matters: Edge and Opera
// also say Chrome, Chrome also says Safari, Android also says Linux.

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/Linux|X11/, "Linux"],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1];

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").trim();
  if (!ua) return strings.security.unknownDevice;
  const browser = first(BROWSERS, ua) ?? /^([A-Za-z][\w.-]{0,30})\//.exec(ua)?.[1];
  const system = first(SYSTEMS, ua);
  if (browser && system) return strings.security.deviceOn(browser, system);
  return browser ?? system ?? strings.security.unknownDevice;
}
