import { formatRate } from "@/lib/stats/click-rate";
import type { LinkInsight } from "@/lib/stats/stats-dto";
import { insightsStrings } from "@/lib/strings/insights";
import { formatNumber } from "./labels";

const strings = { insights: insightsStrings };

// One row per link: clicks, CTR and a small chart of its clicks per day
// (drawn for the eye; its text alternative says the total and the peak).

function Sparkline({ link }: { link: LinkInsight }) {
  const t = strings.insights;
  const max = Math.max(1, ...link.daily);
  const w = 100;
  const h = 24;
  const slot = w / Math.max(1, link.daily.length);
  return (
    <>
      <svg viewBox={`0 0 ${w} ${h}`} className="h-6 w-24" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {/* The baseline: a link with no clicks still reads as a (flat) chart. */}
        <rect x={0} y={h - 1} width={w} height={1} className="fill-border" />
        {link.daily.map((v, i) => (
          <rect key={i} x={i * slot} y={h - (v / max) * h} width={Math.max(0.5, slot - 0.5)} height={(v / max) * h} className="fill-emerald-600" />
        ))}
      </svg>
      <span className="sr-only">{t.linkTrendAlt(link.title, formatNumber(link.clicks), formatNumber(Math.max(0, ...link.daily)))}</span>
    </>
  );
}

export function LinksTable({ links }: { links: LinkInsight[] }) {
  const t = strings.insights;
  if (!links.length) return <p className="text-sm text-muted-foreground">{t.noLinks}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm tabular-nums" data-testid="links-table">
        <caption className="sr-only">{t.linksTitle}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-2 font-medium">
              {t.link}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t.clicks}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t.ctr}
            </th>
            <th scope="col" className="py-2 pl-2 font-medium">
              <span className="sr-only sm:not-sr-only">{t.linkTrend}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.id} className="border-t">
              <th scope="row" className="max-w-[9rem] truncate py-2 pr-2 font-medium sm:max-w-xs">
                {link.title}
              </th>
              <td className="px-2 py-2 text-right">{formatNumber(link.clicks)}</td>
              <td className="px-2 py-2 text-right">{formatRate(link.ctr)}%</td>
              <td className="py-2 pl-2">
                <Sparkline link={link} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
