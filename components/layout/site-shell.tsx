import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, main and footer: every page but the public profile. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
