// Every pt-BR text of the UI and the API, by feature. Quoted texts of
// shared/spec/product-spec.md are reproduced exactly.

export const APP_NAME = "Vitrine";

export const strings = {
  common: {
    loading: "Carregando...",
    cancel: "Cancelar",
    save: "Salvar",
    back: "Voltar",
    error: "Erro",
    close: "Fechar",
  },
  errors: {
    internal: "Erro interno do servidor",
    invalidInput: "Dados inválidos. Verifique os campos e tente novamente.",
    invalidJson: "O corpo da requisição não é um JSON válido.",
    unauthorized: "Você precisa entrar na sua conta.",
    forbidden: "Você não tem permissão para fazer isso.",
    crossSite: "Requisição de outra origem recusada.",
    notFound: "Não encontrado.",
    conflict: "Conflito com dados existentes.",
    payloadTooLarge: "O conteúdo enviado é grande demais.",
    unsupportedMediaType: "Formato não suportado.",
    rateLimited: "Muitas tentativas. Aguarde um pouco e tente novamente.",
    unavailable: "Serviço temporariamente indisponível. Tente novamente em instantes.",
    usernameTaken: "Este nome de usuário já está em uso",
    emailTaken: "Este e-mail já está em uso",
    required: "Campo obrigatório",
  },
  username: {
    empty: "Por favor, digite um nome de usuário",
    invalidLanding: "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (sem espaços)",
    invalidForm: "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)",
    taken: "Este nome de usuário já está em uso",
    checkFailed: "Erro ao verificar disponibilidade do nome de usuário",
  },
  layout: {
    signIn: "Entrar",
    signUp: "Cadastrar",
    dashboard: "Dashboard",
    home: "Página inicial",
    skipToContent: "Pular para o conteúdo",
    mainNav: "Navegação principal",
    footerTools: "Outras ferramentas",
    footerLinks: [
      { label: "Gerador de link para WhatsApp", href: "https://wa.me/" },
      { label: "Encurtador de links", href: "https://tinyurl.com/" },
      { label: "Baixar fotos do Instagram", href: "https://saveinsta.app/" },
    ],
    copyright: "© 2025 Vitrine Tecnologia Ltda. Todos os direitos reservados.",
  },
  landing: {
    title: "Todos os seus links em um só lugar",
    subtitle:
      "Crie sua página de links em segundos e compartilhe um único endereço no Instagram, no TikTok e no WhatsApp.",
    usernameLabel: "Escolha seu nome de usuário",
    usernamePlaceholder: "seunome",
    start: "Começar Grátis",
    checking: "Verificando...",
    orContinueWith: "ou continue com",
    featuresTitle: "Tudo o que você precisa para crescer",
    features: [
      { title: "Links ilimitados", text: "Adicione quantos links quiser e reordene com um simples arrastar." },
      { title: "Feito para o celular", text: "Uma página leve e rápida, pensada para quem chega pelo celular." },
      { title: "Estatísticas simples", text: "Acompanhe visitas ao perfil e cliques em cada link nos últimos 30 dias." },
      { title: "Perfil do seu jeito", text: "Personalize foto, capa, cores e estilo para combinar com a sua marca." },
    ],
    trust: "Grátis para sempre no plano básico. Sem cartão de crédito.",
  },
  notFound: {
    title: "Página não encontrada",
    text: "O endereço que você acessou não existe ou foi removido.",
    home: "Voltar para o início",
    profileTitle: "Perfil não encontrado",
    profileText: "Este perfil não existe ou foi removido.",
    linkTitle: "Link não encontrado",
    linkText: "Este link foi excluído ou não existe mais.",
    linkPrompt: "Deseja criar um link?",
    linkCta: "Acesse agora",
  },
} as const;
