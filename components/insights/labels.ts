import { insightsStrings } from "@/lib/strings/insights";
import { openInAppStrings } from "@/lib/strings/open-in-app";
import { APP_SOURCE } from "@/lib/stats/app-source";

const strings = { insights: insightsStrings, openInApp: openInAppStrings };

// pt-BR names for what the statistics store as codes.

const t = strings.insights;
const regions = new Intl.DisplayNames(["pt-BR"], { type: "region" });

export function sourceName(source: string): string {
  // Clicks the short link sent to the installed app, as stored before the fifth release.
  if (source === APP_SOURCE) return strings.openInApp.sourceName;
  return t.sourceNames[source] ?? source;
}

export function deviceName(device: string): string {
  return t.deviceNames[device] ?? device;
}

export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return t.unknownCountry;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The flag emoji of a country code ("BR" → 🇧🇷), empty for an unknown one. */
export function countryFlag(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const formatNumber = (n: number) => n.toLocaleString("pt-BR");
export const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
