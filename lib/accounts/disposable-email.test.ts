import { isDisposableEmail } from "./disposable-email";

it("knows the maintained list's throwaway domains and their subdomains, and leaves real providers alone", () => {
  for (const email of ["a@mailinator.com", "a@YOPMAIL.com", "a@x.guerrillamail.com", "a@mailinator.com."]) expect(isDisposableEmail(email)).toBe(true);
  for (const email of ["a@gmail.com", "a@uol.com.br", "a@empresa.com.br", "sem-arroba"]) expect(isDisposableEmail(email)).toBe(false);
});
