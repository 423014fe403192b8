import { shouldPromoteListedAdmin } from "./listed-admin-policy";

const listed = ["chefe@example.com"];
const verified = new Date();

describe("shouldPromoteListedAdmin", () => {
  it("promotes a listed, verified address", () => {
    expect(shouldPromoteListedAdmin({ email: "chefe@example.com", isAdmin: false, emailVerified: verified }, listed)).toBe(true);
    expect(shouldPromoteListedAdmin({ email: "Chefe@Example.com", isAdmin: false, emailVerified: verified }, listed)).toBe(true);
  });
  it("never promotes an unverified address, even a listed one", () => {
    expect(shouldPromoteListedAdmin({ email: "chefe@example.com", isAdmin: false, emailVerified: null }, listed)).toBe(false);
  });
  it("leaves unlisted addresses and existing administrators alone", () => {
    expect(shouldPromoteListedAdmin({ email: "outro@example.com", isAdmin: false, emailVerified: verified }, listed)).toBe(false);
    expect(shouldPromoteListedAdmin({ email: "chefe@example.com", isAdmin: true, emailVerified: verified }, listed)).toBe(false);
    expect(shouldPromoteListedAdmin({ email: "chefe@example.com", isAdmin: false, emailVerified: verified }, [])).toBe(false);
  });
});
