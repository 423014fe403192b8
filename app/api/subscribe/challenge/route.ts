// GET /api/subscribe/challenge — public; a fresh signed proof-of-work challenge for the sign-up form (no cookie, never cached).
import { newChallenge } from "@/lib/audience/proof-of-work";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({ customDomain: true, handler: async () => newChallenge() });
