import { landingStrings } from "@/lib/strings/landing";
import { layoutStrings } from "@/lib/strings/layout";
import { Logo } from "./logo";

const strings = { landing: landingStrings, layout: layoutStrings };

export function SiteFooter() {
  return (
    <footer className="border-t border-border/60 bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{strings.landing.title}.</p>
        </div>
        <nav aria-label={strings.layout.footerTools}>
          <h2 className="mb-3 text-sm font-semibold">{strings.layout.footerTools}</h2>
          <ul className="space-y-2 text-sm">
            {strings.layout.footerLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-border/60">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">{strings.layout.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
