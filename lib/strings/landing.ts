// pt-BR texts: landing (one part of lib/strings; see its index).

export const landingStrings = {
  title: "Todos os seus links em um só lugar",
  subtitle: "Crie sua página de links em segundos e compartilhe um único endereço no Instagram, no TikTok e no WhatsApp.",
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
} as const;
