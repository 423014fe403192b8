// The subscribe form's script (api.md, Audience). Filled by the #39 work.
export const SUBSCRIBE_SCRIPT = "";
