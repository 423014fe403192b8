// The settings' tabs, by the value `?aba=` names (the dashboard links to
// `/settings?aba=integracoes`). Apart from settings-tabs.tsx: the server page
// reads it, and a client module's exports are only references there.

export const SETTINGS_TABS = ["perfil", "senha", "seguranca", "integracoes"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab `?aba=` asks for, when it names one. */
export const settingsTab = (asked: unknown): SettingsTab | undefined => SETTINGS_TABS.find((t) => t === asked);
