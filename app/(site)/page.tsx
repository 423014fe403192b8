import { connection } from "next/server";
import { GoogleButton } from "@/components/auth/google-button-lazy";
import { ClaimUsernameForm } from "@/components/landing/claim-username-form";
import { Features } from "@/components/landing/features";
import { PhoneMock } from "@/components/landing/phone-mock";
import { env } from "@/lib/server/env";
import { publicHost } from "@/lib/server/public-url";
import { strings } from "@/lib/strings";

export default async function LandingPage() {
  // Rendered at each request (the proxy's nonce), as before.
  await connection();
  const host = publicHost();
  const googleClientId = env().GOOGLE_CLIENT_ID;
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-violet-200),transparent_60%)]"
        />
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pt-20 lg:grid-cols-[1.2fr_1fr]">
          <div className="flex flex-col items-start">
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{strings.landing.title}</h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">{strings.landing.subtitle}</p>
            <div className="mt-8 w-full">
              <ClaimUsernameForm hostPrefix={`${host}/`} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{strings.landing.trust}</p>
            {googleClientId ? (
              <div className="mt-6 flex w-full max-w-xl flex-col items-center gap-3 sm:items-start">
                <p className="text-sm text-muted-foreground">{strings.landing.orContinueWith}</p>
                <GoogleButton clientId={googleClientId} />
              </div>
            ) : null}
          </div>
          <div className="hidden lg:block">
            <PhoneMock />
          </div>
        </div>
      </section>
      <Features />
    </>
  );
}
