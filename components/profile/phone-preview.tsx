"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { isInWindow } from "@/lib/links/link-schedule";
import { previewStrings } from "@/lib/strings/preview";
import { PROFILE_CSS } from "./profile-css";
import { LOOKS } from "@/lib/blocks/looks";

/** The page's styles and every block kind's own (lib/blocks), whatever the page shows. */
const PREVIEW_CSS = PROFILE_CSS + LOOKS.map((kind) => kind.css ?? "").join("");
import { ProfileView, type ProfileAppearance, type ProfileViewData, type ProfileViewLink } from "./profile-view";

const strings = { preview: previewStrings };

export const PHONE_WIDTH = 375;
export const PHONE_HEIGHT = 667;

/**
 * The profile preview panel: the public page's own component in a real-size
 * 375×667 phone, scaled down only when the column is narrower. Without a user
 * it shows placeholders; `overrides` (unsaved cover settings) win over the
 * stored appearance.
 */
export function PhonePreview({
  profile,
  links,
  overrides,
}: {
  profile: ProfileViewData | null;
  links: (ProfileViewLink & { active?: boolean; startsAt?: string | null; endsAt?: string | null })[];
  overrides?: Partial<ProfileAppearance>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / PHONE_WIDTH));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // What the public page shows now: active links inside their schedule.
  const active = links.filter((l) => l.active !== false && isInWindow({ startsAt: l.startsAt ?? null, endsAt: l.endsAt ?? null }));
  return (
    // Clipped sideways: before the script measures the column, a full-size phone must not widen a narrow page.
    <div ref={box} className="w-full overflow-x-clip" style={{ height: PHONE_HEIGHT * scale }}>
      <style href="vitrine-profile-css" precedence="default">
        {PREVIEW_CSS}
      </style>
      <div
        role="region"
        aria-label={strings.preview.label}
        className="mx-auto origin-top-left overflow-hidden rounded-[2.25rem] border-[6px] border-neutral-900 bg-white shadow-xl"
        style={{ width: PHONE_WIDTH, height: PHONE_HEIGHT, transform: `scale(${scale})`, marginLeft: scale < 1 ? 0 : undefined }}
        data-testid="phone-preview"
      >
        <div className="h-full overflow-y-auto">
          {profile ? <ProfileView profile={{ ...profile, ...overrides }} links={active} mode="preview" /> : <PreviewSkeleton />}
        </div>
      </div>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 pt-12" aria-busy="true">
      <Skeleton className="size-22 rounded-full" />
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-24" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-12 w-full rounded-xl" />
      ))}
    </div>
  );
}
