import { subscribeNotice, SUBSCRIBE_NOTICE_PARAM } from "./subscribe/subscribe-notice";
import { consentTextFor, subscribeSettingsSchema } from "./subscribe/subscribe-settings";
import { defineBlockKind } from "../block-kind";
import sendSignUpScript from "./subscribe/send-sign-up.min";
import { subscribeLook } from "./subscribe-look";

// The subscribe kind (lib/blocks/block-kind.ts): its look (subscribe-look.tsx), its part of the public page's script
// (subscribe/send-sign-up.browser.ts) and what checks and shows its data.

export const subscribeKind = defineBlockKind({
  ...subscribeLook,
  address: null,
  data: { field: "subscribe", schema: subscribeSettingsSchema },
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  toPublic: (data, page) => ({ subscribe: { whatsapp: data.whatsapp, consent: consentTextFor(data, page.name) } }),
  // The form's proof of work: its script fetches a challenge and solves it in a worker from our own origin (./subscribe/send-sign-up.browser.ts).
  script: sendSignUpScript,
  csp: { "worker-src": ["'self'"] },
  notice: { param: SUBSCRIBE_NOTICE_PARAM, read: subscribeNotice },
  example: { kind: "subscribe", title: "Lista VIP", subscribe: { whatsapp: true, consent: "" } },
});
