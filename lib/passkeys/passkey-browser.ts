// What the browser loads at its first passkey ceremony, as one module (one
// import() target, so one chunk to fetch and one loader in the page's first
// script): @simplewebauthn/browser, and the sign-in field's autofill built on it.
export * from "@simplewebauthn/browser";
export { offerPasskeyAutofill } from "./passkey-autofill";
