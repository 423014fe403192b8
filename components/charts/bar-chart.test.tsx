/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { DailyChart } from "@/components/admin/daily-chart";
import { StatsChart } from "@/components/dashboard/stats-chart";
import { BarChart } from "./bar-chart";

// The one chart of the three screens: its bars' geometry, and what each screen
// gives screen readers (the screens' own texts: tests/e2e/insights.spec.ts).

const box = { width: 100, height: 60, top: 0, right: 0, bottom: 10, left: 0 };
const bars = (container: HTMLElement) =>
  [...container.querySelectorAll("rect")].map((r) => ["x", "y", "width", "height"].map((a) => Number(r.getAttribute(a))));

test("puts a day's bars side by side in its slot, or each later series inside the one before", () => {
  const series = [
    { label: "Visualizações", values: [40, 0] },
    { label: "Cliques", values: [20, 1] },
  ];
  const side = render(<BarChart series={series} box={box} gap={2} />);
  // Two days of 50 units: bars of (50 − 2·2) / 2 = 23, a gap apart; 0 draws nothing, 1 of 40 at least 1.5 units.
  expect(bars(side.container)).toEqual([
    [1, 0, 23, 50],
    [51, 50, 23, 0],
    [26, 25, 23, 25],
    [76, 48.5, 23, 1.5],
  ]);
  const inset = render(<BarChart series={series} box={box} gap={2} inset />);
  expect(bars(inset.container).map(([x, , w]) => [x, w])).toEqual([
    [1, 48],
    [51, 48],
    [13, 24],
    [63, 24],
  ]);
  expect(side.container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
});

test("the admin chart is an image named by its summary, each bar titled; the dashboard's numbers are a table", () => {
  const points = [
    { date: "2026-11-01", value: 3 },
    { date: "2026-11-02", value: 0 },
  ];
  render(<DailyChart id="c" series={{ label: "Cadastros", color: "#6d28d9", points }} />);
  // Named by the caption and the one-sentence summary (aria-labelledby).
  const chart = screen.getByRole("img", { name: /^Cadastros Cadastros .*: 3 no total/ });
  expect([...chart.querySelectorAll("rect title")].map((t) => t.textContent)).toEqual(["01/11: 3", "02/11: 0"]);

  render(<StatsChart daily={[{ date: "2026-11-01", views: 5, clicks: 2 }]} />);
  expect(screen.getByRole("row", { name: "01/11 5 2" })).toBeInTheDocument();
});
