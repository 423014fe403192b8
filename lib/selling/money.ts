// The selling feature's money (api.md, Selling with Pix): the one shared
// formatting and parsing of reais, kept in lib/money so that the blocks' looks
// (which selling builds on) use it too without importing this feature.
export { formatReais, parseReais, reaisInput } from "@/lib/money/money";
