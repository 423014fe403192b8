import { OwnerLink } from "@/components/pages/owner-link";
import { sharedLinkPath, type SharedLink } from "@/lib/pwa/shared-link";
import { pwaStrings } from "@/lib/strings/pwa";

const t = pwaStrings;

/**
 * Above the add form opened by "share to Vitrine" with a YouTube or Spotify
 * address: says which block kind it became and offers the other one.
 */
export function SharedKindOffer({ shared, shown }: { shared: SharedLink; shown: "link" | "embed" }) {
  const other = shown === "embed" ? "link" : "embed";
  return (
    <p className="mb-5 rounded-xl border bg-muted/30 p-4 text-sm" data-testid="shared-kind-offer">
      {shown === "embed" ? t.sharedAsPlayer : t.sharedAsLink}{" "}
      <OwnerLink href={sharedLinkPath(shared, other)} className="font-medium text-primary underline underline-offset-4">
        {other === "link" ? t.addAsLinkInstead : t.addAsPlayerInstead}
      </OwnerLink>
    </p>
  );
}
