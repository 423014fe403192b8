// pt-BR text: the public page's report link (moderation.ts includes it), apart
// so the dashboard's preview, which draws the page, carries only this word.

export const reportLinkText = "Denunciar";
