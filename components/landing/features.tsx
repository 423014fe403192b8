import { BarChart3, Infinity as InfinityIcon, Palette, Smartphone } from "lucide-react";
import { landingStrings } from "@/lib/strings/landing";

const strings = { landing: landingStrings };

const icons = [InfinityIcon, Smartphone, BarChart3, Palette];

export function Features() {
  return (
    <section aria-labelledby="recursos" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <h2 id="recursos" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        {strings.landing.featuresTitle}
      </h2>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {strings.landing.features.map((feature, i) => {
          const Icon = icons[i] ?? Palette;
          return (
            <li key={feature.title} className="rounded-2xl border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
              <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
