import { buttonVariants } from "@/components/ui/styles";
import { cn } from "@/lib/utils";
import { getCurrentSession } from "@/lib/server/current-user";
import { layoutStrings } from "@/lib/strings/layout";
import { Suspense } from "react";
import { PageSwitcher } from "@/components/pages/page-switcher-lazy";
import { listPages } from "@/lib/pages/page-queries";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu-lazy";

const strings = { layout: layoutStrings };

// Plain links, not next/link: the header is part of every page's first script,
// and next/link would add about 3 KB to it; a header link loads its page whole.
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
  // The switcher's data: one indexed read of the person's memberships.
  const pages = user ? await listPages(user.id) : [];
  return (
    <HeaderFrame logoHref={user ? "/dashboard" : "/"}>
      <nav aria-label={strings.layout.mainNav} className="flex items-center gap-2">
        {user ? (
          <>
            {pages.length > 1 ? (
              <Suspense fallback={null}>
                <PageSwitcher pages={pages.map(({ username, name, role }) => ({ username, name, role }))} />
              </Suspense>
            ) : null}
            <a href="/dashboard" className={cn(buttonVariants({ variant: "ghost" }), "hidden sm:inline-flex")}>
              {strings.layout.dashboard}
            </a>
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
            <a href="/login" className={buttonVariants({ variant: "ghost" })}>
              {strings.layout.signIn}
            </a>
            <a href="/register" className={buttonVariants()}>
              {strings.layout.signUp}
            </a>
          </>
        )}
      </nav>
    </HeaderFrame>
  );
}
