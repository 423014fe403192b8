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
  example: { kind: "subscribe", title: "Lista VIP", subscribe: { whatsapp: true, consent: "" } },
});
