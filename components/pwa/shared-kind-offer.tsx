import { OwnerLink } from "@/components/pages/owner-link";
import { blocks } from "@/lib/blocks/registry";
import { sharedLinkPath, type SharedLink } from "@/lib/pwa/shared-link";
import { pwaStrings } from "@/lib/strings/pwa";

const t = pwaStrings;

/** Whether the add form for `shown` offers the other kind: a shared address a kind claims (a player's), shown as it or as a plain link. */
export function offersSharedKind(shared: SharedLink | null, shown: string): shared is SharedLink {
  const plain = blocks.names[0];
  return Boolean(shared && shared.kind !== plain && (shown === plain || shown === shared.kind));
}

/**
 * Above the add form opened by "share to Vitrine" with an address a kind
 * claims (a YouTube or Spotify page: a player): says which block kind it
 * became and offers the other one.
 */
export function SharedKindOffer({ shared, shown }: { shared: SharedLink; shown: string }) {
  const claimed = shown === shared.kind;
  const other = claimed ? blocks.names[0] : shared.kind;
  return (
    <p className="mb-5 rounded-xl border bg-muted/30 p-4 text-sm" data-testid="shared-kind-offer">
      {claimed ? t.sharedAsPlayer : t.sharedAsLink}{" "}
      <OwnerLink href={sharedLinkPath(shared, other)} className="font-medium text-primary underline underline-offset-4">
        {claimed ? t.addAsLinkInstead : t.addAsPlayerInstead}
      </OwnerLink>
    </p>
  );
}
