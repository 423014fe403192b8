import { z } from "zod";
import { audienceStrings } from "@/lib/strings/audience";
import { toWhatsappE164 } from "./whatsapp";

const s = audienceStrings;

// The sign-up's input (POST /api/subscribe/{blockId}, JSON or the page's
// form) and the owner's list query. The honeypot is read first, apart
// (honeypotSchema): a filled one is answered as a success whatever the rest.

/** The hidden field people never fill (the form's `website`). */
export const HONEYPOT_FIELD = "website";

/** What the route reads before anything else: the honeypot, leniently, and the rest as it came. */
export const honeypotSchema = z.looseObject({ [HONEYPOT_FIELD]: z.unknown().optional() });

export function honeypotFilled(body: Record<string, unknown>): boolean {
  const v = body[HONEYPOT_FIELD];
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value counts, an object's "[object Object]" too
  return v !== undefined && v !== null && v !== false && String(v).trim() !== "";
}

/** The ALTCHA payload (base64 of JSON {challenge, solution}), as the script sets it. */
const ALTCHA_MAX = 4_000;

export const signUpSchema = z.object({
  email: z
    .string({ error: s.invalidEmail })
    .transform((v) => v.replace(/\s+/g, "").toLowerCase())
    .pipe(z.string().max(254, s.invalidEmail).pipe(z.email(s.invalidEmail))),
  /** Read only when the block asks for it; empty is absent. */
  whatsapp: z
    .string({ error: s.invalidWhatsapp })
    .max(40, s.invalidWhatsapp)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return null;
      const e164 = toWhatsappE164(v);
      if (!e164) ctx.addIssue({ code: "custom", message: s.invalidWhatsapp });
      return e164;
    }),
  consent: z.literal(true, { error: s.consentRequired }),
  altcha: z.string().max(ALTCHA_MAX, s.proofFailed).optional(),
});

export type SignUpInput = z.output<typeof signUpSchema>;

/** A confirmation or unsubscribe link's token (43 base64url characters; a little slack). */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, s.invalidLink);

/** An unsubscribe link's token: one that cannot be ours is 'Link inválido' (a used one is told apart, lib/audience/subscribe-mutations.ts). */
export const unsubscribeTokenSchema = z.string({ error: s.invalidLinkTitle }).regex(/^[A-Za-z0-9_-]{20,100}$/, s.invalidLinkTitle);

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const subscriberListQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES, { error: s.invalidStatus }).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, s.invalidCursor)
    .optional(),
});
