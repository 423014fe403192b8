// Until the fifth release a click the short link sent to the installed app
// was stored under this source, in place of its network. Such clicks now keep
// their network and are counted apart (`sentToApp`, api.md, Fourth release
// put right); the rows stored before still show as 'Aberto no app'.
export const APP_SOURCE = "app";
