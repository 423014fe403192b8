import { subscribeNotice, SUBSCRIBE_NOTICE_PARAM } from "@/lib/audience/subscribe-notice";
import { SUBSCRIBE_SCRIPT } from "@/lib/audience/subscribe-script";
import { consentTextFor, subscribeSettingsSchema } from "@/lib/audience/subscribe-settings";
import { defineBlockKind } from "../block-kind";
import { subscribeLook } from "./subscribe-look";

// The subscribe kind (lib/blocks/block-kind.ts): its look (subscribe-look.tsx) and what checks and shows its data.

export const subscribeKind = defineBlockKind({
  ...subscribeLook,
  address: null,
  data: { field: "subscribe", schema: subscribeSettingsSchema },
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  toPublic: (data, page) => ({ subscribe: { whatsapp: data.whatsapp, consent: consentTextFor(data, page.name) } }),
  // The form's proof of work: the script fetches a challenge and solves it in a worker from our own origin (public/altcha).
  script: SUBSCRIBE_SCRIPT,
  csp: { "worker-src": ["'self'"] },
  notice: { param: SUBSCRIBE_NOTICE_PARAM, read: subscribeNotice },
  example: { kind: "subscribe", title: "Lista VIP", subscribe: { whatsapp: true, consent: "" } },
});
