import type { BlockNoticeSource } from "@/lib/blocks/block-kind";
import { audienceStrings } from "@/lib/strings/audience";

// The public page after a sign-up sent without JavaScript (api.md, Audience:
// "the page comes back saying what happened"). The form's POST answers with
// a 303 to /{username}?inscricao=ok (accepted) or ?inscricao={blockId}&erro=1
// with the refusal in the form's flash cookie (lib/server/form-post.ts). The
// page is then drawn for that visitor alone (lib/profile/page-notice.ts);
// this says what each sign-up form of it shows.

/** The address's parameter that asks for a sign-up's answer. */
export const SUBSCRIBE_NOTICE_PARAM = "inscricao";

/** An accepted sign-up says so in every form of the page (the block's id travels only after '#'); a refusal in its own form. */
export const subscribeNotice: BlockNoticeSource["read"] = ({ value, search, flash }, blockId) => {
  if (value === "ok") return { message: audienceStrings.checkEmail, error: false };
  if (value !== blockId || search.get("erro") !== "1" || !flash) return null;
  return { message: flash.message, error: true, errors: flash.errors, values: flash.values };
};
