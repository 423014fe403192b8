import Link from "next/link";
import { Button } from "@/components/ui/button";
import { getCurrentSession } from "@/lib/server/current-user";
import { layoutStrings } from "@/lib/strings/layout";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu-lazy";

const strings = { layout: layoutStrings };

function HeaderFrame({ logoHref, children }: { logoHref: string; children?: React.ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        {strings.layout.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo href={logoHref} />
        {children}
      </div>
    </header>
  );
}

/** The header without session state (prerendered pages such as 404). */
export function PlainHeader() {
  return <HeaderFrame logoHref="/" />;
}

export async function SiteHeader() {
  const session = await getCurrentSession();
  const user = session?.user;
  return (
    <HeaderFrame logoHref={user ? "/dashboard" : "/"}>
        <nav aria-label={strings.layout.mainNav} className="flex items-center gap-2">
          {user ? (
            <>
              <Button asChild variant="ghost" className="hidden sm:inline-flex">
                <Link href="/dashboard">{strings.layout.dashboard}</Link>
              </Button>
              <UserMenu
                user={{
                  name: user.name,
                  username: user.username,
                  email: user.email,
                  avatarUrl: user.avatarUrl,
                  isAdmin: user.isAdmin,
                }}
              />
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link href="/login">{strings.layout.signIn}</Link>
              </Button>
              <Button asChild>
                <Link href="/register">{strings.layout.signUp}</Link>
              </Button>
            </>
          )}
        </nav>
    </HeaderFrame>
  );
}
