import { pageAppearance, pageAppearanceSchema } from "./page-appearance";

// The user object and the account's export carry a page's appearance from one list.

it("takes a page's appearance fields and nothing else, as the schema lists them", () => {
  const look = {
    avatarUrl: "/uploads/avatar-a.webp",
    coverUrl: null,
    coverAspectRatio: "16:9",
    backgroundColor: "#fff8e1",
    fontColor: "#1a237e",
    imageOpacity: 80,
    imagePosition: "cover",
    linkButtonColor: "#1a237e",
    linkButtonOpacity: 100,
    buttonStyle: "shadow",
    buttonShape: "pill",
    fontFamily: "rounded",
  };
  const row = { id: "p1", username: "ana", ownerSecret: "never", ...look };
  expect(pageAppearance(row)).toEqual(look);
  expect(Object.keys(pageAppearance(row))).toEqual(Object.keys(pageAppearanceSchema.shape));
  expect(pageAppearanceSchema.parse(pageAppearance(row))).toEqual(look);
});
