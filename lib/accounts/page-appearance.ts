import { z } from "zod";

// A page's appearance as the API's objects carry it (the user object, the
// account's export): its images, colours, buttons and font, listed once.

export const pageAppearanceSchema = z.object({
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  coverAspectRatio: z.string().nullable(),
  backgroundColor: z.string(),
  fontColor: z.string(),
  imageOpacity: z.number(),
  imagePosition: z.string(),
  linkButtonColor: z.string(),
  linkButtonOpacity: z.number(),
  buttonStyle: z.string(),
  buttonShape: z.string(),
  fontFamily: z.string(),
});
export type PageAppearance = z.infer<typeof pageAppearanceSchema>;

const FIELDS = Object.keys(pageAppearanceSchema.shape) as (keyof PageAppearance)[];

/** Those fields of `page` (a row, or a stand-in for no page) and no other, in the schema's order. */
export const pageAppearance = (page: PageAppearance): PageAppearance => Object.fromEntries(FIELDS.map((field) => [field, page[field]])) as PageAppearance;
