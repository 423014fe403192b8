import { z } from "zod";
import { audienceStrings } from "@/lib/strings/audience";

// A subscribe block's own settings (Link.data for kind "subscribe"): whether
// it asks for a WhatsApp number, and the consent text shown beside the
// unticked box (api.md, Audience). Read by the block's module (lib/blocks)
// and by the sign-up, which records the exact text shown.

export const CONSENT_MAX = 300;

export const subscribeSettingsSchema = z.object({
  whatsapp: z.boolean({ error: audienceStrings.invalidSettings }).default(false),
  consent: z
    .string({ error: audienceStrings.invalidSettings })
    .transform((v) => v.trim())
    .pipe(z.string().max(CONSENT_MAX, audienceStrings.consentMax))
    .default(""),
});

export type SubscribeSettings = z.output<typeof subscribeSettingsSchema>;

/** The consent text a visitor sees: the block's own, or the default naming the page. */
export function consentTextFor(settings: SubscribeSettings, pageName: string): string {
  return settings.consent || audienceStrings.defaultConsent(pageName);
}
