// Bring your page from Linktree (api.md, Bring your page, share it).

export const linktreeStrings = {
  // Quoted by api.md.
  invalidAddress: "Endereço do Linktree inválido",
  notFound: "Página não encontrada no Linktree",
  unreadable: "Não foi possível ler essa página",
  // Why a link of the Linktree page does not come.
  reasons: {
    section: "Título de seção",
    inactive: "Desativado no Linktree",
    not_link: "Não é um link (loja, formulário ou outro conteúdo sem endereço)",
    locked: "Protegido no Linktree (senha, pagamento ou NFT)",
    duplicate: "Repetido no Linktree",
    invalid: "Endereço não aceito pela Vitrine",
    existing: "Sua página já tem esse endereço",
    blocked: "Domínio bloqueado na Vitrine",
    limit: "Sua página chegou ao limite de links",
  },
  // The screens.
  open: "Trazer do Linktree",
  /** 'Páginas': the same, for one page of the list. */
  forPage: (username: string) => `Trazer do Linktree para @${username}`,
  openHint: "Traga os links, o nome, a bio e a foto da sua página do Linktree de uma vez.",
  title: "Trazer do Linktree",
  fieldLabel: "Endereço do seu Linktree",
  fieldPlaceholder: "linktr.ee/seunome",
  preview: "Ver o que vem",
  previewing: "Lendo o Linktree...",
  importing: "Importando...",
  importButton: "Importar",
  cancel: "Cancelar",
  willCome: (n: number) => (n === 1 ? "1 link vem para a sua página" : `${n} links vêm para a sua página`),
  noneWillCome: "Nenhum link novo para trazer.",
  skippedTitle: (n: number) => (n === 1 ? "1 link fica de fora" : `${n} links ficam de fora`),
  /** Past the first 100 named: the rest, counted. */
  skippedMore: (n: number) => (n === 1 ? "e mais 1 link" : `e mais ${n} links`),
  profileTitle: "O que vem do Linktree",
  takesName: "O nome vem para a sua página (ela ainda não tem um).",
  takesBio: "A bio vem para a sua página (ela ainda não tem uma).",
  takesPhoto: "A foto vem para a sua página (ela ainda não tem uma).",
  keepsProfile: "Nome, bio e foto da sua página ficam como estão.",
  photoAlt: (name: string) => `Foto de ${name} no Linktree`,
  done: (n: number) => (n === 1 ? "1 link importado do Linktree" : `${n} links importados do Linktree`),
  /** The toast's line: what came along besides the links. */
  doneWith: (parts: readonly string[]) => (parts.length ? `Também vieram: ${parts.join(", ")}.` : "Nome, bio e foto da sua página ficaram como estavam."),
  cameName: "o nome",
  cameBio: "a bio",
  camePhoto: "a foto",
  failed: "Não foi possível importar. Tente novamente.",
};
