import { headers } from "next/headers";
import { EARLY_INPUT_SCRIPT } from "@/lib/server/early-input";

/** Holds what is typed, submitted or pressed before React has the page (lib/server/early-input.ts). */
export async function EarlyInput() {
  // The page's CSP allows scripts by this request's nonce (proxy.ts); a prerendered page's, by their hash.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />;
}
