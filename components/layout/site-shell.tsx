import { SiteFooter } from "./site-footer";
import { PlainHeader, SiteHeader } from "./site-header";

/**
 * Header, main and footer: every page but the public profile. `plain` drops
 * the session-dependent part of the header, so the page can be prerendered.
 */
export function SiteShell({ children, plain = false }: { children: React.ReactNode; plain?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {plain ? <PlainHeader /> : <SiteHeader />}
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
