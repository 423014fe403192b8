import type { ButtonShape, ButtonStyle, FontFamily } from "./button-look";

// The cover page's preset themes: one click sets colours, style, shape and
// font. Each keeps text on buttons and on the page at 4.5:1 or more
// (themes.test.ts checks it).

export interface Theme {
  id: string;
  name: string;
  backgroundColor: string;
  fontColor: string;
  linkButtonColor: string;
  linkButtonOpacity: number;
  buttonStyle: ButtonStyle;
  buttonShape: ButtonShape;
  fontFamily: FontFamily;
}

export const THEMES: readonly Theme[] = [
  {
    id: "classico",
    name: "Clássico",
    backgroundColor: "#ffffff",
    fontColor: "#111827",
    linkButtonColor: "#111827",
    linkButtonOpacity: 100,
    buttonStyle: "filled",
    buttonShape: "rounded",
    fontFamily: "sans",
  },
  {
    id: "noite",
    name: "Noite",
    backgroundColor: "#0f172a",
    fontColor: "#f8fafc",
    linkButtonColor: "#1e293b",
    linkButtonOpacity: 100,
    buttonStyle: "filled",
    buttonShape: "pill",
    fontFamily: "sans",
  },
  {
    id: "praia",
    name: "Praia",
    backgroundColor: "#fef3c7",
    fontColor: "#1f2937",
    linkButtonColor: "#0e7490",
    linkButtonOpacity: 100,
    buttonStyle: "shadow",
    buttonShape: "rounded",
    fontFamily: "rounded",
  },
  {
    id: "floresta",
    name: "Floresta",
    backgroundColor: "#14532d",
    fontColor: "#ecfdf5",
    linkButtonColor: "#ecfdf5",
    linkButtonOpacity: 100,
    buttonStyle: "outline",
    buttonShape: "square",
    fontFamily: "serif",
  },
  {
    id: "papel",
    name: "Papel",
    backgroundColor: "#f5f0e6",
    fontColor: "#292524",
    linkButtonColor: "#292524",
    linkButtonOpacity: 100,
    buttonStyle: "outline",
    buttonShape: "square",
    fontFamily: "serif",
  },
  {
    id: "neon",
    name: "Neon",
    backgroundColor: "#000000",
    fontColor: "#a3e635",
    linkButtonColor: "#a3e635",
    linkButtonOpacity: 100,
    buttonStyle: "shadow",
    buttonShape: "square",
    fontFamily: "mono",
  },
  {
    id: "lavanda",
    name: "Lavanda",
    backgroundColor: "#ede9fe",
    fontColor: "#2e1065",
    linkButtonColor: "#6d28d9",
    linkButtonOpacity: 100,
    buttonStyle: "filled",
    buttonShape: "pill",
    fontFamily: "rounded",
  },
  {
    id: "coral",
    name: "Coral",
    backgroundColor: "#fff1f2",
    fontColor: "#4c0519",
    linkButtonColor: "#be123c",
    linkButtonOpacity: 100,
    buttonStyle: "shadow",
    buttonShape: "pill",
    fontFamily: "sans",
  },
];
