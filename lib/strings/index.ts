// Every pt-BR text of the UI and the API, by feature. Quoted texts of
// shared/spec/product-spec.md are reproduced exactly.
//
// One module per feature, so that a client component's bundle carries only the
// parts it names: client code imports the parts it uses
// (`import { authStrings } from "@/lib/strings/auth"`) and gathers them as a
// local `strings` object; server code may take the whole table from here.

export { APP_NAME } from "./app-name";
import { commonStrings } from "./common";
import { errorsStrings } from "./errors";
import { usernameStrings } from "./username";
import { layoutStrings } from "./layout";
import { landingStrings } from "./landing";
import { authStrings } from "./auth";
import { googleAuthStrings } from "./google-auth";
import { loginStrings } from "./login";
import { registerStrings } from "./register";
import { validationStrings } from "./validation";
import { userMenuStrings } from "./user-menu";
import { dashboardStrings } from "./dashboard";
import { linksStrings } from "./links";
import { previewStrings } from "./preview";
import { adminStrings } from "./admin";
import { settingsStrings } from "./settings";
import { coverStrings } from "./cover";
import { richLinksStrings } from "./rich-links";
import { appearanceStrings } from "./appearance";
import { imagesStrings } from "./images";
import { emailStrings } from "./email";
import { moderationStrings } from "./moderation";
import { notFoundStrings } from "./not-found";
import { securityStrings } from "./security";
import { insightsStrings } from "./insights";
import { operationsStrings } from "./operations";
import { errorPageStrings } from "./error-page";
import { seoStrings } from "./seo";
import { pagesStrings } from "./pages";

export const strings = {
  common: commonStrings,
  errors: errorsStrings,
  username: usernameStrings,
  layout: layoutStrings,
  landing: landingStrings,
  auth: authStrings,
  googleAuth: googleAuthStrings,
  login: loginStrings,
  register: registerStrings,
  validation: validationStrings,
  userMenu: userMenuStrings,
  dashboard: dashboardStrings,
  links: linksStrings,
  preview: previewStrings,
  admin: adminStrings,
  settings: settingsStrings,
  cover: coverStrings,
  richLinks: richLinksStrings,
  appearance: appearanceStrings,
  images: imagesStrings,
  email: emailStrings,
  moderation: moderationStrings,
  notFound: notFoundStrings,
  security: securityStrings,
  insights: insightsStrings,
  operations: operationsStrings,
  errorPage: errorPageStrings,
  seo: seoStrings,
  pages: pagesStrings,
} as const;
