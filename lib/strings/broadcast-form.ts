// The broadcast's fields' refusals (lib/broadcasts/broadcast-schemas.ts),
// shared by the handlers and the composer: a module of their own, small, as
// a strings module goes whole into the client bundle.

export const broadcastFormStrings = {
  subjectRequired: "Informe o assunto",
  subjectMax: "O assunto pode ter até 120 caracteres",
  bodyRequired: "Escreva a mensagem",
  bodyMax: "A mensagem pode ter até 20.000 caracteres",
  invalidSendAt: "Data de envio inválida",
} as const;
