// Imported first by the tests of what leans on React's hydration
// (kept-typing, replayable-form): they run on the React build Next ships to
// the browser (next/dist/compiled), not npm's react-dom. jest.mock here
// registers the mocks before the test file's own imports load React.
jest.mock("react", () => jest.requireActual("next/dist/compiled/react"));
jest.mock("react/jsx-runtime", () => jest.requireActual("next/dist/compiled/react/jsx-runtime"));
jest.mock("react/jsx-dev-runtime", () => jest.requireActual("next/dist/compiled/react/jsx-dev-runtime"));
jest.mock("react-dom", () => jest.requireActual("next/dist/compiled/react-dom"));
jest.mock("react-dom/client", () => jest.requireActual("next/dist/compiled/react-dom/client"));
jest.mock("react-dom/server", () => jest.requireActual("next/dist/compiled/react-dom/server.node"));

/** The version of the react-dom the test runs on, and of npm's. */
export function reactDomVersions(): { used: string; npm: string } {
  return {
    // next/dist/compiled/react-dom's package.json carries no version: its build says it.
    used: jest.requireMock<{ version: string }>("react-dom").version,
    npm: jest.requireActual<{ version: string }>("react-dom/package.json").version,
  };
}
